import path from 'node:path';
import { z } from 'zod';

// Empty strings count as missing, so `FOO=` in a .env behaves like an unset variable.
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const bool = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
      .optional()
      .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes', 'on'].includes(v))),
  );

const EnvSchema = z.object({
  PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(65535).default(3000),
  ),
  HOST: optionalString.transform((v) => v ?? '127.0.0.1'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: optionalString.transform((v) => v ?? './data'),
  DATABASE_URL: optionalUrl,
  LOG_LEVEL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  LOG_FORMAT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['auto', 'pretty', 'json']).default('auto'),
  ),
  NODE_ENV: optionalString,
  SMTP_URL: optionalUrl,
  MAIL_FROM: optionalString,
  /** SMTP connections each process keeps open and sends over at once. */
  SMTP_CONNECTIONS: z.preprocess(
    (v) => (v === '' || v === undefined ? '5' : v),
    z.coerce.number().int().min(1).max(50),
  ),
  SUPPORT_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.email().optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalUrl,
  STRIPE_CONNECT: bool(false),
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_ENV: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['sandbox', 'live']).default('sandbox')),
  PAYPAL_API_URL: optionalUrl,
  /**
   * Decision 076: with demo payments, a secret that signs Stripe-shaped dispute events posted to
   * POST /api/payments/demo/webhook (demos and the end-to-end tests); unset, there is no such route.
   */
  DEMO_WEBHOOK_SECRET: optionalString,
  /** Decision 076: the id PayPal gave our webhook; its dispute events are verified against it. */
  PAYPAL_WEBHOOK_ID: optionalString,
  PAYPAL_PAYOUTS: bool(false),
  SOLANA_RPC_URL: optionalUrl,
  TOKEN_MINT: optionalString,
  TREASURY_WALLET: optionalString,
  PRICE_SOURCE_URL: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalUrl,
  DEMO_PAYMENTS: optionalString,
  SEED_DEMO: bool(true),
  ADMIN_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.email().optional()),
  ADMIN_PASSWORD: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8).optional()),
  LIVE_AUCTION_URL: optionalUrl,
  NFC_MASTER_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[0-9a-fA-F]{32}$/, 'must be 32 hex characters (an AES-128 key)')
      .optional(),
  ),
  /** AES-256 key (64 hex characters) for authenticator-app secrets at rest (decision 075). */
  TOTP_ENCRYPTION_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (an AES-256 key: openssl rand -hex 32)')
      .optional(),
  ),
  TRUST_PROXY: bool(false),
  RATE_LIMIT: bool(true),
  JOBS: bool(true),
  /** Image worker threads per process; 0 or unset: automatic (docs/decisions/026-image-worker-pool.md). */
  IMAGE_WORKERS: z.preprocess(
    (v) => (v === '' || v === undefined ? '0' : v),
    z.coerce
      .number({ error: 'must be a whole number of threads' })
      .int('must be a whole number of threads')
      .min(0, 'must be at least 0')
      .max(64, 'must be at most 64'),
  ),
  /** Read, not set: libuv's thread pool size, which bounds the image workers. */
  UV_THREADPOOL_SIZE: z.preprocess(
    (v) => (v === '' || v === undefined ? '4' : v),
    z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1).max(1024),
  ),
  /** Server processes (node's cluster) sharing the port; more than one needs PostgreSQL. */
  WEB_CONCURRENCY: z.preprocess(
    (v) => (v === '' || v === undefined ? '1' : v),
    z.coerce
      .number({ error: 'must be a whole number of processes' })
      .int('must be a whole number of processes')
      .min(1, 'must be at least 1')
      .max(64, 'must be at most 64'),
  ),
});

/** The typed configuration every part of the server receives; nothing else reads process.env. */
export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * LOG_FORMAT: `json` (pino's JSON lines), `pretty` (readable lines), or `auto`: readable on a
   * terminal, JSON otherwise. NODE_ENV=production turns `auto` into `json`.
   */
  logFormat: 'auto' | 'pretty' | 'json';
  mail: { smtpUrl: string | undefined; from: string; supportEmail: string; connections: number };
  stripe:
    | { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string | undefined }
    | undefined;
  paypal:
    | {
        clientId: string;
        clientSecret: string;
        env: 'sandbox' | 'live';
        apiUrl: string | undefined;
        /** Decision 076: PayPal's id of our webhook; without it no PayPal webhook is taken. */
        webhookId: string | undefined;
      }
    | undefined;
  solana: { rpcUrl: string; tokenMint: string; treasuryWallet: string } | undefined;
  /**
   * Live payout rails (issue 11): Stripe Connect (STRIPE_CONNECT) and PayPal Payouts (PAYPAL_PAYOUTS),
   * each on only with its provider's keys. Without them a payout is recorded as paid manually.
   */
  payouts: { stripeConnect: boolean; paypalPayouts: boolean };
  priceSourceUrl: string | undefined;
  s3:
    | {
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        publicUrl: string | undefined;
      }
    | undefined;
  /** Demo payment methods and POST /api/orders/:id/complete exist only when this is true. */
  demoPayments: boolean;
  /** Decision 076: signs demo dispute webhooks (Stripe's scheme); undefined: none are taken. */
  demoWebhookSecret: string | undefined;
  /**
   * Some live payment provider is configured (Stripe, PayPal or Solana Pay): the demo catalogue's chips
   * can then never be bought, whatever DEMO_PAYMENTS says (PRODUCT.md).
   */
  livePayments: boolean;
  seedDemo: boolean;
  admin: { email: string; password: string } | undefined;
  liveAuctionUrl: string;
  nfcMasterKey: string | undefined;
  /** Unset: a key file in DATA_DIR (refused with PostgreSQL in production). */
  totpEncryptionKey: string | undefined;
  trustProxy: boolean;
  rateLimit: boolean;
  /** Background workers (mail, payments reconciliation, price refresh); tests drive them by hand. */
  jobs: boolean;
  /** Server processes to run (WEB_CONCURRENCY); above 1 only with PostgreSQL. */
  webConcurrency: number;
  /** IMAGE_WORKERS: image worker threads per process, 0 for automatic (media.pool.ts). */
  imageWorkers: number;
  /** UV_THREADPOOL_SIZE as node starts with it (default 4); image work may hold all but two. */
  uvThreadpoolSize: number;
};

export class ConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.issues = issues;
  }
}

function requireAllOrNone(env: Record<string, string | undefined>, keys: string[], issues: string[]) {
  const set = keys.filter((k) => env[k]);
  if (set.length > 0 && set.length < keys.length) {
    const missing = keys.filter((k) => !env[k]);
    issues.push(`${missing.join(', ')}: required when ${set.join(', ')} is set`);
  }
  return set.length === keys.length;
}

/** Parses the environment once; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const issues: string[] = [];
  const clean = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
  const hasStripe = requireAllOrNone(
    clean,
    ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
    issues,
  );
  const hasPaypal = requireAllOrNone(clean, ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'], issues);
  const hasSolana = requireAllOrNone(clean, ['SOLANA_RPC_URL', 'TOKEN_MINT', 'TREASURY_WALLET'], issues);
  const hasAdmin = requireAllOrNone(clean, ['ADMIN_EMAIL', 'ADMIN_PASSWORD'], issues);
  let demoPayments = !(hasStripe || hasPaypal || hasSolana);
  if (e.DEMO_PAYMENTS !== undefined) {
    const v = e.DEMO_PAYMENTS.toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(v)) demoPayments = true;
    else if (['false', '0', 'no', 'off'].includes(v)) demoPayments = false;
    else issues.push('DEMO_PAYMENTS: must be true or false');
  }
  if (e.STRIPE_CONNECT && !hasStripe)
    issues.push('STRIPE_CONNECT: requires the Stripe keys (STRIPE_SECRET_KEY and the others)');
  if (e.PAYPAL_PAYOUTS && !hasPaypal)
    issues.push('PAYPAL_PAYOUTS: requires PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET');
  if (e.S3_BUCKET === undefined && e.S3_ENDPOINT !== undefined)
    issues.push('S3_BUCKET: required when S3_ENDPOINT is set');
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL)
    issues.push('WEB_CONCURRENCY: more than one process needs PostgreSQL (DATABASE_URL)');
  // Without the variable, the secrets' key is a file in DATA_DIR (fine beside an embedded database);
  // PostgreSQL in production is shared by servers that each have their own DATA_DIR (decision 075).
  if (e.DATABASE_URL && e.NODE_ENV === 'production' && !e.TOTP_ENCRYPTION_KEY)
    issues.push(
      'TOTP_ENCRYPTION_KEY: required with PostgreSQL in production (64 hex characters: openssl rand -hex 32); ' +
        'it encrypts the authenticator-app secrets, and every server must have the same one',
    );
  if (issues.length > 0) throw new ConfigError(issues);

  const port = e.PORT;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const host = new URL(publicUrl).hostname;
  return {
    port,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT === 'auto' && e.NODE_ENV === 'production' ? 'json' : e.LOG_FORMAT,
    mail: {
      smtpUrl: e.SMTP_URL,
      connections: e.SMTP_CONNECTIONS,
      from: e.MAIL_FROM ?? `Artchip <no-reply@${host}>`,
      supportEmail: e.SUPPORT_EMAIL ?? `support@${host.includes('.') ? host : 'artchip.example'}`,
    },
    stripe: hasStripe
      ? {
          secretKey: e.STRIPE_SECRET_KEY!,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          apiUrl: e.STRIPE_API_URL,
        }
      : undefined,
    paypal: hasPaypal
      ? {
          clientId: e.PAYPAL_CLIENT_ID!,
          clientSecret: e.PAYPAL_CLIENT_SECRET!,
          env: e.PAYPAL_ENV,
          apiUrl: e.PAYPAL_API_URL,
          webhookId: e.PAYPAL_WEBHOOK_ID,
        }
      : undefined,
    solana: hasSolana
      ? { rpcUrl: e.SOLANA_RPC_URL!, tokenMint: e.TOKEN_MINT!, treasuryWallet: e.TREASURY_WALLET! }
      : undefined,
    payouts: { stripeConnect: e.STRIPE_CONNECT, paypalPayouts: e.PAYPAL_PAYOUTS },
    priceSourceUrl: e.PRICE_SOURCE_URL,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined,
    demoPayments,
    demoWebhookSecret: e.DEMO_WEBHOOK_SECRET,
    livePayments: hasStripe || hasPaypal || hasSolana,
    seedDemo: e.SEED_DEMO,
    admin: hasAdmin ? { email: e.ADMIN_EMAIL!, password: e.ADMIN_PASSWORD! } : undefined,
    // Unset: no live auctions, and the pages say so rather than link to a placeholder (issue 27).
    liveAuctionUrl: e.LIVE_AUCTION_URL ?? '',
    nfcMasterKey: e.NFC_MASTER_KEY,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY,
    trustProxy: e.TRUST_PROXY,
    rateLimit: e.RATE_LIMIT,
    jobs: e.JOBS,
    webConcurrency: e.WEB_CONCURRENCY,
    imageWorkers: e.IMAGE_WORKERS,
    uvThreadpoolSize: e.UV_THREADPOOL_SIZE,
  };
}
