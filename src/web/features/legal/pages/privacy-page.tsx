import { Link } from 'react-router';
import { PRIVACY_EMAIL } from '@web/lib/contact';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import { LEGAL_UPDATED } from '../legal-dates';

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    heading: 'Who we are',
    body: (
      <p>
        Vitae provides professional profiles for clinicians working in hospitals and health systems. When your organisation gives you access to Vitae, it
        decides what profile information is collected and how it is used, and we handle that information on its behalf. For our own website, sign-up and
        support, we decide, and this policy explains how.
      </p>
    ),
  },
  {
    id: 'data-we-hold',
    heading: 'Information we hold',
    body: (
      <ul>
        <li>
          <strong>Account details:</strong> your name, email address, organisation and role. Passwords are stored only as a one-way hash; nobody at Vitae can
          read them.
        </li>
        <li>
          <strong>Your professional profile:</strong> the nine profile sections, such as credentials, NPI number, specialties, licenses, education, practice
          details and locations, languages, biography, publications, clinical trials, media and areas of expertise.
        </li>
        <li>
          <strong>Administrator records:</strong> administrator accounts and roles, and a log of the changes administrators make.
        </li>
        <li>
          <strong>Feedback you send:</strong> what you write, an optional screenshot, and technical context such as your browser, operating system, the page you
          were on and recent error messages.
        </li>
        <li>
          <strong>Technical records:</strong> request and error logs, including IP addresses, kept to run and secure the service. Passwords, tokens and contact
          details are masked before anything is logged.
        </li>
      </ul>
    ),
  },
  {
    id: 'npi',
    heading: 'Public registry information',
    body: (
      <p>
        NPI numbers, and the names, addresses, taxonomies and licenses recorded with them, are published by the U.S. federal government in the NPI Registry.
        When you enter your NPI, we look it up there to fill in your profile. This information is already public; we use it to save you typing, and you can
        correct or override it in your profile.
      </p>
    ),
  },
  {
    id: 'no-phi',
    heading: 'No patient health information',
    body: (
      <p>
        Vitae holds information about clinicians, not about patients. We do not ask for, and do not store, protected health information. Please do not enter
        patient details anywhere in Vitae, including in feedback or screenshots. If we find any, we delete it.
      </p>
    ),
  },
  {
    id: 'use',
    heading: 'How we use information',
    body: (
      <>
        <ul>
          <li>To build and show your profile, and to share it with your organisation and the directories and websites it publishes to.</li>
          <li>To draft biographies when you ask: the relevant profile fields are sent to the AI writing service we use, only to produce that draft.</li>
          <li>To sign you in, keep accounts secure, and investigate errors and misuse.</li>
          <li>To answer your questions and improve Vitae based on the feedback you send.</li>
        </ul>
        <p>We do not sell personal information and we do not use it for advertising.</p>
      </>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies',
    body: (
      <>
        <p>We use cookies only to keep you signed in and to protect your session. We do not use advertising or cross-site tracking cookies.</p>
        <p>
          Where error reporting is switched on, it records technical details of errors and may keep a short replay of the screen around an error, with
          everything you type masked. If you open the demo scheduler on our home page, the scheduling provider may set its own cookies under its own privacy
          policy.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    heading: 'Who we share it with',
    body: (
      <ul>
        <li>Administrators of your own organisation, who can see and manage its profiles.</li>
        <li>
          Service providers that help us run Vitae, such as hosting, email delivery, error reporting, AI drafting and scheduling, under contracts that limit
          them to that work.
        </li>
        <li>Authorities, where the law requires it.</li>
      </ul>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep it',
    body: (
      <p>
        Profile and account information is kept while your account is active and for as long as your organisation’s agreement requires. Feedback and technical
        logs are kept for shorter periods, only as long as they help us support you and secure the service. After that, information is deleted or made
        anonymous.
      </p>
    ),
  },
  {
    id: 'security',
    heading: 'Security',
    body: (
      <p>
        All traffic to Vitae is encrypted. Each hospital’s data is kept apart from every other hospital’s, administrators see only their own organisation, and
        administrative changes are recorded. Sessions end after a period of inactivity.
      </p>
    ),
  },
  {
    id: 'choices',
    heading: 'Your choices',
    body: (
      <p>
        You can see and correct most of your information yourself in your profile. To get a copy of your information, or to have it deleted, contact your
        organisation’s administrator or email us. Depending on where you live, you may have further rights, and we will help you use them.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact and changes',
    body: (
      <p>
        Email <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a> with any privacy question or request. If we change this policy in a way that matters, we
        will update the date above and let you know. See also our <Link to="/terms">Terms of Service</Link>.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={LEGAL_UPDATED}
      intro={
        <p>
          This policy explains what information Vitae holds, why, and the choices you have. The short version: we keep professional information about
          clinicians, never patient records, and we use cookies only to keep you signed in.
        </p>
      }
      sections={SECTIONS}
    />
  );
}

export { PrivacyPage as Component };
