/**
 * A local stand-in for Stripe Connect in Stripe's response shapes: POST /v1/accounts,
 * GET /v1/accounts/:id, POST /v1/account_links, POST /v1/transfers. Idempotency-Key works as at
 * Stripe: a repeat answers the first response, a repeat with other parameters is a 400
 * idempotency_error. onboard() plays the payee finishing Stripe's hosted onboarding.
 */
import crypto from 'node:crypto';
import {
  FAKE_STRIPE_PUBLISHABLE_KEY,
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
} from './fake-stripe.ts';
import { startFakeServer, type FakeRequest, type FakeResponse, type FakeServer } from './fake-server.ts';

type FakeConnectAccount = {
  id: string;
  object: 'account';
  type: 'express';
  email: string | null;
  country: string;
  default_currency: string;
  created: number;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  capabilities: { transfers?: 'active' | 'inactive' | 'pending' };
  controller: {
    type: 'application';
    is_controller: true;
    fees: { payer: string };
    losses: { payments: string };
    requirement_collection: string;
    stripe_dashboard: { type: string };
  };
  requirements: { currently_due: string[]; disabled_reason: string | null };
  metadata: Record<string, string>;
};

type FakeTransfer = {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  balance_transaction: string;
  created: number;
  currency: string;
  description: string | null;
  destination: string;
  destination_payment: string;
  livemode: false;
  metadata: Record<string, string>;
  reversals: { object: 'list'; data: []; has_more: false; total_count: 0; url: string };
  reversed: false;
  source_transaction: null;
  source_type: 'card';
  transfer_group: string | null;
};

export type FakeStripeConnect = FakeServer & {
  accounts: Map<string, FakeConnectAccount>;
  /** Transfers Stripe actually made (money moved), in order. */
  transfers: FakeTransfer[];
  /** Environment for testConfig: the Stripe keys against this fake, with Connect payouts on. */
  env: Record<string, string>;
  /** The payee finished onboarding: details submitted, transfers and payouts enabled. */
  onboard: (accountId: string) => FakeConnectAccount;
  /** The platform's available balance in cents; a larger transfer is refused (balance_insufficient). */
  setBalance: (cents: number) => void;
};

function stripeError(status: number, message: string, code?: string, type = 'invalid_request_error') {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}

/** Stripe's form encoding, flattened: metadata[payoutId] stays one key. */
function formOf(req: FakeRequest): URLSearchParams {
  return new URLSearchParams(req.body);
}

/** The entries of form keys `prefix[name]`, by name (metadata). */
function bracketed(form: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  const pattern = new RegExp(`^${prefix}\\[(.+)\\]$`);
  for (const [key, value] of form) {
    const m = pattern.exec(key);
    if (m) out[m[1]!] = value;
  }
  return out;
}

const now = () => Math.floor(Date.now() / 1000);
const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

export async function startFakeStripeConnect(): Promise<FakeStripeConnect> {
  const accounts = new Map<string, FakeConnectAccount>();
  const transfers: FakeTransfer[] = [];
  const idempotent = new Map<string, { request: string; response: FakeResponse }>();
  let balanceCents = 100_000_000;

  const handle = (req: FakeRequest): FakeResponse => {
    if (req.method === 'POST' && req.path === '/v1/accounts') {
      const form = formOf(req);
      const account: FakeConnectAccount = {
        id: `acct_${crypto.randomBytes(8).toString('hex').toUpperCase()}`,
        object: 'account',
        type: 'express',
        email: form.get('email'),
        country: form.get('country') ?? 'US',
        default_currency: 'usd',
        created: now(),
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        // A requested capability stays inactive until the payee finishes onboarding.
        capabilities:
          form.get('capabilities[transfers][requested]') === 'true' ? { transfers: 'inactive' } : {},
        controller: {
          type: 'application',
          is_controller: true,
          fees: { payer: form.get('controller[fees][payer]') ?? 'application' },
          losses: { payments: form.get('controller[losses][payments]') ?? 'application' },
          requirement_collection: form.get('controller[requirement_collection]') ?? 'stripe',
          stripe_dashboard: { type: form.get('controller[stripe_dashboard][type]') ?? 'express' },
        },
        requirements: {
          currently_due: ['business_type', 'external_account', 'tos_acceptance.date'],
          disabled_reason: 'requirements.past_due',
        },
        metadata: bracketed(form, 'metadata'),
      };
      accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && accountMatch) {
      const account = accounts.get(accountMatch[1]!);
      return account
        ? { status: 200, body: account }
        : stripeError(404, `No such account: '${accountMatch[1]}'`, 'resource_missing');
    }
    if (req.method === 'POST' && req.path === '/v1/account_links') {
      const form = formOf(req);
      const accountId = form.get('account') ?? '';
      if (!accounts.has(accountId))
        return stripeError(400, `No such account: '${accountId}'`, 'resource_missing');
      if (!form.get('return_url') || !form.get('refresh_url') || form.get('type') !== 'account_onboarding') {
        return stripeError(
          400,
          'Missing required param: return_url, refresh_url or type.',
          'parameter_missing',
        );
      }
      const created = now();
      return {
        status: 200,
        body: {
          object: 'account_link',
          created,
          expires_at: created + 300,
          url: `https://connect.stripe.com/setup/e/${accountId}/${crypto.randomBytes(9).toString('base64url')}`,
        },
      };
    }
    if (req.method === 'POST' && req.path === '/v1/transfers') {
      const form = formOf(req);
      const amount = Number(form.get('amount'));
      const destination = form.get('destination') ?? '';
      const account = accounts.get(destination);
      if (!Number.isInteger(amount) || amount < 1)
        return stripeError(400, 'Invalid positive integer', 'parameter_invalid_integer');
      if (!account) return stripeError(400, `No such destination: '${destination}'`, 'resource_missing');
      if (account.capabilities.transfers !== 'active') {
        return stripeError(
          400,
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          'insufficient_capabilities_for_transfer',
        );
      }
      if (amount > balanceCents) {
        return stripeError(
          400,
          'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance.',
          'balance_insufficient',
        );
      }
      balanceCents -= amount;
      const id = randomId('tr');
      const transfer: FakeTransfer = {
        id,
        object: 'transfer',
        amount,
        amount_reversed: 0,
        balance_transaction: randomId('txn'),
        created: now(),
        currency: form.get('currency') ?? 'usd',
        description: form.get('description'),
        destination,
        destination_payment: randomId('py'),
        livemode: false,
        metadata: bracketed(form, 'metadata'),
        reversals: {
          object: 'list',
          data: [],
          has_more: false,
          total_count: 0,
          url: `/v1/transfers/${id}/reversals`,
        },
        reversed: false,
        source_transaction: null,
        source_type: 'card',
        transfer_group: form.get('transfer_group'),
      };
      transfers.push(transfer);
      return { status: 200, body: transfer };
    }
    return stripeError(404, `Unrecognized request URL (${req.method}: ${req.path})`);
  };

  const server = await startFakeServer((req) => {
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
      return stripeError(401, 'Invalid API Key provided');
    }
    const key = req.headers['idempotency-key'];
    if (req.method !== 'POST' || typeof key !== 'string') return handle(req);
    // Stripe keeps the first response for a key, error or not, for 24 hours, and compares later
    // requests' parameters with the first one's.
    const request = `${req.path} ${req.body}`;
    const first = idempotent.get(key);
    if (first && first.request !== request) {
      return stripeError(
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        undefined,
        'idempotency_error',
      );
    }
    if (first) return first.response;
    const response = handle(req);
    idempotent.set(key, { request, response });
    return response;
  });

  const url = new URL(server.url);
  return {
    ...server,
    accounts,
    transfers,
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${url.port}`,
      STRIPE_CONNECT: 'true',
    },
    onboard: (accountId) => {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`fake Stripe has no account ${accountId}`);
      account.details_submitted = true;
      account.charges_enabled = true;
      account.payouts_enabled = true;
      account.capabilities.transfers = 'active';
      account.requirements = { currently_due: [], disabled_reason: null };
      return account;
    },
    setBalance: (cents) => {
      balanceCents = cents;
    },
  };
}
