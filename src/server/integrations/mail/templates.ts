/**
 * Branded transactional e-mails. Every message has a plain-text part and a simple, table-free HTML
 * part that renders in common mail clients. Values are escaped; links are built by the caller.
 */
import { translator, type Locale } from '../../modules/directory/i18n/locale';
import { emailHtml, emailParagraph } from '../../render/email';
import { escapeHtml } from '../../render/escape';

interface Layout {
  preheader: string;
  heading: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footnote: string;
  /** The e-mail's language (`<html lang>`) and its words for the link under the button; English unless given. */
  lang?: string;
  copyHint?: string;
}

function render({ preheader, heading, paragraphs, action, footnote, lang, copyHint }: Layout) {
  const html = emailHtml({ lang, preheader, heading, blocks: paragraphs.map(emailParagraph), action, copyHint, footnote: escapeHtml(footnote) });
  const text = [heading, '', ...paragraphs.flatMap((p) => [p, '']), `${action.label}: ${action.url}`, '', footnote].join('\n');
  return { html, text };
}

export function magicLinkEmail(url: string, options: { admin: boolean; expiresInMinutes: number }) {
  const subject = options.admin ? 'Your Vitae admin sign-in link' : 'Your Vitae sign-in link';
  return {
    subject,
    ...render({
      preheader: 'Use this link to sign in to Vitae.',
      heading: options.admin ? 'Sign in to the Vitae admin console' : 'Sign in to Vitae',
      paragraphs: [
        'Someone (hopefully you) asked to sign in to Vitae with this e-mail address.',
        `The link works once and expires in ${options.expiresInMinutes} minutes.`,
      ],
      action: { label: 'Sign in', url },
      footnote: 'If you did not ask for this, you can ignore this e-mail: nobody can sign in without the link.',
    }),
  };
}

export function verificationEmail(url: string) {
  return {
    subject: 'Confirm your e-mail address for Vitae',
    ...render({
      preheader: 'Confirm your e-mail address to finish setting up Vitae.',
      heading: 'Confirm your e-mail address',
      paragraphs: ['Thanks for joining Vitae. Please confirm that this is your e-mail address.'],
      action: { label: 'Confirm e-mail address', url },
      footnote: 'If you did not create a Vitae account, you can ignore this e-mail.',
    }),
  };
}

export function passwordResetEmail(url: string, expiresInMinutes: number) {
  return {
    subject: 'Reset your Vitae password',
    ...render({
      preheader: 'Choose a new password for Vitae.',
      heading: 'Reset your password',
      paragraphs: [
        'We received a request to reset the password of your Vitae account.',
        `The link expires in ${expiresInMinutes} minutes. Choosing a new password signs you out everywhere else.`,
      ],
      action: { label: 'Choose a new password', url },
      footnote: 'If you did not ask for a new password, ignore this e-mail; your password stays as it is.',
    }),
  };
}

export function adminInviteEmail(url: string, options: { role: string; hospitalName: string | null; expiresInMinutes: number }) {
  const where = options.hospitalName ? ` for ${options.hospitalName}` : '';
  return {
    subject: 'You have been invited to the Vitae admin console',
    ...render({
      preheader: 'Set a password for your Vitae administrator account.',
      heading: 'Welcome to the Vitae admin console',
      paragraphs: [
        `An administrator created a ${options.role === 'system_admin' ? 'system administrator' : 'hospital administrator'} account${where} for this e-mail address.`,
        `Set your password with the link below; it expires in ${options.expiresInMinutes} minutes. You sign in to the console with a magic link sent to this address.`,
      ],
      action: { label: 'Set your password', url },
      footnote: 'If you were not expecting this, contact your Vitae administrator.',
    }),
  };
}

/** An appointment request for the practice: the details they need to call back (decision 0021). */
export function appointmentRequestEmail(options: {
  providerName: string;
  hospitalName: string;
  consoleUrl: string;
  details: {
    name: string;
    phone: string | null;
    email: string | null;
    patient: 'new' | 'existing';
    preferredTimes: string | null;
    insurance: string | null;
    reason: string | null;
  };
}) {
  const { details } = options;
  const lines = [
    `Name: ${details.name}`,
    `Phone: ${details.phone ?? 'not given'}`,
    `E-mail: ${details.email ?? 'not given'}`,
    `Patient: ${details.patient === 'new' ? 'new patient' : 'existing patient'}`,
    `Preferred days and times: ${details.preferredTimes ?? 'not given'}`,
    `Insurance: ${details.insurance ?? 'not given'}`,
    `Reason, in their words: ${details.reason ?? 'not given'}`,
  ];
  return {
    subject: `Appointment request for ${options.providerName}`,
    ...render({
      preheader: `A patient asked for an appointment with ${options.providerName}.`,
      heading: `Appointment request for ${options.providerName}`,
      paragraphs: [
        `Someone asked for an appointment with ${options.providerName} at ${options.hospitalName} through the public directory. Please contact them.`,
        ...lines,
      ],
      action: { label: 'See the requests in Vitae', url: options.consoleUrl },
      footnote: 'This message contains health information. Do not forward it outside your practice. Mark the request contacted, booked or closed in Vitae.',
    }),
  };
}

/** The requester's confirmation: that it arrived and who will call; not the reason (mailboxes are shared and kept). */
/** The requester's confirmation, in the language of the page they sent the request from (the directory's catalogue, decision 0022). */
export function appointmentConfirmationEmail(options: {
  providerName: string;
  hospitalName: string;
  hospitalPhone: string | null;
  pageUrl: string;
  locale?: Locale;
}) {
  const locale = options.locale ?? 'en';
  const t = translator(locale);
  const name = options.providerName;
  return {
    subject: t('mail.subject', { name }),
    ...render({
      lang: locale,
      preheader: t('mail.preheader', { hospital: options.hospitalName }),
      heading: t('mail.heading'),
      paragraphs: [
        t('mail.body', { name, hospital: options.hospitalName }),
        options.hospitalPhone ? t('mail.callSooner', { phone: options.hospitalPhone }) : t('mail.callPractice'),
        t('mail.emergency'),
      ],
      action: { label: t('mail.action', { name }), url: options.pageUrl },
      footnote: t('mail.footnote'),
      copyHint: t('mail.copyHint'),
    }),
  };
}
