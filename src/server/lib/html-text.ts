/**
 * Text out of the small pieces of HTML that outside services put in plain-text fields: character
 * entities (`&amp;`, `&#8217;`) and inline markup (PubMed titles carry `B<sup>0</sup>AT1` and
 * `<i>Acanthamoeba</i>`). We store and show plain text, so tags go and their text stays.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1]?.toLowerCase() === 'x' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** Inline tags removed (their text kept), entities decoded, white space collapsed. */
export function plainText(value: string): string {
  return decodeEntities(value.replace(/<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/gi, ''))
    .replace(/\s+/g, ' ')
    .trim();
}
