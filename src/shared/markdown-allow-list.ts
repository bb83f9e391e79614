/**
 * The tags and attributes the Markdown renderer (`./markdown.ts`) can produce. Kept apart from the
 * renderer so the browser's sanitiser can use the list without loading markdown-it.
 */
export const MARKDOWN_TAGS = ['p', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'strong', 'em', 'del', 'a', 'br', 'hr'] as const;
export const MARKDOWN_ATTRIBUTES = ['href', 'rel', 'target', 'start'] as const;
