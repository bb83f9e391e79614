/**
 * The completion reminder an administrator sends from the console dashboard: plain text and a
 * simple HTML part in the layout of Vitae's e-mails (render/email.ts), every value escaped.
 */
import { emailHtml, emailParagraph } from '../../render/email';

export function completionReminderEmail({ name, completion, dashboardUrl }: { name: string; completion: number; dashboardUrl: string }) {
  const subject = 'Your Vitae profile is not finished yet';
  const intro = `Hello ${name}, your hospital asked us to remind you: your profile is ${completion}% complete. Patients and colleagues see a finished profile only.`;
  const next = 'Your dashboard lists what is still missing, one step at a time. Most sections take a few minutes.';
  const html = emailHtml({
    heading: subject,
    blocks: [emailParagraph(intro), emailParagraph(next)],
    action: { label: 'Open my dashboard', url: dashboardUrl },
  });
  const text = [subject, '', intro, '', next, '', `Open my dashboard: ${dashboardUrl}`].join('\n');
  return { subject, html, text, link: dashboardUrl };
}
