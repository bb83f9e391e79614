import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { MARKDOWN_ATTRIBUTES, MARKDOWN_TAGS } from '@shared/markdown-allow-list';
import { cn } from '@web/lib/cn';

/** Only what the Markdown renderer can produce survives; anything else is removed, not escaped. */
export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: [...MARKDOWN_TAGS], ALLOWED_ATTR: [...MARKDOWN_ATTRIBUTES], ALLOW_DATA_ATTR: false });
}

/**
 * Help answers as HTML. The HTML comes from our Markdown renderer (`renderMarkdown` in
 * @shared/markdown: markdown-it, raw HTML off, links on an allow-list), and is passed through
 * DOMPurify with the renderer's own tag and attribute list before it reaches the page.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return (
    <div
      className={cn(
        'text-sm leading-7 text-gray-700',
        '[&>*+*]:mt-3 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-800',
        '[&_strong]:font-semibold [&_strong]:text-gray-900 [&_em]:italic [&_del]:line-through',
        '[&_ul]:list-disc [&_ol]:list-decimal [&_ul,&_ol]:space-y-1 [&_ul,&_ol]:pl-5',
        '[&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-gray-900 [&_h4,&_h5,&_h6]:font-semibold [&_h4,&_h5,&_h6]:text-gray-900',
        '[&_blockquote]:border-l-4 [&_blockquote]:border-gray-200 [&_blockquote]:pl-4 [&_blockquote]:text-gray-600',
        '[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] [&_code]:text-gray-900',
        '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-gray-900 [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:text-gray-100',
        '[&_hr]:border-gray-200',
        className,
      )}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

/** The words of an answer, for searching: tags dropped, the few entities we emit decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
