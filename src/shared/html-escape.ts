const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe to put in HTML, as an element's content or a quoted attribute's value: the five
 * characters that could end either are written as entities. The one definition, for the Markdown
 * renderer (shared with the browser) and every HTML the server writes by hand (src/server/render).
 */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
