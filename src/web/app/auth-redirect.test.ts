import { describe, expect, it } from 'vitest';
import { authRedirectTarget } from './auth-redirect';

const at = (search: string, hash = '') => authRedirectTarget({ search, hash });

describe('authRedirectTarget', () => {
  it('leaves an ordinary visit alone', () => {
    expect(at('')).toBeNull();
    expect(at('?utm_source=newsletter', '#features')).toBeNull();
    expect(at('?type=signup')).toBeNull();
  });

  it.each(['token_hash', 'token', 'access_token', 'error'])('forwards a query carrying %s to the callback', (name) => {
    expect(at(`?${name}=abc`)).toBe(`/auth/callback?${name}=abc`);
  });

  it.each(['token_hash', 'token', 'access_token', 'error'])('forwards a hash carrying %s to the callback', (name) => {
    expect(at('', `#${name}=abc`)).toBe(`/auth/callback#${name}=abc`);
  });

  it('forwards type=magiclink and type=email in the query or the hash', () => {
    expect(at('?type=magiclink')).toBe('/auth/callback?type=magiclink');
    expect(at('?type=email')).toBe('/auth/callback?type=email');
    expect(at('', '#type=magiclink')).toBe('/auth/callback#type=magiclink');
    expect(at('', '#type=email')).toBe('/auth/callback#type=email');
  });

  it('keeps both query and hash when forwarding', () => {
    expect(at('?token_hash=abc&type=magiclink', '#from=mail')).toBe('/auth/callback?token_hash=abc&type=magiclink#from=mail');
  });

  it('forwards links that mention the authentication provider or its verify path', () => {
    expect(at('?redirect=https://abc.supabase.co/x')).toBe('/auth/callback?redirect=https://abc.supabase.co/x');
    expect(at('?next=%2Fauth%2Fv1%2Fverify')).toBe('/auth/callback?next=%2Fauth%2Fv1%2Fverify');
    expect(at('', '#via=/auth/v1/verify')).toBe('/auth/callback#via=/auth/v1/verify');
    expect(at('?src=SUPABASE')).toBe('/auth/callback?src=SUPABASE');
  });

  it('sends a recovery hash to the reset-password page, keeping the hash', () => {
    expect(at('', '#type=recovery')).toBe('/reset-password#type=recovery');
  });

  it('gives recovery precedence over the callback rules', () => {
    expect(at('', '#access_token=x&type=recovery')).toBe('/reset-password#access_token=x&type=recovery');
    expect(at('?token=abc', '#type=recovery&access_token=x')).toBe('/reset-password#type=recovery&access_token=x');
  });

  it('does not treat type=recovery in the query as a recovery link', () => {
    expect(at('?type=recovery')).toBeNull();
    expect(at('?type=recovery&token_hash=abc')).toBe('/auth/callback?type=recovery&token_hash=abc');
  });
});
