/**
 * The payment-provider interface (docs/decisions/002-payment-providers.md). Checkout and orders talk
 * only to this; each provider (demo, Stripe, PayPal, Solana Pay) is an adapter behind it, chosen at
 * start-up from the configuration by payments.registry.ts.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { OrderKind } from '#shared/orders.schemas.ts';
import type { PaymentMethod } from '#shared/settings.schemas.ts';
import type { Db } from '#server/db/client.ts';
import type { DisputeEvidence, DisputeStatus } from '#shared/disputes.schemas.ts';

/** Which provider handles an order's payment; stored on the order as paymentProvider. */
export type PaymentProviderName = 'demo' | 'stripe' | 'paypal' | 'solana';

/** demo: completed through the /payment-processing simulation; live: only by the provider's verified signal. */
type PaymentMode = 'demo' | 'live';

/** What a provider is told about an order it must charge. Amounts were fixed at checkout. */
export type PaymentOrder = {
  id: number;
  orderType: OrderKind;
  paymentMethod: PaymentMethod;
  /** USD total in cents; what card and PayPal charge. */
  totalCents: number;
  currency: 'USD';
  /** Token amount (6 decimals) for the total at the quoted price; what a token payment must send. */
  artchipAmount: string | null;
  tokenPriceUsd: string | null;
  /** The quoted amounts hold until then; a provider may expire its payment request with it. */
  quoteExpiresAt: Date | null;
  /** One line for the provider's receipt ("Artchip: Sunset"). */
  description: string;
  buyerEmail: string;
  chipId: number | null;
  /** The seller's PayPal e-mail for direct-PayPal purchases (chips with paypalEnabled). */
  sellerPaypalEmail: string | null;
};

/**
 * What a provider may use: the database (to read orders; never inside the caller's transaction), a
 * logger and the public origin. Adapters are pure: they register no routes and never see the app.
 */
export type PaymentContext = { db: Db; log: FastifyBaseLogger; publicUrl: string };

/**
 * The result of starting a payment. redirectUrl is where the browser goes next; the method-specific
 * fields are the spec's checkout response (card: clientSecret, paymentIntentId, stripeUrl; PayPal:
 * paypalUrl; token: artchipUrl). providerRef is the provider's id for the payment (PaymentIntent id,
 * PayPal order id, Solana Pay reference), stored on the order and unique per provider.
 */
export type CreatedPayment = {
  redirectUrl: string;
  providerRef?: string;
  clientSecret?: string;
  paymentIntentId?: string;
  stripeUrl?: string;
  paypalUrl?: string;
  artchipUrl?: string;
};

/** Where a payment stands at the provider. */
type PaymentLookupStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'expired';

/** A provider's answer about one payment; completed answers carry what completeOrderPayment needs. */
export type PaymentLookup = {
  status: PaymentLookupStatus;
  /** Unique per real-world payment at this provider (e.g. the charge id, the transaction signature). */
  eventKey?: string;
  amountCents?: number;
  currency?: string;
  reason?: string;
};

/** A verified provider signal (webhook, capture, confirmed transfer), decoded by handleSignal. */
export type PaymentSignal =
  | {
      kind: 'completed';
      orderId: number;
      eventKey: string;
      amountCents: number;
      currency: string;
      payload?: Record<string, unknown>;
    }
  | { kind: 'failed'; orderId: number; eventKey: string; reason: string; payload?: Record<string, unknown> }
  /**
   * A dispute (chargeback) opened, moved or closed at the provider (decision 076). paymentKey is the
   * disputed payment's completion key (PaymentIntent id, PayPal capture id); eventKey is unique per
   * delivery of the provider's event, so each counts once.
   */
  | {
      kind: 'dispute';
      eventKey: string;
      type: string;
      paymentKey: string;
      providerDisputeId: string;
      status: DisputeStatus;
      reason: string | null;
      amountCents: number;
      currency: string;
      evidenceDueBy: Date | null;
      payload?: Record<string, unknown>;
    }
  /**
   * Money given back at the provider, ours or made in its dashboard (Stripe charge.refunded):
   * `amountRefundedCents` is everything refunded of that payment so far (decision 076).
   */
  | {
      kind: 'refunded';
      eventKey: string;
      paymentKey: string;
      amountRefundedCents: number;
      currency: string;
      reference: string | null;
      payload?: Record<string, unknown>;
    }
  /** Verified but not about a payment we act on (another event type): acknowledged, nothing changes. */
  | { kind: 'ignored' };

/** An incoming webhook request: the raw body is kept so signatures can be checked byte for byte. */
export type PaymentSignalRequest = {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
};

/** What a refund asks of a provider: part or all of the payment recorded as providerRef on the order. */
export type RefundPaymentInput = {
  /** The order's providerRef: PaymentIntent id, PayPal order id, Solana Pay reference or demo token. */
  providerRef: string;
  orderId: number;
  /** Our refund's id; the provider call is idempotent per refund (see refundIdempotencyKey). */
  refundId: number;
  /** USD cents to return; at most what was received less what was already refunded. */
  amountCents: number;
  /** Why, for our records and the provider's dashboard; never shown to the buyer. */
  reason: string;
};

/**
 * Where a refund stands after the provider call. succeeded: the money is on its way back; pending: the
 * provider accepted it but has not settled it (a later provider signal or dashboard check settles it);
 * manual: no money moved, an admin must send it and record its reference (e.g. the on-chain signature).
 */
type RefundStatus = 'succeeded' | 'pending' | 'manual';

/** A provider's answer to a refund: reference is its id for the refund (null when manual). */
export type RefundResult = { status: RefundStatus; reference: string | null };

/**
 * What cancelling a payment did. canceled: it can no longer be paid (also when it already was
 * cancelled); not_cancellable: the buyer's money was already taken or is in flight (succeeded,
 * processing), so the caller must treat the payment as made and refund it if it cannot be fulfilled.
 */
export type CancelPaymentResult = 'canceled' | 'not_cancellable';

/**
 * The idempotency key of a refund at the provider (Stripe's Idempotency-Key, PayPal-Request-Id): a
 * retried refund call, after a timeout or a crash, returns the first call's refund instead of paying twice.
 */
export function refundIdempotencyKey(refundId: number): string {
  return `refund-${refundId}`;
}

/**
 * A payment provider adapter.
 * - createPayment: starts a payment for a committed order; called AFTER the checkout transaction
 *   (it may call the network). Throwing makes the checkout fail with PAYMENT_FAILED and frees the chip.
 * - lookupPayment: asks the provider about a payment (background reconciliation of pending orders).
 * - handleSignal: verifies and decodes a webhook posted to POST /api/payments/{name}/webhook; throw an
 *   AppError (e.g. FORBIDDEN) when the signature is wrong. The route applies the signal with
 *   completeOrderPayment / failOrderPayment, so a provider never changes an order itself.
 * - refundPayment: returns money for a completed payment; idempotent per refundId, so the caller may
 *   retry it. Called outside any transaction. A refusal (e.g. more than the unrefunded amount) throws an
 *   AppError with the provider's reason. Stripe refunds the PaymentIntent; PayPal the order's capture
 *   (manual when a direct-PayPal payment went to the seller's own account); demo succeeds at once;
 *   Solana answers manual (an admin sends the tokens back and records the transfer's signature).
 * - cancelPayment: makes an unpaid payment unpayable when its checkout hold lapses (Stripe cancels the
 *   PaymentIntent). Never throws for a payment that already succeeded: it answers not_cancellable.
 *   Providers whose unpaid payments simply expire (PayPal orders, Solana Pay, demo) leave it out.
 * The browser calls a provider's flow needs (PayPal capture, the token payment page) are routes of
 * payments.routes.ts, registered when that provider is live.
 */
export type PaymentProvider = {
  name: PaymentProviderName;
  mode: PaymentMode;
  /** The payment methods this provider can take. */
  methods: readonly PaymentMethod[];
  createPayment: (order: PaymentOrder, ctx: PaymentContext) => Promise<CreatedPayment>;
  lookupPayment?: (providerRef: string, ctx: PaymentContext) => Promise<PaymentLookup>;
  handleSignal?: (request: PaymentSignalRequest, ctx: PaymentContext) => Promise<PaymentSignal>;
  refundPayment?: (input: RefundPaymentInput, ctx: PaymentContext) => Promise<RefundResult>;
  cancelPayment?: (providerRef: string, ctx: PaymentContext) => Promise<CancelPaymentResult>;
  /** Sends an admin's evidence for a dispute to the provider and submits it (decision 076; Stripe). */
  submitDisputeEvidence?: (
    providerDisputeId: string,
    evidence: DisputeEvidence,
    ctx: PaymentContext,
  ) => Promise<void>;
  /** Extra paths for the same webhook (e.g. POST /api/webhooks/stripe, as configured at the provider). */
  webhookPaths?: readonly string[];
};
