/**
 * Card payments through Stripe (docs/decisions/005-payment-providers.md). Checkout creates a
 * PaymentIntent for the server-computed total; the browser confirms it with Stripe.js on
 * /stripe-processing; the order becomes paid only through the signed payment_intent.succeeded
 * webhook (or the reconciliation job retrieving the PaymentIntent), keyed by the PaymentIntent id.
 * An unfulfillable payment is refunded against its PaymentIntent (issue 11); a lapsed checkout hold
 * cancels its PaymentIntent so the buyer can no longer pay it.
 */
import Stripe from 'stripe';
import { createStripeClient, type StripeSettings } from '#server/platform/stripe/index.ts';
import { ROUTES } from '#shared/brand.ts';
import { centsToUsdString } from '#shared/money.ts';
import type { Config } from '#server/config.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { DisputeEvidence, DisputeStatus } from '#shared/disputes.schemas.ts';
import {
  refundIdempotencyKey,
  type CancelPaymentResult,
  type CreatedPayment,
  type PaymentContext,
  type PaymentLookup,
  type PaymentOrder,
  type PaymentProvider,
  type PaymentSignal,
  type PaymentSignalRequest,
  type RefundPaymentInput,
  type RefundResult,
} from './payment-provider.ts';

/** The webhook path Stripe's dashboard is told about (an alias of POST /api/payments/stripe/webhook). */
const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

/** Answered (400) when a webhook's Stripe-Signature does not match its raw body. */
const INVALID_SIGNATURE_MESSAGE = 'Invalid webhook signature';

/**
 * One PaymentIntent per order, however often checkout's call to Stripe is retried. The quote time
 * (fixed when the order is placed) is part of the key because ids alone repeat when a database is
 * reset or restored, and Stripe remembers keys for a day.
 */
function paymentIntentIdempotencyKey(order: Pick<PaymentOrder, 'id' | 'quoteExpiresAt'>): string {
  return `order-${order.id}-${order.quoteExpiresAt?.getTime() ?? 0}-pi`;
}

/** /stripe-processing?orderId=&amount=&artchipId= (spec §2). */
function stripeProcessingUrl(order: Pick<PaymentOrder, 'id' | 'totalCents' | 'chipId'>): string {
  const query = new URLSearchParams({
    orderId: String(order.id),
    amount: centsToUsdString(order.totalCents),
  });
  if (order.chipId !== null) query.set('artchipId', String(order.chipId));
  return `${ROUTES.stripeProcessing}?${query.toString()}`;
}

/** Our order id from a PaymentIntent's metadata, or null for one we did not create. */
function orderIdOf(intent: Stripe.PaymentIntent): number | null {
  const raw = intent.metadata?.orderId;
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function headerValue(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/** Where a PaymentIntent stands, in the provider interface's terms. */
function toPaymentLookup(intent: Stripe.PaymentIntent): PaymentLookup {
  switch (intent.status) {
    case 'succeeded':
      return {
        status: 'completed',
        eventKey: intent.id,
        amountCents: intent.amount_received || intent.amount,
        currency: intent.currency,
      };
    case 'processing':
      return { status: 'processing' };
    case 'canceled':
      return { status: 'failed', reason: intent.cancellation_reason ?? 'canceled' };
    default:
      // requires_payment_method after a decline is not final: the buyer may try another card.
      return { status: 'pending' };
  }
}

const DISPUTE_EVENTS = new Set(['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed']);

/** The id of an expandable Stripe field (a string, or the expanded object's id). */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * A dispute event (decision 076), keyed by the event id: each delivery of one event counts once, and
 * created, updated and closed are three signals. The disputed payment is its PaymentIntent.
 */
function toDisputeSignal(event: Stripe.Event, dispute: Stripe.Dispute): PaymentSignal {
  const paymentKey = idOf(dispute.payment_intent);
  if (!paymentKey) return { kind: 'ignored' };
  const due = dispute.evidence_details?.due_by;
  return {
    kind: 'dispute',
    eventKey: event.id,
    type: event.type,
    paymentKey,
    providerDisputeId: dispute.id,
    status: fromStripeDisputeStatus(dispute.status),
    reason: dispute.reason ?? null,
    amountCents: dispute.amount,
    currency: dispute.currency,
    evidenceDueBy: due ? new Date(due * 1000) : null,
    payload: { eventId: event.id, type: event.type, disputeId: dispute.id, status: dispute.status },
  };
}

/** A charge refunded (by us, or in Stripe's dashboard): everything refunded of its PaymentIntent so far. */
function toRefundedSignal(event: Stripe.Event, charge: Stripe.Charge): PaymentSignal {
  const paymentKey = idOf(charge.payment_intent);
  if (!paymentKey) return { kind: 'ignored' };
  return {
    kind: 'refunded',
    eventKey: event.id,
    paymentKey,
    amountRefundedCents: charge.amount_refunded,
    currency: charge.currency,
    reference: charge.refunds?.data?.[0]?.id ?? null,
    payload: {
      eventId: event.id,
      type: event.type,
      chargeId: charge.id,
      amountRefunded: charge.amount_refunded,
    },
  };
}

/**
 * Stripe's dispute statuses in ours (decision 076): inquiries (warning_*) are reported like disputes;
 * an inquiry closed without a chargeback, or a charge refunded first, is won (nothing taken back).
 */
function fromStripeDisputeStatus(status: string): DisputeStatus {
  switch (status) {
    case 'won':
    case 'warning_closed':
    case 'charge_refunded':
    case 'prevented':
      return 'won';
    case 'lost':
      return 'lost';
    case 'under_review':
    case 'warning_under_review':
      return 'under_review';
    default:
      return 'needs_response';
  }
}

/**
 * Verifies a Stripe-signed body with `secret` and answers its dispute signal (or ignored): the demo
 * provider's dispute webhook uses Stripe's scheme (decision 076).
 */
export function decodeSignedDisputeEvent(request: PaymentSignalRequest, secret: string): PaymentSignal {
  let event: Stripe.Event;
  try {
    event = verifier.webhooks.constructEvent(
      request.rawBody,
      headerValue(request.headers['stripe-signature']),
      secret,
    );
  } catch {
    throw new AppError('VALIDATION_FAILED', INVALID_SIGNATURE_MESSAGE);
  }
  return DISPUTE_EVENTS.has(event.type)
    ? toDisputeSignal(event, event.data.object as Stripe.Dispute)
    : { kind: 'ignored' };
}

/** Stripe's webhook verifier needs no key or network. */
const verifier = new Stripe('sk_unused_for_webhooks');

/** Decodes a verified Stripe event into a payment signal. */
function toPaymentSignal(event: Stripe.Event): PaymentSignal {
  if (DISPUTE_EVENTS.has(event.type)) return toDisputeSignal(event, event.data.object as Stripe.Dispute);
  if (event.type === 'charge.refunded') return toRefundedSignal(event, event.data.object);
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') {
    return { kind: 'ignored' };
  }
  const intent = event.data.object;
  const orderId = orderIdOf(intent);
  if (orderId === null) return { kind: 'ignored' };
  const payload = { eventId: event.id, type: event.type, paymentIntentId: intent.id };
  if (event.type === 'payment_intent.succeeded') {
    // Keyed by the PaymentIntent, not the event: the webhook and reconciliation then share one key.
    return {
      kind: 'completed',
      orderId,
      eventKey: intent.id,
      amountCents: intent.amount_received || intent.amount,
      currency: intent.currency,
      payload,
    };
  }
  return {
    kind: 'failed',
    orderId,
    eventKey: event.id,
    reason: intent.last_payment_error?.message ?? 'payment_failed',
    payload,
  };
}

/** Stripe caps each metadata value at 500 characters. */
const METADATA_VALUE_MAX = 500;

/**
 * A Stripe failure as an AppError saying what was attempted. Stripe's own words are kept when it
 * refused the request (over-refund, wrong state); outages and key problems are only logged in full.
 */
function stripeFailure(action: string, err: unknown, ctx: PaymentContext): AppError {
  if (err instanceof AppError) return err;
  const isRefusal =
    err instanceof Stripe.errors.StripeInvalidRequestError ||
    err instanceof Stripe.errors.StripeCardError ||
    err instanceof Stripe.errors.StripeIdempotencyError;
  if (isRefusal) {
    const code = err.code ? ` (${err.code})` : '';
    return new AppError('PAYMENT_FAILED', `${action}: Stripe refused: ${err.message}${code}`);
  }
  ctx.log.error({ err }, `${action}: Stripe call failed`);
  return new AppError('PAYMENT_FAILED', `${action}: Stripe could not be reached or rejected our keys`);
}

/** Our refund statuses for a Stripe Refund; failed and canceled refunds moved no money and throw. */
function toRefundResult(refund: Stripe.Refund, action: string): RefundResult {
  switch (refund.status) {
    case 'succeeded':
      return { status: 'succeeded', reference: refund.id };
    case 'pending':
    case 'requires_action':
      return { status: 'pending', reference: refund.id };
    default:
      throw new AppError(
        'PAYMENT_FAILED',
        `${action}: Stripe refund ${refund.id} is ${refund.status ?? 'unknown'}${refund.failure_reason ? ` (${refund.failure_reason})` : ''}`,
      );
  }
}

/**
 * Refunds `amountCents` of a PaymentIntent, once per refundId. Our reason goes to metadata: Stripe's
 * own `reason` only takes duplicate, fraudulent or requested_by_customer.
 */
async function refundPaymentIntent(
  client: Stripe,
  input: RefundPaymentInput,
  ctx: PaymentContext,
): Promise<RefundResult> {
  const action = `Refund ${input.refundId} of order ${input.orderId}`;
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new AppError('UNPROCESSABLE', `${action}: the amount must be a positive number of cents`);
  }
  let refund: Stripe.Refund;
  try {
    refund = await client.refunds.create(
      {
        payment_intent: input.providerRef,
        amount: input.amountCents,
        metadata: {
          orderId: String(input.orderId),
          refundId: String(input.refundId),
          reason: input.reason.slice(0, METADATA_VALUE_MAX),
        },
      },
      { idempotencyKey: refundIdempotencyKey(input.refundId) },
    );
  } catch (err) {
    throw stripeFailure(action, err, ctx);
  }
  return toRefundResult(refund, action);
}

/**
 * Cancels a PaymentIntent whose checkout hold lapsed. Stripe answers payment_intent_unexpected_state
 * for one that is already canceled, succeeded or processing; that is an answer, not a failure.
 */
async function cancelPaymentIntent(
  client: Stripe,
  providerRef: string,
  ctx: PaymentContext,
): Promise<CancelPaymentResult> {
  const action = `Cancelling PaymentIntent ${providerRef}`;
  try {
    await client.paymentIntents.cancel(providerRef, { cancellation_reason: 'abandoned' });
    return 'canceled';
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw stripeFailure(action, err, ctx);
    if (err.code !== 'payment_intent_unexpected_state') throw stripeFailure(action, err, ctx);
    let status = err.payment_intent?.status;
    if (!status) {
      try {
        status = (await client.paymentIntents.retrieve(providerRef)).status;
      } catch (retrieveErr) {
        throw stripeFailure(action, retrieveErr, ctx);
      }
    }
    if (status === 'canceled') return 'canceled';
    ctx.log.warn({ providerRef, status }, 'PaymentIntent not cancellable: the buyer paid or is paying');
    return 'not_cancellable';
  }
}

/** Stripe's evidence fields from ours (decision 076). */
function toStripeEvidence(evidence: DisputeEvidence): Stripe.DisputeUpdateParams.Evidence {
  const fields: Stripe.DisputeUpdateParams.Evidence = {};
  if (evidence.productDescription) fields.product_description = evidence.productDescription;
  if (evidence.customerEmailAddress) fields.customer_email_address = evidence.customerEmailAddress;
  if (evidence.customerPurchaseIp) fields.customer_purchase_ip = evidence.customerPurchaseIp;
  if (evidence.shippingTrackingNumber) fields.shipping_tracking_number = evidence.shippingTrackingNumber;
  if (evidence.shippingCarrier) fields.shipping_carrier = evidence.shippingCarrier;
  if (evidence.shippingDate) fields.shipping_date = evidence.shippingDate;
  if (evidence.serviceDate) fields.service_date = evidence.serviceDate;
  if (evidence.uncategorizedText) fields.uncategorized_text = evidence.uncategorizedText;
  return fields;
}

/** The Stripe adapter for card payments. */
export function createStripeProvider(
  settings: StripeSettings,
  client: Stripe = createStripeClient(settings),
): PaymentProvider {
  return {
    name: 'stripe',
    mode: 'live',
    methods: ['card'],
    webhookPaths: [STRIPE_WEBHOOK_PATH],
    createPayment: async (order): Promise<CreatedPayment> => {
      const intent = await client.paymentIntents.create(
        {
          amount: order.totalCents,
          currency: 'usd',
          allowed_payment_method_types: ['card'],
          description: order.description,
          receipt_email: order.buyerEmail,
          metadata: { orderId: String(order.id), orderType: order.orderType },
        },
        { idempotencyKey: paymentIntentIdempotencyKey(order) },
      );
      if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
      const stripeUrl = stripeProcessingUrl(order);
      return {
        redirectUrl: stripeUrl,
        providerRef: intent.id,
        clientSecret: intent.client_secret,
        paymentIntentId: intent.id,
        stripeUrl,
      };
    },
    lookupPayment: async (providerRef) => toPaymentLookup(await client.paymentIntents.retrieve(providerRef)),
    handleSignal: async (request: PaymentSignalRequest) => {
      let event: Stripe.Event;
      try {
        // The signature covers the exact bytes Stripe sent, so the raw body is verified, never re-serialized JSON.
        event = client.webhooks.constructEvent(
          request.rawBody,
          headerValue(request.headers['stripe-signature']),
          settings.webhookSecret,
        );
      } catch {
        throw new AppError('VALIDATION_FAILED', INVALID_SIGNATURE_MESSAGE);
      }
      return toPaymentSignal(event);
    },
    refundPayment: (input, ctx) => refundPaymentIntent(client, input, ctx),
    cancelPayment: (providerRef, ctx) => cancelPaymentIntent(client, providerRef, ctx),
    submitDisputeEvidence: async (disputeId, evidence, ctx) => {
      try {
        await client.disputes.update(disputeId, { evidence: toStripeEvidence(evidence), submit: true });
      } catch (err) {
        throw stripeFailure(`Submitting evidence for dispute ${disputeId}`, err, ctx);
      }
    },
  };
}

/** Registered in PAYMENT_PROVIDER_FACTORIES: live card payments when the Stripe keys are configured. */
export function stripeProviderFactory(config: Config): PaymentProvider | null {
  return config.stripe ? createStripeProvider(config.stripe) : null;
}
