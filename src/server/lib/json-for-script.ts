/**
 * JSON to put inside a `<script>` element (JSON-LD on the directory's pages, the dashboard's server
 * state): every `<` is written `\u003c`, so no `</script>` or `<!--` in the data can end or bend the
 * element, and the JSON still parses to the same value. The one place server-rendered pages do this.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
