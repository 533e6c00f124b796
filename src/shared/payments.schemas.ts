/**
 * Live payments on the wire: which provider takes each method (GET /api/payments/config), the
 * PayPal browser-flow calls (spec §7 /paypal/*) and the token (Solana Pay) payment page.
 */
import { z } from 'zod';
import { IdSchema, PaymentModeSchema } from './checkout.schemas.ts';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from './orders.schemas.ts';
import { PaymentMethodSchema } from './settings.schemas.ts';

/** The browser page of a token payment: /token-payment?orderId=&reference=. */
export const TOKEN_PAYMENT_PATH = '/token-payment';

/** One payment method and the provider that takes it now; 'demo' methods are labelled 'Demo'. */
const PaymentMethodConfigSchema = z.object({
  method: PaymentMethodSchema,
  mode: PaymentModeSchema,
  provider: z.enum(PAYMENT_PROVIDERS),
});

/**
 * GET /api/payments/config (public): per method, live or demo, and the public keys the browser
 * needs for the live ones. A method missing from `methods` cannot be paid on this deployment.
 */
export const PaymentsConfigSchema = z.object({
  methods: z.array(PaymentMethodConfigSchema),
  stripe: z.object({ publishableKey: z.string() }).nullable(),
  paypal: z.object({ clientId: z.string() }).nullable(),
  solana: z.object({ tokenMint: z.string(), treasuryWallet: z.string() }).nullable(),
});

/** What the browser knows about live and demo payments. */
export type PaymentsConfig = z.infer<typeof PaymentsConfigSchema>;

/** GET /paypal/setup: the client id for the PayPal JS SDK (clientToken only for hosted card fields). */
export const PaypalSetupResponseSchema = z.object({
  clientId: z.string(),
  clientToken: z.string().optional(),
});

/**
 * POST /paypal/order body. The spec's {amount, currency, intent} are accepted and IGNORED: the
 * amount charged is always the order's server-computed total.
 */
export const PaypalCreateOrderRequestSchema = z.object({
  orderId: z.coerce.number({ error: 'Invalid payment parameters. Please try again.' }).pipe(IdSchema),
  amount: z.unknown().optional(),
  currency: z.unknown().optional(),
  intent: z.unknown().optional(),
});

/** POST /paypal/order answer: the PayPal order id the JS SDK buttons approve. */
export const PaypalCreateOrderResponseSchema = z.object({ id: z.string() });

/** POST /paypal/order/:id/capture path: the PayPal order id. */
export const PaypalOrderParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid PayPal order'),
});

/** POST /paypal/order/:id/capture answer: COMPLETED once paid; PENDING when PayPal holds the capture. */
export const PaypalCaptureResponseSchema = z.object({
  id: z.string(),
  status: z.string(),
  orderId: z.number().int(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
});

/** What a capture answers. */
export type PaypalCaptureResponse = z.infer<typeof PaypalCaptureResponseSchema>;

/** A Solana Pay reference: a base58 public key (32 bytes), unique per order. */
const SolanaReferenceSchema = z
  .string()
  .trim()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Invalid payment reference');

/** GET /api/payments/solana/:orderId[/qr.svg] query: the order's reference, for buyers without a session. */
export const TokenPaymentQuerySchema = z.object({ reference: SolanaReferenceSchema.optional() });

/** GET /api/payments/solana/:orderId params. */
export const TokenPaymentParamsSchema = z.object({ orderId: z.coerce.number().pipe(IdSchema) });

/** GET /api/payments/solana/:orderId: what the token payment page shows and polls. */
export const TokenPaymentSchema = z.object({
  orderId: z.number().int(),
  /** The Solana Pay transfer request (solana:<treasury>?amount=…&spl-token=…&reference=…). */
  paymentUrl: z.string(),
  reference: z.string(),
  /** Tokens to send (decimal string). */
  artchipAmount: z.string(),
  totalCents: z.number().int(),
  /** The quote holds until then; the page counts down to it. */
  quoteExpiresAt: z.string().nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** True when a transfer was found that does not pay the order (too little, wrong token or wallet). */
  isFlagged: z.boolean(),
});

/** The token payment page's data. */
export type TokenPayment = z.infer<typeof TokenPaymentSchema>;
