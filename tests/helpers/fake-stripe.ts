/**
 * A local stand-in for the Stripe API (POST /v1/payment_intents, GET /v1/payment_intents/:id) in
 * Stripe's response shapes, honouring Idempotency-Key, plus webhook events signed with Stripe's real
 * scheme (stripe.webhooks.generateTestHeaderString). No test reaches the internet.
 */
import crypto from 'node:crypto';
import Stripe from 'stripe';
import { startFakeServer, type FakeServer } from './fake-server.ts';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake';
export const FAKE_STRIPE_PUBLISHABLE_KEY = 'pk_test_fake';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_test_fake';

type Intent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
  cancellation_reason: string | null;
  last_payment_error: { message: string; type: string; code: string } | null;
  payment_method_types: string[];
};

export type FakeStripe = FakeServer & {
  intents: Map<string, Intent>;
  /** Environment for buildTestApp: live card payments against this fake. */
  env: Record<string, string>;
  succeed: (id: string, amountReceived?: number) => Intent;
  decline: (id: string, message?: string) => Intent;
  /** A webhook body and its Stripe-Signature header (signed with `secret`, the configured one by default). */
  event: (
    type: string,
    intent: Intent,
    options?: { id?: string; secret?: string },
  ) => { payload: string; headers: Record<string, string> };
};

const sdk = new Stripe(FAKE_STRIPE_SECRET_KEY);

function stripeError(status: number, message: string, code: string) {
  return { status, body: { error: { type: 'invalid_request_error', message, code } } };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, Intent>();
  const byIdempotencyKey = new Map<string, Intent>();
  const server = await startFakeServer((req) => {
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
      return {
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
      };
    }
    if (req.method === 'POST' && req.path === '/v1/payment_intents') {
      const key = req.headers['idempotency-key'];
      const again = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (again) return { status: 200, body: again };
      const form = new URLSearchParams(req.body);
      const amount = Number(form.get('amount'));
      if (!Number.isInteger(amount) || amount < 50)
        return stripeError(400, 'Invalid amount', 'amount_too_small');
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const id = `pi_${crypto.randomBytes(12).toString('hex')}`;
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: form.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${crypto.randomBytes(8).toString('hex')}`,
        description: form.get('description'),
        receipt_email: form.get('receipt_email'),
        metadata,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        cancellation_reason: null,
        last_payment_error: null,
        payment_method_types: [form.get('allowed_payment_method_types[0]') ?? 'card'],
      };
      intents.set(id, intent);
      if (typeof key === 'string') byIdempotencyKey.set(key, intent);
      return { status: 200, body: intent };
    }
    const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && m) {
      const intent = intents.get(m[1]!);
      return intent
        ? { status: 200, body: intent }
        : stripeError(404, `No such payment_intent: '${m[1]}'`, 'resource_missing');
    }
    return stripeError(404, `Unrecognized request URL (${req.method}: ${req.path})`, 'resource_missing');
  });

  const get = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`fake Stripe has no PaymentIntent ${id}`);
    return intent;
  };
  const url = new URL(server.url);
  return {
    ...server,
    intents,
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${url.port}`,
    },
    succeed: (id, amountReceived) => {
      const intent = get(id);
      intent.status = 'succeeded';
      intent.amount_received = amountReceived ?? intent.amount;
      return intent;
    },
    decline: (id, message = 'Your card was declined.') => {
      const intent = get(id);
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { message, type: 'card_error', code: 'card_declined' };
      return intent;
    },
    event: (type, intent, options = {}) => {
      const payload = JSON.stringify({
        id: options.id ?? `evt_${crypto.randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: { ...intent } },
      });
      const header = sdk.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? FAKE_STRIPE_WEBHOOK_SECRET,
      });
      return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
    },
  };
}
