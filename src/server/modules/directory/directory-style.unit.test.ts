import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileStylesheet } from '../../render/stylesheet.mjs';
import { directoryStylesheet } from './directory-style';
import { documentHtml } from './frame';

// Issue 33 item 6: the public pages use the app's design tokens, from a real stylesheet file built
// with them (issue 38 item 4), with targets of at least 24 px (WCAG 2.2 2.5.8), checkboxes included.

const appTheme = readFileSync(new URL('../../../web/theme.css', import.meta.url), 'utf8');
// As built: the tokens' values come from the app's theme, minified (no space after a comma).
const directory = directoryStylesheet();
const declarations = (css: string) => new Map([...css.matchAll(/(--[a-z0-9-]+):\s*([^;}]+)[;}]/g)].map((m) => [m[1]!, m[2]!.trim().replace(/,\s+/g, ',')]));

describe('the directory stylesheet', () => {
  it('uses the app theme’s brand colours and font, unchanged', () => {
    const theme = declarations(appTheme.slice(appTheme.indexOf('@theme')));
    const ours = declarations(directory);
    const shared = [...ours.keys()].filter((name) => name.startsWith('--color-brand-') || name === '--font-sans');
    expect(shared.length).toBeGreaterThanOrEqual(5);
    for (const name of shared) expect(ours.get(name), name).toBe(theme.get(name));
  });

  it('is inlined into every page, with the hospital’s colour as --brand (the app’s brand-600 by default)', () => {
    const page = documentHtml({ title: 't', description: 'd', canonical: 'https://x.example/', brandColor: null }, null);
    expect(page).toContain(directoryStylesheet());
    expect(page).toContain(':root{--brand:#1b55a6}');
    expect(declarations(appTheme).get('--color-brand-600')).toBe('#1b55a6');
    expect(documentHtml({ title: 't', description: 'd', canonical: 'https://x.example/', brandColor: '#0f766e' }, null)).toContain(':root{--brand:#0f766e}');
    // A colour that is not #rrggbb never reaches the stylesheet.
    expect(documentHtml({ title: 't', description: 'd', canonical: 'https://x.example/', brandColor: 'red}body{display:none' }, null)).toContain(
      ':root{--brand:#1b55a6}',
    );
  });

  it('makes checkboxes, radios and small links at least 24 px to tap', () => {
    const css = directoryStylesheet();
    expect(css).toContain('--target:1.5rem');
    expect(css).toMatch(/input\[type=checkbox\],input\[type=radio\]\{width:var\(--target\);height:var\(--target\)/);
    for (const selector of ['.check', '.back', 'nav.pages a', '.links a', 'details>summary', 'header a']) {
      expect(css, selector).toMatch(new RegExp(`(^|\\})${selector.replace(/[.[\]()]/g, '\\$&')}\\{[^}]*min-height:(var\\(--target\\)|calc)`));
    }
  });

  it('drops comments and white space when inlined', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitae-css-'));
    writeFileSync(join(dir, 'page.css'), '/* why */\na {\n  color: red;\n}\n@media (min-width: 48rem) { b > c { margin: 0 } }');
    expect(await compileStylesheet(join(dir, 'page.css'))).toBe('a{color:red}@media (min-width:48rem){b>c{margin:0}}');
  });
});
