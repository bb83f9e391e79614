import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('gives zero-setup defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './data',
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      logLevel: 'debug',
      seedDemoData: true,
      FEEDBACK_BETA_ONLY: true,
      SENTRY_RELEASE: 'development',
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('switches production defaults', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      APP_URL: 'https://vitae.example.org/',
      AUTH_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtps://mailer:pw@smtp.example.org:465',
    });
    expect(env).toMatchObject({ isProduction: true, host: '0.0.0.0', logLevel: 'info', seedDemoData: false, appUrl: 'https://vitae.example.org' });
  });

  it('refuses to run production on development defaults', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET: required in production[\s\S]*SMTP_URL: required[\s\S]*APP_URL: required/);
  });

  it('treats empty strings as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', SENTRY_DSN: '' }).DATABASE_URL).toBeUndefined();
  });

  it('lists every problem in a readable error', () => {
    let error: unknown;
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', FEEDBACK_BETA_ONLY: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as EnvError).message;
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain('PORT:');
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// connection string');
    expect(message).toContain('FEEDBACK_BETA_ONLY:');
  });
});
