import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverDir } from '../../paths';

/** Where the public pages' stylesheet sits, in source and next to the bundle alike (the build copies it, minified). */
export const DIRECTORY_STYLESHEET = join(serverDir, 'modules', 'directory', 'directory.css');

/** Comments and runs of white space are dropped: the stylesheet is inlined into every page. */
export const compactCss = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();

let cached: string | null = null;

/** The stylesheet, read once per process: pages are rendered per request and must not touch the disk. */
export function directoryStylesheet() {
  cached ??= compactCss(readFileSync(DIRECTORY_STYLESHEET, 'utf8'));
  return cached;
}
