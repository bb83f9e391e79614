// The HTML part of Vitae's own e-mails (sign-in, verification, reset, invitations, appointment
// requests, discovery results, completion reminders): one simple, table-free layout that renders in
// common mail clients, every value escaped here. Each e-mail says what it holds; this says how it looks.
import { escapeHtml } from './escape';

const BRAND_BLUE = '#1d4ed8';
const INK = '#111827';
const MUTED = '#6b7280';

export interface EmailLayout {
  /** `<html lang>`; English unless given. */
  lang?: string;
  /** The document's title; the heading unless given. */
  title?: string;
  /** The line some mail clients show after the subject; none unless given. */
  preheader?: string;
  heading: string;
  /** The message between heading and button, as blocks from `emailParagraph` and `emailList`. */
  blocks: string[];
  action: { label: string; url: string };
  /** The words before the button's address, for clients that do not show the button. */
  copyHint?: string;
  /** The small print under the card, as HTML (`escapeHtml` its text; `emailFootnoteLink` for a link); none unless given. */
  footnote?: string;
}

export const emailParagraph = (text: string) => `<p style="font-size:15px;line-height:1.6;margin:0 0 16px">${escapeHtml(text)}</p>`;

/** A list of labels with a count each. */
export const emailCountList = (lines: Array<{ label: string; count: number }>) => `<ul style="font-size:15px;line-height:1.8;margin:0 0 16px;padding-left:20px">
      ${lines.map((line) => `<li>${escapeHtml(line.label)}: <strong>${line.count}</strong></li>`).join('\n      ')}
    </ul>`;

export const emailFootnoteLink = (label: string, url: string) => `<a href="${escapeHtml(url)}" style="color:${MUTED}">${escapeHtml(label)}</a>`;

export function emailHtml({
  lang = 'en',
  title,
  preheader,
  heading,
  blocks,
  action,
  copyHint = 'If the button does not work, copy this address into your browser:',
  footnote,
}: EmailLayout) {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title ?? heading)}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:${INK}">
${preheader === undefined ? '' : `<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</span>\n`}<div style="max-width:560px;margin:0 auto;padding:32px 16px">
  <div style="font-size:22px;font-weight:700;color:${BRAND_BLUE};margin-bottom:24px">Vitae</div>
  <div style="background:#ffffff;border-radius:12px;padding:32px;border:1px solid #e5e7eb">
    <h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
    ${blocks.join('\n    ')}
    <p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:${BRAND_BLUE};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(action.label)}</a></p>
    <p style="font-size:13px;line-height:1.5;color:${MUTED};margin:0">${escapeHtml(copyHint)}<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>
  </div>
${footnote === undefined ? '' : `  <p style="font-size:12px;line-height:1.5;color:${MUTED};margin:16px 8px">${footnote}</p>\n`}</div></body></html>`;
}
