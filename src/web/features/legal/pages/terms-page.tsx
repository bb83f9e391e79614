import { Link } from 'react-router';
import { PRIVACY_EMAIL, SUPPORT_EMAIL } from '@web/lib/contact';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import { LEGAL_UPDATED } from '../legal-dates';

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    heading: 'Who we are',
    body: (
      <p>
        Vitae is an online service in which physicians and other clinicians build and keep up to date a professional profile, and in which hospitals and health
        systems manage those profiles for their organisation. In these terms, “we” and “us” means Vitae, and “you” means anyone who uses the service: providers,
        the staff who help them, and administrators.
      </p>
    ),
  },
  {
    id: 'agreement',
    heading: 'Your organisation’s agreement',
    body: (
      <p>
        Most people use Vitae because their hospital or health system has an agreement with us. Where that agreement says something different from these terms,
        the agreement wins. Your organisation decides which profile sections are required, who its administrators are, and where the finished profiles are
        published.
      </p>
    ),
  },
  {
    id: 'account',
    heading: 'Your account',
    body: (
      <ul>
        <li>Give accurate details when you create your account, and keep them current.</li>
        <li>Keep your password to yourself and sign out on shared computers. Magic links are personal: do not forward them.</li>
        <li>You are responsible for what happens under your account. Tell us at once at {SUPPORT_EMAIL} if you think someone else has used it.</li>
        <li>Staff who help a clinician with their profile should use their own account wherever their organisation allows it.</li>
      </ul>
    ),
  },
  {
    id: 'content',
    heading: 'Your profile content',
    body: (
      <>
        <p>
          What you write in your profile stays yours. You allow us to store it, show it to you and your organisation, process it to run the features you use,
          and pass it to the directories and websites your organisation chooses to publish it on.
        </p>
        <p>
          You are responsible for making sure your profile is true and up to date, in particular your credentials, licenses, board certifications and the
          conditions you treat. Administrators of your organisation can review and correct profile content.
        </p>
      </>
    ),
  },
  {
    id: 'ai',
    heading: 'AI-written drafts',
    body: (
      <p>
        Vitae can draft biographies and other text from your profile. Drafts are a starting point: they can contain mistakes or miss nuance. Read every draft
        and change it as needed before you approve it. Approved text is treated as your content.
      </p>
    ),
  },
  {
    id: 'registry',
    heading: 'Registry and directory data',
    body: (
      <p>
        Some details are filled in from the public NPI Registry or from your organisation’s directory or listing service. We show this information as we receive
        it and cannot guarantee that those sources are complete or current. If something is wrong, correct it in your profile; for registry records, update them
        with the registry as well.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable use',
    body: (
      <>
        <p>
          <strong>Vitae is not a medical record.</strong> Never enter patient names, identifiers or any other patient health information anywhere in Vitae,
          including in feedback and screenshots.
        </p>
        <ul>
          <li>Do not post anything unlawful, misleading, defamatory, or that infringes someone else’s rights.</li>
          <li>Do not try to reach accounts, hospitals or data you have not been given access to, or to get around security controls.</li>
          <li>Do not overload, scrape or reverse-engineer the service, or use it to send unsolicited messages.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'administrators',
    heading: 'Administrators',
    body: (
      <p>
        Hospital administrators manage the settings, locations, terms and users of their own hospital. System administrators operate the service across
        hospitals. Administrators must only use their access for their organisation’s legitimate purposes; administrative changes are recorded.
      </p>
    ),
  },
  {
    id: 'service',
    heading: 'Availability and changes',
    body: (
      <p>
        We work to keep Vitae available and secure, but there will be planned maintenance and, occasionally, unplanned interruptions. We improve the service
        continually and may change or retire features. If we make a material change to these terms, we will tell you before it takes effect.
      </p>
    ),
  },
  {
    id: 'ending',
    heading: 'Ending your use',
    body: (
      <p>
        You can stop using Vitae at any time; ask your organisation’s administrator or email {SUPPORT_EMAIL} to close your account. We may suspend an account
        that breaks these terms or puts the service or other users at risk. What happens to your data afterwards is described in our{' '}
        <Link to="/privacy">Privacy Policy</Link> and your organisation’s agreement.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Responsibility',
    body: (
      <p>
        Vitae helps organisations present information about their clinicians. It does not give medical advice and does not verify credentials on anyone’s
        behalf: credentialing remains the responsibility of your organisation. To the extent the law allows, the service is provided as it is, and our
        responsibility for losses is limited to what your organisation’s agreement sets out.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact',
    body: (
      <p>
        Questions about these terms: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. Questions about personal data:{' '}
        <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated={LEGAL_UPDATED}
      intro={
        <p>
          These terms explain what you can expect from Vitae and what we expect from you. We have kept them short and in plain language; please read them before
          you use the service.
        </p>
      }
      sections={SECTIONS}
    />
  );
}

export { TermsPage as Component };
