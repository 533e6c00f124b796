import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function issuesOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.issues;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives working defaults for an empty environment: embedded database, demo payments, demo catalogue', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      demoPayments: true,
      seedDemo: true,
      stripe: undefined,
      admin: undefined,
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('names every bad variable', () => {
    const issues = issuesOf({ PORT: 'abc', DATABASE_URL: 'not a url', NFC_MASTER_KEY: 'short' });
    expect(issues.some((i) => i.startsWith('PORT:'))).toBe(true);
    expect(issues.some((i) => i.startsWith('DATABASE_URL:'))).toBe(true);
    expect(issues.some((i) => i.startsWith('NFC_MASTER_KEY:'))).toBe(true);
  });

  it('needs TOTP_ENCRYPTION_KEY with PostgreSQL in production, and checks its form', () => {
    const postgres = { DATABASE_URL: 'postgres://db.example/artchip', NODE_ENV: 'production' };
    expect(issuesOf(postgres)).toEqual([
      expect.stringMatching(/^TOTP_ENCRYPTION_KEY: required with PostgreSQL/),
    ]);
    expect(loadConfig({ ...postgres, TOTP_ENCRYPTION_KEY: 'ab'.repeat(32) }).totpEncryptionKey).toBe(
      'ab'.repeat(32),
    );
    expect(loadConfig({ NODE_ENV: 'production' }).totpEncryptionKey).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: postgres.DATABASE_URL }).totpEncryptionKey).toBeUndefined();
    expect(issuesOf({ TOTP_ENCRYPTION_KEY: 'short' })[0]).toMatch(/^TOTP_ENCRYPTION_KEY: must be 64 hex/);
  });

  it('requires a provider’s keys together and names the missing ones', () => {
    expect(issuesOf({ STRIPE_SECRET_KEY: 'sk_test_1' })).toEqual([
      'STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
    ]);
    expect(issuesOf({ ADMIN_EMAIL: 'a@example.com' })[0]).toContain('ADMIN_PASSWORD');
  });

  it('turns demo payments off once a live provider is configured, unless asked to keep them', () => {
    const paypal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };
    expect(loadConfig(paypal).demoPayments).toBe(false);
    expect(loadConfig({ ...paypal, DEMO_PAYMENTS: 'true' }).demoPayments).toBe(true);
    expect(issuesOf({ DEMO_PAYMENTS: 'maybe' })).toEqual(['DEMO_PAYMENTS: must be true or false']);
  });

  it('switches a live payout rail on only with its flag and its provider’s keys', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'wh' };
    const paypal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };
    expect(loadConfig({ ...stripe, ...paypal }).payouts).toEqual({
      stripeConnect: false,
      paypalPayouts: false,
    });
    expect(loadConfig({ ...stripe, STRIPE_CONNECT: 'true' }).payouts).toEqual({
      stripeConnect: true,
      paypalPayouts: false,
    });
    expect(loadConfig({ ...paypal, PAYPAL_PAYOUTS: 'true' }).payouts.paypalPayouts).toBe(true);
    expect(issuesOf({ STRIPE_CONNECT: 'true', PAYPAL_PAYOUTS: 'true' })).toEqual([
      'STRIPE_CONNECT: requires the Stripe keys (STRIPE_SECRET_KEY and the others)',
      'PAYPAL_PAYOUTS: requires PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET',
    ]);
  });

  it('treats empty strings as unset and trims a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ PORT: '', SMTP_URL: '', PUBLIC_URL: 'https://artchip.example/' });
    expect(config.port).toBe(3000);
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://artchip.example');
    expect(config.mail.supportEmail).toBe('support@artchip.example');
  });

  it('reads LOG_FORMAT, and keeps JSON logs under NODE_ENV=production unless asked for pretty ones', () => {
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(loadConfig({ LOG_FORMAT: '' }).logFormat).toBe('auto');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'development', LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(issuesOf({ LOG_FORMAT: 'fancy' }).some((i) => i.startsWith('LOG_FORMAT:'))).toBe(true);
  });

  it('reads WEB_CONCURRENCY: one process by default; more only with PostgreSQL', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    const pg = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/artchip' };
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
    expect(issuesOf({ WEB_CONCURRENCY: '2' })).toContain(
      'WEB_CONCURRENCY: more than one process needs PostgreSQL (DATABASE_URL)',
    );
    for (const bad of ['0', '1.5', 'many', '65']) {
      expect(issuesOf({ ...pg, WEB_CONCURRENCY: bad }).some((i) => i.startsWith('WEB_CONCURRENCY:'))).toBe(
        true,
      );
    }
  });
});
