import { describe, expect, it } from 'vitest';
import { pageMadeOnce } from './search-cache';

describe('pageMadeOnce', () => {
  it('makes a page once per source object and variant, and anew for a new object or another variant', () => {
    let made = 0;
    const render = (text: string) => () => {
      made += 1;
      return `<p>${text}</p>`;
    };
    const read = { version: 3 };
    const first = pageMadeOnce(read, '["en"]', render('one'));
    const again = pageMadeOnce(read, '["en"]', render('two'));
    expect(made).toBe(1);
    expect(again).toBe(first);
    expect(again.html).toBe('<p>one</p>');
    expect(first.etag).toMatch(/^W\/"/);

    // The same content read again is another object: a read anew is never answered with an old page.
    const reread = { version: 3 };
    expect(pageMadeOnce(reread, '["en"]', render('three')).html).toBe('<p>three</p>');
    expect(pageMadeOnce(read, '["es"]', render('cuatro')).html).toBe('<p>cuatro</p>');
    expect(made).toBe(3);
  });
});
