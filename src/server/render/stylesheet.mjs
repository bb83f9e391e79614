// A stylesheet of a server-rendered page built like the app's own: Tailwind's compiler with the
// app's design tokens (src/web/theme.css, which the stylesheet imports), so a token it names is the
// app's value and only the tokens it uses are written; then minified for inlining. The build runs it
// once and puts the result in the server bundle (scripts/build-server.mjs); tests and `npm run dev`
// run it once at start. Plain JavaScript so the build script can import it as it is.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** The CSS file at `file`, compiled and minified, without Tailwind's licence banner (nothing of Tailwind's own code is in it). */
export async function compileStylesheet(file) {
  const path = resolve(file);
  const { compile, optimize } = await import('@tailwindcss/node');
  const compiler = await compile(await readFile(path, 'utf8'), { base: dirname(path), onDependency: () => {} });
  const { code } = optimize(compiler.build([]), { minify: true });
  return code.replace(/^\/\*![^*]*\*\/\s*/, '').trim();
}
