import { describe, expect, it } from 'vitest';
import { REDACTED, isSensitiveKey, scrub, scrubText } from './scrub';

describe('scrubText', () => {
  it.each([
    ['token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U here', 'token [JWT] here'],
    ['db postgres://vitae:s3cret@db.internal:5432/vitae failed', 'db postgres://[REDACTED] failed'],
    ['smtp smtps://mailer:pw@smtp.example.com:465 down', 'smtp smtps://[REDACTED] down'],
    ['Authorization: Bearer abcdefghijklmnop12345', 'Authorization: Bearer [REDACTED]'],
    ['key sk-proj-abcdefghijklmnopqrstuv used', 'key [KEY] used'],
    ['linear lin_api_abcdefghijklmnopqrstuvwx', 'linear [KEY]'],
    ['mail jane.doe@example.org now', 'mail j***@example.org now'],
    ['ssn 123-45-6789.', 'ssn [SSN].'],
    ['GET /cb?token=abc123&x=1 failed', 'GET /cb?token=[REDACTED]&x=1 failed'],
    ['password: hunter2 rejected', 'password: [REDACTED] rejected'],
    ['{"api_key":"k-123"}', '{"api_key":"[REDACTED]"}'],
    ['card 4111 1111 1111 1111 ok', 'card [CARD] ok'],
    ['card 4111111111111111', 'card [CARD]'],
    ['call (555) 123-4567 or +1 555-123-4567', 'call [PHONE] or [PHONE]'],
  ])('masks %s', (input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it('leaves ordinary text, dates, NPIs and ids alone', () => {
    const text = 'NPI 1234567893 saved on 2026-11-22 for user 42 (section education_training)';
    expect(scrubText(text)).toBe(text);
  });
});

describe('scrub', () => {
  it('masks values of sensitive keys and scrubs nested strings', () => {
    const input = {
      password: 'hunter2',
      apiKey: 'abc',
      'x-api-key': 'abc',
      headers: { authorization: 'Bearer x', cookie: 'sid=1' },
      refresh_token: 't',
      clientSecret: 's',
      keywords: ['cardiology'],
      nested: [{ email: 'a.b@c.io' }],
    };
    expect(scrub(input)).toEqual({
      password: REDACTED,
      apiKey: REDACTED,
      'x-api-key': REDACTED,
      headers: { authorization: REDACTED, cookie: REDACTED },
      refresh_token: REDACTED,
      clientSecret: REDACTED,
      keywords: ['cardiology'],
      nested: [{ email: 'a***@c.io' }],
    });
  });

  it('does not mutate its input and survives cycles', () => {
    const input: Record<string, unknown> = { token: 'x' };
    input.self = input;
    const out = scrub(input);
    expect(input.token).toBe('x');
    expect(out.self).toBe('[Circular]');
  });

  it('knows which keys are sensitive', () => {
    expect(['key', 'apiKey', 'api_key', 'privateKey', 'sessionToken', 'Set-Cookie'].every(isSensitiveKey)).toBe(true);
    expect(['keywords', 'monkey', 'keyboard', 'hospitalId'].some(isSensitiveKey)).toBe(false);
  });
});
