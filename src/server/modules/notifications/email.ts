/**
 * The discovery-results e-mail, in the layout of Vitae's e-mails (render/email.ts):
 * a plain-text part and a simple HTML part, every value escaped.
 */
import { emailCountList, emailFootnoteLink, emailHtml, emailParagraph } from '../../render/email';
import { escapeHtml } from '../../render/escape';

export interface DiscoveryEmailInput {
  name: string;
  /** Only the categories the provider receives e-mail for, with at least one new item. */
  lines: Array<{ label: string; count: number }>;
  reviewUrl: string;
  settingsUrl: string;
  scheduled: boolean;
}

export function discoveryResultsEmail({ name, lines, reviewUrl, settingsUrl, scheduled }: DiscoveryEmailInput) {
  const total = lines.reduce((sum, line) => sum + line.count, 0);
  const subject = `${total} new ${total === 1 ? 'item' : 'items'} found for your Vitae profile`;
  const heading = scheduled ? 'Your scheduled search found new items' : 'Your search found new items';
  const intro = `Hello ${name}, discovery found items that may belong on your profile. Nothing is added until you approve it.`;
  const listText = lines.map((line) => `- ${line.label}: ${line.count}`).join('\n');
  const footnote = 'You receive this because discovery e-mails are on in your notification settings.';
  const html = emailHtml({
    preheader: subject,
    heading,
    blocks: [emailParagraph(intro), emailCountList(lines)],
    action: { label: 'Review in the Discovery Lab', url: reviewUrl },
    footnote: `${escapeHtml(footnote)} ${emailFootnoteLink('Change notification settings', settingsUrl)}`,
  });
  const text = [
    heading,
    '',
    intro,
    '',
    listText,
    '',
    `Review in the Discovery Lab: ${reviewUrl}`,
    '',
    footnote,
    `Change notification settings: ${settingsUrl}`,
  ].join('\n');
  return { subject, html, text };
}
