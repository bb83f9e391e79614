import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, isQueryYes, normalizeHttpUrl, normalizePhone, optionalText, queryFlag } from './schemas/fields';

// Issue 38 item 2: the field rules every schema takes from one place.

describe('optionalText', () => {
  it('trims, turns blank and absent into null, and names the limit', () => {
    const field = optionalText(5);
    expect(field.parse('  ab  ')).toBe('ab');
    expect(field.parse('   ')).toBeNull();
    expect(field.parse('')).toBeNull();
    expect(field.parse(null)).toBeNull();
    expect(field.parse(undefined)).toBeNull();
    expect(field.safeParse('abcdef').error?.issues[0]?.message).toBe('Must be at most 5 characters');
    expect(optionalText(5, 'Description is too long').safeParse('abcdef').error?.issues[0]?.message).toBe('Description is too long');
  });
});

describe('EMAIL_PATTERN', () => {
  it('takes text, an at sign, text, a dot and text, without spaces', () => {
    for (const ok of ['a@b.co', 'first.last+tag@example.org', 'x@sub.example.museum']) expect(EMAIL_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['a@b', 'a b@c.d', '@b.co', 'a@.', 'heart desk at riverside', 'a@@b.co']) expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
  });
});

describe('queryFlag and isQueryYes', () => {
  it('read a yes/no query parameter one way', () => {
    const flag = queryFlag(false);
    for (const yes of ['true', 'TRUE', '1', 'yes', 'on']) expect(flag.parse(yes), yes).toBe(true);
    for (const no of ['false', '0', 'no', 'off', '']) expect(flag.parse(no), no).toBe(false);
    expect(flag.parse(undefined)).toBe(false);
    expect(queryFlag(true).parse(undefined)).toBe(true);
    expect(flag.safeParse('maybe').success).toBe(false);
    // Read by hand (the public directory's form): the same words, anything unreadable is no.
    expect(isQueryYes('1')).toBe(true);
    expect(isQueryYes('true')).toBe(true);
    expect(isQueryYes('maybe')).toBe(false);
    expect(isQueryYes(undefined)).toBe(false);
  });
});

describe('normalizePhone and normalizeHttpUrl', () => {
  it('are the profile offices’ and the hospital locations’ rule', () => {
    expect(normalizePhone('(312)  555-0100 ext 12')).toBe('(312) 555-0100 ext 12');
    expect(normalizePhone('555-01')).toBeNull();
    expect(normalizeHttpUrl('https://lakeside.example/heart')).toBe('https://lakeside.example/heart');
    expect(normalizeHttpUrl('ftp://lakeside.example')).toBeNull();
  });
});
