/**
 * The completion reminder an administrator sends from the console dashboard: plain text and a
 * simple HTML part in the look of the other transactional e-mails, every value escaped.
 */
import { escapeHtml } from '../../render/escape';

const BRAND_BLUE = '#1d4ed8';
const INK = '#111827';
const MUTED = '#6b7280';

export function completionReminderEmail({ name, completion, dashboardUrl }: { name: string; completion: number; dashboardUrl: string }) {
  const subject = 'Your Vitae profile is not finished yet';
  const intro = `Hello ${name}, your hospital asked us to remind you: your profile is ${completion}% complete. Patients and colleagues see a finished profile only.`;
  const next = 'Your dashboard lists what is still missing, one step at a time. Most sections take a few minutes.';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:${INK}">
<div style="max-width:560px;margin:0 auto;padding:32px 16px">
  <div style="font-size:22px;font-weight:700;color:${BRAND_BLUE};margin-bottom:24px">Vitae</div>
  <div style="background:#ffffff;border-radius:12px;padding:32px;border:1px solid #e5e7eb">
    <h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
    <p style="font-size:15px;line-height:1.6;margin:0 0 16px">${escapeHtml(intro)}</p>
    <p style="font-size:15px;line-height:1.6;margin:0 0 16px">${escapeHtml(next)}</p>
    <p style="margin:24px 0"><a href="${escapeHtml(dashboardUrl)}" style="display:inline-block;background:${BRAND_BLUE};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">Open my dashboard</a></p>
    <p style="font-size:13px;line-height:1.5;color:${MUTED};margin:0">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(dashboardUrl)}</span></p>
  </div>
</div></body></html>`;
  const text = [subject, '', intro, '', next, '', `Open my dashboard: ${dashboardUrl}`].join('\n');
  return { subject, html, text, link: dashboardUrl };
}
