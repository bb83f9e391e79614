import { join } from 'node:path';
import { serverDir } from '../../paths';
import { compileStylesheet } from '../../render/stylesheet.mjs';

/** The public pages' stylesheet, in source (built with the app's tokens, see its header). */
export const DIRECTORY_STYLESHEET = join(serverDir, 'modules', 'directory', 'directory.css');

/** The built stylesheet, put in the server bundle by scripts/build-server.mjs; absent when running from source. */
declare const __DIRECTORY_CSS__: string | undefined;

// Built once per process (tests, `npm run dev`) or taken from the bundle: pages are rendered per
// request and must not touch the disk.
const stylesheet = typeof __DIRECTORY_CSS__ === 'string' ? __DIRECTORY_CSS__ : await compileStylesheet(DIRECTORY_STYLESHEET);

/** The stylesheet as every directory page inlines it. */
export function directoryStylesheet() {
  return stylesheet;
}
