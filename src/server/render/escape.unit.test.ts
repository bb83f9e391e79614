import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript } from './escape';

describe('jsonForScript', () => {
  it('writes no "<" that could end or bend the script element, and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script>', note: '<!-- a comment', plain: 'a > b & c' };
    const json = jsonForScript(value);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('escapeHtml', () => {
  it('writes the five characters that could end text or a quoted attribute as entities', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
  });
});
