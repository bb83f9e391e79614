import { z } from 'zod';

export const HELP_LIMITS = {
  title: 120,
  description: 300,
  icon: 60,
  question: 300,
  answer: 20_000,
  reorder: 500,
} as const;

export const HELP_MESSAGES = {
  titleRequired: 'Title is required',
  questionRequired: 'Question is required',
  answerRequired: 'Answer is required',
  icon: 'Icon must be a lucide icon name such as "book-open"',
  categoryNotFound: 'Help category not found',
  faqNotFound: 'Help question not found',
  categoryRequired: 'Choose a category',
  orderMismatch: (noun: string) => `The new order must list every ${noun} exactly once.`,
} as const;

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

const required = (max: number, message: string, label: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`);

const iconName = z
  .string()
  .trim()
  .max(HELP_LIMITS.icon, HELP_MESSAGES.icon)
  .regex(/^$|^[A-Za-z][A-Za-z0-9-]*$/, HELP_MESSAGES.icon)
  .nullish()
  .transform((value) => (value ? value : null));

export const helpCategoryCreateSchema = z
  .object({
    title: required(HELP_LIMITS.title, HELP_MESSAGES.titleRequired, 'Title'),
    icon: iconName,
    description: text(HELP_LIMITS.description, 'Description'),
    isActive: z.boolean().default(true),
    /** Omitted: after the last category. */
    displayOrder: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();

export const helpCategoryUpdateSchema = z
  .object({
    title: required(HELP_LIMITS.title, HELP_MESSAGES.titleRequired, 'Title').optional(),
    icon: iconName.optional(),
    description: text(HELP_LIMITS.description, 'Description').optional(),
    isActive: z.boolean().optional(),
    displayOrder: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();

export const helpFaqCreateSchema = z
  .object({
    categoryId: z.uuid(HELP_MESSAGES.categoryRequired),
    question: required(HELP_LIMITS.question, HELP_MESSAGES.questionRequired, 'Question'),
    answer: required(HELP_LIMITS.answer, HELP_MESSAGES.answerRequired, 'Answer'),
    isActive: z.boolean().default(true),
    displayOrder: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();

export const helpFaqUpdateSchema = z
  .object({
    /** Moving a question to another category puts it at the end of that category. */
    categoryId: z.uuid(HELP_MESSAGES.categoryRequired).optional(),
    question: required(HELP_LIMITS.question, HELP_MESSAGES.questionRequired, 'Question').optional(),
    answer: required(HELP_LIMITS.answer, HELP_MESSAGES.answerRequired, 'Answer').optional(),
    isActive: z.boolean().optional(),
    displayOrder: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();

export const helpOrderSchema = z
  .object({ ids: z.array(z.uuid()).max(HELP_LIMITS.reorder) })
  .strict()
  .refine((value) => new Set(value.ids).size === value.ids.length, { error: 'Each id may appear only once', path: ['ids'] });

export type HelpCategoryCreateInput = z.input<typeof helpCategoryCreateSchema>;
export type HelpCategoryUpdateInput = z.input<typeof helpCategoryUpdateSchema>;
export type HelpFaqCreateInput = z.input<typeof helpFaqCreateSchema>;
export type HelpFaqUpdateInput = z.input<typeof helpFaqUpdateSchema>;

// ── What the API returns ────────────────────────────────────────────────────────────────────

/** `GET /api/help`: published content, answers already rendered to safe HTML. */
export interface PublicHelpFaq {
  id: string;
  question: string;
  answerHtml: string;
}
export interface PublicHelpCategory {
  id: string;
  title: string;
  icon: string | null;
  description: string | null;
  faqs: PublicHelpFaq[];
}
export interface PublicHelpContent {
  categories: PublicHelpCategory[];
}

export interface HelpFaqDto {
  id: string;
  categoryId: string;
  question: string;
  /** Markdown as the editor typed it. */
  answer: string;
  displayOrder: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface HelpCategoryDto {
  id: string;
  title: string;
  icon: string | null;
  description: string | null;
  displayOrder: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  faqs: HelpFaqDto[];
}

export interface HelpCounts {
  categories: { total: number; active: number };
  faqs: { total: number; active: number };
}

// ── Markdown ────────────────────────────────────────────────────────────────────────────────

/*
 * A small Markdown renderer for help answers, shared by the server (which publishes the HTML) and
 * the editor's live preview, so what an admin previews is exactly what the Help Center shows.
 *
 * Safety comes from construction rather than from cleaning HTML afterwards: every character of the
 * source is emitted HTML-escaped, and the only markup ever produced is the fixed allow-list below
 * (p, h3–h6, ul, ol, li, blockquote, pre, code, strong, em, del, a, br, hr). The only attributes are
 * href (http, https, mailto or a relative path), rel and target on links, and a numeric start on ol. Raw HTML in the source is
 * shown as text; images are reduced to their alt text.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;

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


function link(textHtml: string, href: string) {
  const external = /^(https?:)/i.test(href);
  return `<a href="${escapeHtml(href)}" rel="noopener noreferrer"${external ? ' target="_blank"' : ''}>${textHtml}</a>`;
}

/** Index of the `]` closing the `[` at `open`, honouring nesting and escapes; -1 when none. */
function closingBracket(source: string, open: number) {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    const c = source[i];
    if (c === '\\') i += 1;
    else if (c === '[') depth += 1;
    else if (c === ']' && (depth -= 1) === 0) return i;
  }
  return -1;
}

/** `(url "title")` after a link's text: the url and the index after `)`. */
function linkTarget(source: string, start: number): { url: string; end: number } | null {
  if (source[start] !== '(') return null;
  let depth = 0;
  for (let i = start; i < source.length; i += 1) {
    const c = source[i];
    if (c === '\\') i += 1;
    else if (c === '(') depth += 1;
    else if (c === ')' && (depth -= 1) === 0) {
      const inner = source.slice(start + 1, i).trim();
      const match = /^<([^>]*)>|^(\S+)/.exec(inner);
      return { url: match ? (match[1] ?? match[2] ?? '') : '', end: i + 1 };
    }
    else if (c === '\n') return null;
  }
  return null;
}

const BARE_URL = /^(?:https?:\/\/|mailto:)[^\s<>"]*[^\s<>".,:;!?'")\]]/i;

/** Inline Markdown to HTML. `links` is false inside a link's text (no nested anchors). */
export function renderInline(source: string, links = true): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const rest = source.slice(i);

    if (c === '\\' && i + 1 < source.length && PUNCTUATION.test(source[i + 1]!)) {
      out += escapeHtml(source[i + 1]!);
      i += 2;
      continue;
    }
    if (c === '\\' && source[i + 1] === '\n') {
      out += '<br>';
      i += 2;
      continue;
    }
    if (c === '`') {
      const run = /^`+/.exec(rest)![0];
      const close = source.indexOf(run, i + run.length);
      if (close !== -1) {
        out += `<code>${escapeHtml(source.slice(i + run.length, close).replace(/\n/g, ' ').trim())}</code>`;
        i = close + run.length;
        continue;
      }
      out += escapeHtml(run);
      i += run.length;
      continue;
    }
    if (c === '!' && source[i + 1] === '[') {
      // Images are not published (tracking pixels, off-site content): the alt text stays.
      const close = closingBracket(source, i + 1);
      const target = close === -1 ? null : linkTarget(source, close + 1);
      if (target) {
        out += renderInline(source.slice(i + 2, close), false);
        i = target.end;
        continue;
      }
    }
    if (c === '[' && links) {
      const close = closingBracket(source, i);
      const target = close === -1 ? null : linkTarget(source, close + 1);
      if (target) {
        const textHtml = renderInline(source.slice(i + 1, close), false);
        const href = safeHref(target.url);
        out += href ? link(textHtml, href) : textHtml;
        i = target.end;
        continue;
      }
    }
    if (c === '<' && links) {
      const auto = /^<((?:https?:\/\/|mailto:)[^\s<>]+)>/i.exec(rest);
      if (auto) {
        const href = safeHref(auto[1]!);
        out += href ? link(escapeHtml(auto[1]!), href) : escapeHtml(auto[0]);
        i += auto[0].length;
        continue;
      }
    }
    if (links && (c === 'h' || c === 'H' || c === 'm' || c === 'M') && (i === 0 || /[\s(]/.test(source[i - 1]!))) {
      const bare = BARE_URL.exec(rest);
      if (bare) {
        const href = safeHref(bare[0]);
        out += href ? link(escapeHtml(bare[0].replace(/^mailto:/i, '')), href) : escapeHtml(bare[0]);
        i += bare[0].length;
        continue;
      }
    }
    if ((c === '*' || c === '_' || c === '~') && source[i + 1] === c) {
      const marker = c + c;
      const close = source.indexOf(marker, i + 2);
      const wordStart = c !== '_' || i === 0 || !/[\p{L}\p{N}]/u.test(source[i - 1]!);
      if (close > i + 2 && wordStart && !/\s/.test(source[i + 2]!) && !/\s/.test(source[close - 1]!)) {
        const tag = c === '~' ? 'del' : 'strong';
        out += `<${tag}>${renderInline(source.slice(i + 2, close), links)}</${tag}>`;
        i = close + 2;
        continue;
      }
    }
    if (c === '*' || c === '_') {
      const wordStart = c !== '_' || i === 0 || !/[\p{L}\p{N}]/u.test(source[i - 1]!);
      let close = -1;
      for (let j = i + 1; j < source.length; j += 1) {
        if (source[j] === '\\') j += 1;
        else if (source[j] === c && source[j + 1] !== c && source[j - 1] !== c) {
          close = j;
          break;
        }
      }
      const wordEnd = close !== -1 && (c !== '_' || close === source.length - 1 || !/[\p{L}\p{N}]/u.test(source[close + 1]!));
      if (close > i + 1 && wordStart && wordEnd && !/\s/.test(source[i + 1]!) && !/\s/.test(source[close - 1]!)) {
        out += `<em>${renderInline(source.slice(i + 1, close), links)}</em>`;
        i = close + 1;
        continue;
      }
    }
    if (c === '\n') {
      // Two trailing spaces make a hard break; otherwise a newline inside a paragraph is a space.
      out = out.endsWith('  ') ? `${out.replace(/ +$/, '')}<br>` : `${out.replace(/ +$/, '')}\n`;
      i += 1;
      continue;
    }
    out += escapeHtml(c);
    i += 1;
  }
  return out;
}

type ListKind = 'ul' | 'ol';
const LIST_ITEM = /^ {0,3}(?:([-*+])|(\d{1,9})[.)])[ \t]+(.*)$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const RULE = /^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const QUOTE = /^ {0,3}> ?(.*)$/;

/** Markdown to the safe HTML subset described above. */
export function renderMarkdown(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
  const html: string[] = [];
  let i = 0;

  const isBlockStart = (line: string) => FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || LIST_ITEM.test(line);

  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i += 1;
      continue;
    }

    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence[1]!)) body.push(lines[i++]!);
      i += 1;
      html.push(`<pre><code>${escapeHtml(body.join('\n'))}</code></pre>`);
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      // Answers sit under the page's h2 category titles, so "#" becomes h3.
      const level = Math.min(6, heading[1]!.length + 2);
      html.push(`<h${level}>${renderInline(heading[2]!)}</h${level}>`);
      i += 1;
      continue;
    }

    if (RULE.test(line)) {
      html.push('<hr>');
      i += 1;
      continue;
    }

    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && lines[i]!.trim() && QUOTE.test(lines[i]!)) body.push(QUOTE.exec(lines[i++]!)![1]!);
      html.push(`<blockquote>${renderMarkdown(body.join('\n'))}</blockquote>`);
      continue;
    }

    const first = LIST_ITEM.exec(line);
    if (first) {
      const kind: ListKind = first[1] ? 'ul' : 'ol';
      const items: string[][] = [];
      let loose = false;
      while (i < lines.length) {
        const current = lines[i]!;
        const item = LIST_ITEM.exec(current);
        if (item && (item[1] ? 'ul' : 'ol') === kind) {
          items.push([item[3]!]);
          i += 1;
          continue;
        }
        if (!current.trim()) {
          // A blank line continues the list only when the next line is another item or indented.
          const next = lines[i + 1];
          const nextItem = next === undefined ? null : LIST_ITEM.exec(next);
          if (next !== undefined && ((nextItem && (nextItem[1] ? 'ul' : 'ol') === kind) || /^ {2,}\S/.test(next))) {
            loose = true;
            items.at(-1)!.push('');
            i += 1;
            continue;
          }
          break;
        }
        if (/^ {2,}\S/.test(current) || !isBlockStart(current)) {
          items.at(-1)!.push(current.replace(/^ {2,4}/, ''));
          i += 1;
          continue;
        }
        break;
      }
      const start = kind === 'ol' && first[2] && first[2] !== '1' ? ` start="${Number(first[2])}"` : '';
      const rendered = items.map((body) => {
        const inner = renderMarkdown(body.join('\n'));
        // Tight lists keep their items as bare text, as Markdown renderers do.
        return `<li>${loose ? inner : inner.replace(/^<p>([\s\S]*?)<\/p>/, '$1')}</li>`;
      });
      html.push(`<${kind}${start}>${rendered.join('')}</${kind}>`);
      continue;
    }

    const paragraph: string[] = [];
    while (i < lines.length && lines[i]!.trim() && (paragraph.length === 0 || !isBlockStart(lines[i]!))) paragraph.push(lines[i++]!);
    html.push(`<p>${renderInline(paragraph.join('\n').trim())}</p>`);
  }
  return html.join('\n');
}

/** Plain text of an answer, for search: Markdown syntax and link targets dropped. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_~`>#]+/g, ' ')
    .replace(/^\s*(?:[-+]|\d+[.)])\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}
