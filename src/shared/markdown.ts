import MarkdownIt from 'markdown-it';
import { escapeHtml } from './html-escape';

/*
 * The one Markdown renderer for what we show as formatted text (help answers, by the server that
 * publishes them and by the editor's live preview, so the preview is exactly what the Help Center
 * shows): markdown-it, CommonMark with strikethrough and bare-URL links, raw HTML off (shown as
 * text). What it may produce is a fixed set: p, h3–h6 (answers sit under the page's h2 titles, so
 * "#" becomes h3), ul, ol, li, blockquote, pre, code, strong, em, del, a, br, hr. Links keep only
 * http, https, mailto or an on-site relative target (`safeHref`) and always carry
 * rel="noopener noreferrer"; images are reduced to their alt text; tables are not parsed. The browser
 * also passes the HTML through DOMPurify with the same allow-list (`./markdown-allow-list.ts`)
 * before inserting it.
 */

export { escapeHtml };

/** Any origin of ours: relative links are resolved against it only to see whether they leave it. */
const RELATIVE_BASE = new URL('https://vitae.invalid/help/');

/** The href to emit, or null when the link must be dropped to its text. */
export function safeHref(raw: string): string | null {
  // Browsers ignore tabs, newlines and leading control characters in URLs ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const url = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!url) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (scheme) return ['http', 'https', 'mailto'].includes(scheme[1]!.toLowerCase()) ? url : null;
  // A colon before any slash, query or fragment would be read as a scheme by some parsers.
  const colon = url.indexOf(':');
  if (colon !== -1 && !/[/?#]/.test(url.slice(0, colon))) return null;
  // A relative link must stay on our site as a browser resolves it: the WHATWG URL parser reads
  // "//host", "/\host" and "\\host" as another host, which would leave the site without saying so.
  let resolved: URL;
  try {
    resolved = new URL(url, RELATIVE_BASE);
  } catch {
    return null;
  }
  return resolved.origin === RELATIVE_BASE.origin ? url : null;
}

function createRenderer() {
  const md = new MarkdownIt('default', { html: false, linkify: true, typographer: false });
  md.disable(['table']);
  // Checked on the normalised URL markdown-it would emit, for written links and bare URLs alike.
  md.validateLink = (url) => safeHref(url) !== null;
  md.core.ruler.push('vitae_tags', (state) => {
    const retag = (token: { type: string; tag: string }) => {
      if (token.type === 'heading_open' || token.type === 'heading_close') token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 2)}`;
      if (token.type === 's_open' || token.type === 's_close') token.tag = 'del';
    };
    for (const token of state.tokens) {
      retag(token);
      for (const child of token.children ?? []) retag(child);
    }
  });
  md.renderer.rules.link_open = (tokens, index, options, _env, self) => {
    const token = tokens[index]!;
    // Only the href is kept (a link's title is not on the allow-list).
    token.attrs = (token.attrs ?? []).filter(([name]) => name === 'href');
    token.attrSet('rel', 'noopener noreferrer');
    if (/^https?:/i.test(String(token.attrGet('href') ?? ''))) token.attrSet('target', '_blank');
    return self.renderToken(tokens, index, options);
  };
  md.renderer.rules.image = (tokens, index, options, env, self) => escapeHtml(self.renderInlineAsText(tokens[index]!.children ?? [], options, env));
  return md;
}

let renderer: ReturnType<typeof createRenderer> | null = null;

/** The configured markdown-it, for code that reads its tokens (the plain text of outside services' Markdown). */
export function markdownParser() {
  renderer ??= createRenderer();
  return renderer;
}

/** Markdown to the safe HTML subset described above. */
export function renderMarkdown(markdown: string): string {
  return markdownParser().render(markdown).trim();
}
