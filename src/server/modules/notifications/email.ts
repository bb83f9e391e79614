/**
 * The discovery-results e-mail, in the look of the transactional templates (mail/templates.ts):
 * a plain-text part and a simple HTML part, every value escaped.
 */
import { escapeHtml } from '../../render/escape';

const BRAND_BLUE = '#1d4ed8';
const INK = '#111827';
const MUTED = '#6b7280';

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
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:${INK}">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(subject)}</span>
<div style="max-width:560px;margin:0 auto;padding:32px 16px">
  <div style="font-size:22px;font-weight:700;color:${BRAND_BLUE};margin-bottom:24px">Vitae</div>
  <div style="background:#ffffff;border-radius:12px;padding:32px;border:1px solid #e5e7eb">
    <h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
    <p style="font-size:15px;line-height:1.6;margin:0 0 16px">${escapeHtml(intro)}</p>
    <ul style="font-size:15px;line-height:1.8;margin:0 0 16px;padding-left:20px">
      ${lines.map((line) => `<li>${escapeHtml(line.label)}: <strong>${line.count}</strong></li>`).join('\n      ')}
    </ul>
    <p style="margin:24px 0"><a href="${escapeHtml(reviewUrl)}" style="display:inline-block;background:${BRAND_BLUE};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">Review in the Discovery Lab</a></p>
    <p style="font-size:13px;line-height:1.5;color:${MUTED};margin:0">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(reviewUrl)}</span></p>
  </div>
  <p style="font-size:12px;line-height:1.5;color:${MUTED};margin:16px 8px">${escapeHtml(footnote)} <a href="${escapeHtml(settingsUrl)}" style="color:${MUTED}">Change notification settings</a></p>
</div></body></html>`;
  const text = [heading, '', intro, '', listText, '', `Review in the Discovery Lab: ${reviewUrl}`, '', footnote, `Change notification settings: ${settingsUrl}`].join('\n');
  return { subject, html, text };
}
