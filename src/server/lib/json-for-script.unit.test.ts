import { describe, expect, it } from 'vitest';
import { jsonForScript } from './json-for-script';

describe('jsonForScript', () => {
  it('writes no "<" that could end or bend the script element, and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script>', note: '<!-- a comment', plain: 'a > b & c' };
    const json = jsonForScript(value);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(value);
  });
});
