/**
 * A local stand-in for the Stripe API (POST /v1/payment_intents, GET /v1/payment_intents/:id,
 * POST /v1/payment_intents/:id/cancel, POST /v1/refunds) in Stripe's response and error shapes,
 * honouring Idempotency-Key, plus webhook events signed with Stripe's real scheme
 * (stripe.webhooks.generateTestHeaderString). No test reaches the internet.
 */
import crypto from 'node:crypto';
import Stripe from 'stripe';
import { startFakeServer, type FakeRequest, type FakeResponse, type FakeServer } from './fake-server.ts';

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
  latest_charge: string | null;
};

type FakeStripeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string | null;
  charge: string | null;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  receipt_number: string | null;
  source_transfer_reversal: string | null;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled';
  transfer_reversal: string | null;
};

/** The statuses from which Stripe lets a PaymentIntent be canceled (processing only in rare cases). */
const CANCELLABLE_STATUSES = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
];
const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

export type FakeStripe = FakeServer & {
  intents: Map<string, Intent>;
  /** Every refund Stripe made, by refund id (money moved unless failed or canceled). */
  refunds: Map<string, FakeStripeRefund>;
  /** The status new refunds get: succeeded (default, like card refunds in test mode) or pending. */
  setRefundOutcome: (status: 'succeeded' | 'pending') => void;
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
  /** Any Stripe object's event (a Dispute, a Charge), signed like `event` (decision 076). */
  objectEvent: (
    type: string,
    object: object,
    options?: { id?: string; secret?: string },
  ) => { payload: string; headers: Record<string, string> };
  /** Disputes by id, with the evidence each received (POST /v1/disputes/:id). */
  disputes: Map<string, FakeDispute>;
  /** Opens a dispute of a succeeded PaymentIntent (the bank's chargeback), in Stripe's Dispute shape. */
  dispute: (intentId: string, options?: { amount?: number; reason?: string }) => FakeDispute;
  /** A refund made in Stripe's dashboard; answers the Charge as charge.refunded carries it. */
  dashboardRefund: (intentId: string, amount?: number) => Record<string, unknown>;
  /** The Charge of a PaymentIntent as charge.refunded carries it (everything refunded so far). */
  charge: (intentId: string) => Record<string, unknown>;
};

type FakeDispute = {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string;
  status: string;
  created: number;
  livemode: false;
  is_charge_refundable: boolean;
  metadata: Record<string, string>;
  evidence: Record<string, string>;
  evidence_details: { due_by: number; has_evidence: boolean; past_due: boolean; submission_count: number };
  balance_transactions: unknown[];
};

const sdk = new Stripe(FAKE_STRIPE_SECRET_KEY);

function stripeError(
  status: number,
  message: string,
  code: string | undefined,
  extra: Record<string, unknown> = {},
): FakeResponse {
  return {
    status,
    body: {
      error: {
        type: 'invalid_request_error',
        message,
        ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}),
        ...extra,
      },
    },
  };
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [k, v] of form) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m) metadata[m[1]!] = v;
  }
  return metadata;
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, Intent>();
  const byIdempotencyKey = new Map<string, Intent>();
  const refunds = new Map<string, FakeStripeRefund>();
  const disputes = new Map<string, FakeDispute>();
  let refundOutcome: 'succeeded' | 'pending' = 'succeeded';
  // Idempotent POSTs other than PaymentIntent creation: the first answer, and the request it answered.
  const replies = new Map<string, { request: string; response: FakeResponse }>();

  const refundedCents = (intentId: string) =>
    [...refunds.values()]
      .filter((r) => r.payment_intent === intentId && (r.status === 'succeeded' || r.status === 'pending'))
      .reduce((sum, r) => sum + r.amount, 0);

  const createRefund = (form: URLSearchParams): FakeResponse => {
    const intentId = form.get('payment_intent');
    if (!intentId) {
      return stripeError(
        400,
        'One of the following params should be provided for this request: payment_intent or charge.',
        'parameter_missing',
      );
    }
    const intent = intents.get(intentId);
    if (!intent) {
      return stripeError(400, `No such payment_intent: '${intentId}'`, 'resource_missing', {
        param: 'payment_intent',
      });
    }
    const reason = form.get('reason');
    if (reason !== null && !REFUND_REASONS.includes(reason)) {
      return stripeError(400, `Invalid reason: must be one of ${REFUND_REASONS.join(', ')}`, undefined, {
        param: 'reason',
      });
    }
    if (intent.status !== 'succeeded' || !intent.latest_charge) {
      return stripeError(
        400,
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        undefined,
      );
    }
    const unrefunded = intent.amount_received - refundedCents(intent.id);
    if (unrefunded <= 0) {
      return stripeError(
        400,
        `Charge ${intent.latest_charge} has already been refunded.`,
        'charge_already_refunded',
      );
    }
    const rawAmount = form.get('amount');
    const amount = rawAmount === null ? unrefunded : Number(rawAmount);
    if (!Number.isInteger(amount) || amount < 1) {
      return stripeError(400, 'Invalid positive integer', 'parameter_invalid_integer', { param: 'amount' });
    }
    if (amount > unrefunded) {
      return stripeError(
        400,
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(unrefunded)})`,
        'amount_too_large',
        { param: 'amount' },
      );
    }
    const refund: FakeStripeRefund = {
      id: `re_${crypto.randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      balance_transaction: `txn_${crypto.randomBytes(12).toString('hex')}`,
      charge: intent.latest_charge,
      created: Math.floor(Date.now() / 1000),
      currency: intent.currency,
      metadata: metadataOf(form),
      payment_intent: intent.id,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: refundOutcome,
      transfer_reversal: null,
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  };

  const cancelIntent = (id: string, form: URLSearchParams): FakeResponse => {
    const intent = intents.get(id);
    if (!intent)
      return stripeError(404, `No such payment_intent: '${id}'`, 'resource_missing', { param: 'intent' });
    const reason = form.get('cancellation_reason');
    if (reason !== null && !CANCELLATION_REASONS.includes(reason)) {
      return stripeError(
        400,
        `Invalid cancellation_reason: must be one of ${CANCELLATION_REASONS.join(', ')}`,
        undefined,
        {
          param: 'cancellation_reason',
        },
      );
    }
    if (!CANCELLABLE_STATUSES.includes(intent.status)) {
      return stripeError(
        400,
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELLABLE_STATUSES.join(', ')}, processing.`,
        'payment_intent_unexpected_state',
        { payment_intent: { ...intent } },
      );
    }
    intent.status = 'canceled';
    intent.cancellation_reason = reason;
    return { status: 200, body: { ...intent } };
  };

  /** Stripe replays a key's first answer; the same key with other parameters is an idempotency_error. */
  const idempotent = (req: FakeRequest, run: () => FakeResponse): FakeResponse => {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string') return run();
    const request = `${req.method} ${req.path} ${req.body}`;
    const earlier = replies.get(key);
    if (earlier) {
      if (earlier.request === request) return earlier.response;
      return {
        status: 400,
        body: {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        },
      };
    }
    const response = run();
    // Like Stripe, a request refused by validation saves no result, so it may be retried.
    if (response.status < 400) replies.set(key, { request, response });
    return response;
  };

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
      const metadata = metadataOf(form);
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
        latest_charge: null,
      };
      intents.set(id, intent);
      if (typeof key === 'string') byIdempotencyKey.set(key, intent);
      return { status: 200, body: intent };
    }
    const disputeUpdate = /^\/v1\/disputes\/([^/]+)$/.exec(req.path);
    if (req.method === 'POST' && disputeUpdate) {
      const dispute = disputes.get(disputeUpdate[1]!);
      if (!dispute) return stripeError(404, `No such dispute: '${disputeUpdate[1]}'`, 'resource_missing');
      if (!['needs_response', 'warning_needs_response'].includes(dispute.status)) {
        return stripeError(
          400,
          `This dispute is already closed or under review (${dispute.status}).`,
          'dispute_already_submitted',
        );
      }
      const form = new URLSearchParams(req.body);
      for (const [k, v] of form) {
        const m = /^evidence\[(.+)\]$/.exec(k);
        if (m) dispute.evidence[m[1]!] = v;
      }
      dispute.evidence_details.has_evidence = Object.keys(dispute.evidence).length > 0;
      if (form.get('submit') === 'true') {
        dispute.status = 'under_review';
        dispute.evidence_details.submission_count += 1;
      }
      return { status: 200, body: dispute };
    }
    if (req.method === 'POST' && req.path === '/v1/refunds') {
      return idempotent(req, () => createRefund(new URLSearchParams(req.body)));
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(req.path);
    if (req.method === 'POST' && cancel) {
      return idempotent(req, () => cancelIntent(cancel[1]!, new URLSearchParams(req.body)));
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
  const sign = (type: string, object: object, options: { id?: string; secret?: string } = {}) => {
    const payload = JSON.stringify({
      id: options.id ?? `evt_${crypto.randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: { ...object } },
    });
    const header = sdk.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? FAKE_STRIPE_WEBHOOK_SECRET,
    });
    return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
  };
  const chargeOf = (intentId: string): Record<string, unknown> => {
    const intent = get(intentId);
    const mine = [...refunds.values()].filter((r) => r.payment_intent === intentId);
    return {
      id: intent.latest_charge,
      object: 'charge',
      amount: intent.amount_received,
      amount_captured: intent.amount_received,
      amount_refunded: refundedCents(intentId),
      currency: intent.currency,
      payment_intent: intentId,
      refunded: refundedCents(intentId) >= intent.amount_received,
      status: 'succeeded',
      livemode: false,
      metadata: intent.metadata,
      refunds: { object: 'list', data: mine.reverse(), has_more: false, url: '/v1/refunds' },
    };
  };
  const url = new URL(server.url);
  return {
    ...server,
    intents,
    refunds,
    setRefundOutcome: (status) => {
      refundOutcome = status;
    },
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
      intent.latest_charge ??= `ch_${crypto.randomBytes(12).toString('hex')}`;
      return intent;
    },
    decline: (id, message = 'Your card was declined.') => {
      const intent = get(id);
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { message, type: 'card_error', code: 'card_declined' };
      return intent;
    },
    objectEvent: sign,
    disputes,
    dispute: (intentId, options = {}) => {
      const intent = get(intentId);
      if (!intent.latest_charge) throw new Error(`PaymentIntent ${intentId} was not charged`);
      const dispute: FakeDispute = {
        id: `dp_${crypto.randomBytes(12).toString('hex')}`,
        object: 'dispute',
        amount: options.amount ?? intent.amount_received,
        currency: intent.currency,
        charge: intent.latest_charge,
        payment_intent: intentId,
        reason: options.reason ?? 'fraudulent',
        status: 'needs_response',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        is_charge_refundable: false,
        metadata: {},
        evidence: {},
        evidence_details: {
          due_by: Math.floor(Date.now() / 1000) + 7 * 24 * 3600,
          has_evidence: false,
          past_due: false,
          submission_count: 0,
        },
        balance_transactions: [],
      };
      disputes.set(dispute.id, dispute);
      return dispute;
    },
    charge: chargeOf,
    dashboardRefund: (intentId, amount) => {
      const response = createRefund(
        new URLSearchParams({ payment_intent: intentId, ...(amount ? { amount: String(amount) } : {}) }),
      );
      if (response.status !== 200)
        throw new Error(`dashboard refund refused: ${JSON.stringify(response.body)}`);
      return chargeOf(intentId);
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
