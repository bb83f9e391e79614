// How text and data go into the HTML the server writes (pages, e-mails, the development outbox): the
// one escape for text and attribute values, and the one way to put JSON inside a `<script>` element.
// React escapes what it renders; these are for the HTML written around it or by hand.
export { escapeHtml } from '../../shared/html-escape';

/**
 * JSON to put inside a `<script>` element (JSON-LD on the directory's pages, the dashboard's server
 * state): every `<` is written `\u003c`, so no `</script>` or `<!--` in the data can end or bend the
 * element, and the JSON still parses to the same value.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
