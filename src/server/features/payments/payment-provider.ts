/**
 * The payment-provider interface (docs/decisions/002-payment-providers.md). Checkout and orders talk
 * only to this; each provider (demo, Stripe, PayPal, Solana Pay) is an adapter behind it, chosen at
 * start-up from the configuration by payments.registry.ts.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentMethod } from '#shared/settings.schemas.ts';
import type { Db } from '#server/db/client.ts';

/** Which provider handles an order's payment; stored on the order as paymentProvider. */
export type PaymentProviderName = 'demo' | 'stripe' | 'paypal' | 'solana';

/** demo: completed through the /payment-processing simulation; live: only by the provider's verified signal. */
export type PaymentMode = 'demo' | 'live';

/** What a provider is told about an order it must charge. Amounts were fixed at checkout. */
export type PaymentOrder = {
  id: number;
  orderType: 'mint' | 'purchase' | 'shipping';
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
export type PaymentLookupStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'expired';

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
  /** Verified but not about a payment we act on (another event type): acknowledged, nothing changes. */
  | { kind: 'ignored' };

/** An incoming webhook request: the raw body is kept so signatures can be checked byte for byte. */
export type PaymentSignalRequest = {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
};

/**
 * A payment provider adapter.
 * - createPayment: starts a payment for a committed order; called AFTER the checkout transaction
 *   (it may call the network). Throwing makes the checkout fail with PAYMENT_FAILED and frees the chip.
 * - lookupPayment: asks the provider about a payment (background reconciliation of pending orders).
 * - handleSignal: verifies and decodes a webhook posted to POST /api/payments/{name}/webhook; throw an
 *   AppError (e.g. FORBIDDEN) when the signature is wrong. The route applies the signal with
 *   completeOrderPayment / failOrderPayment, so a provider never changes an order itself.
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
  /** Extra paths for the same webhook (e.g. POST /api/webhooks/stripe, as configured at the provider). */
  webhookPaths?: readonly string[];
};
