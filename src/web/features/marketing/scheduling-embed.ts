/** How the landing page's demo section shows the scheduling service configured in `schedulingUrl`. */
export type SchedulingEmbed = { kind: 'none' } | { kind: 'calendly'; url: string; scriptUrl: string; stylesheetUrl: string } | { kind: 'iframe'; url: string };

export const CALENDLY_ASSETS = {
  scriptUrl: 'https://assets.calendly.com/assets/external/widget.js',
  stylesheetUrl: 'https://assets.calendly.com/assets/external/widget.css',
} as const;

function isCalendlyHost(hostname: string): boolean {
  return hostname === 'calendly.com' || hostname.endsWith('.calendly.com');
}

export function schedulingEmbedFor(schedulingUrl: string | null | undefined): SchedulingEmbed {
  if (!schedulingUrl) return { kind: 'none' };
  let url: URL;
  try {
    url = new URL(schedulingUrl);
  } catch {
    return { kind: 'none' };
  }
  // Anything but a web address (javascript:, data:) must never reach an iframe or a link.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'none' };
  if (isCalendlyHost(url.hostname)) return { kind: 'calendly', url: url.href, ...CALENDLY_ASSETS };
  return { kind: 'iframe', url: url.href };
}
