/**
 * Checkout on the wire: POST /api/checkout (and its legacy alias POST /api/purchase), the live quote
 * the checkout dialog shows (POST /api/checkout/quote) and the guest hand-out on /checkout-success.
 * The server recomputes every amount; a client's orderSummary is accepted and ignored.
 */
import { z } from 'zod';
import { CHIP_SHAPES, ChipCropSchema, HttpUrlOrEmptySchema } from './chips.schemas.ts';
import { ORDER_KINDS, ORDER_TYPES, SHIPPING_OPTIONS } from './pricing.ts';
import { PaymentMethodInputSchema, PaymentMethodSchema } from './settings.schemas.ts';
import { BRAND } from './brand.ts';
import { IMAGE_REQUIRED_MESSAGE } from './media.schemas.ts';
import { MAX_ID } from './input.ts';

/** Title limit of a minted chip (spec §5: 'Title must be less than 100 characters'). */
const MINT_TITLE_MAX_LENGTH = 100;

/** Description limit of a minted chip (spec §5: at most 500). */
const MINT_DESCRIPTION_MAX_LENGTH = 500;

/** How long a checkout holds a chip and its quoted price: 15 minutes. */
export const CHECKOUT_HOLD_MINUTES = 15;

/**
 * POST /api/orders/:id/payment-started: the payment page says its buyer is paying now (before it
 * hands the payment to the provider). `token` is the guest checkout's token, or the demo payment
 * token, for a buyer without a session. The answer is how long the chip is kept for them (null for
 * orders without a chip to keep).
 */
export const CHECKOUT_EXPIRED_MESSAGE = 'This checkout has expired. Please check out again.';
export const ORDER_ALREADY_PAID_MESSAGE = 'This order is already paid.';
export const PaymentStartedRequestSchema = z.object({ token: z.string().min(1).max(200).optional() });
export const PaymentStartedResponseSchema = z.object({ holdUntil: z.string().nullable() });
export type PaymentStartedResponse = z.infer<typeof PaymentStartedResponseSchema>;

/** Spec §5 message for a bad e-mail address. */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/** Spec §5 message when shipping without a chosen address. */
export const SELECT_ADDRESS_MESSAGE = 'Please select a shipping address';

/** Spec §5 message for a new address with a required field missing. */
export const INCOMPLETE_ADDRESS_MESSAGE = 'Please fill in all required address fields';

/** Spec §5 message when a visitor tries to mint. */
export const MINT_LOGIN_REQUIRED_MESSAGE = `You must be logged in to mint ${BRAND.plural}.`;

/** Answered (409 CONFLICT) when a signed-out checkout uses a registered e-mail: never signs anyone in. */
export const EMAIL_REGISTERED_MESSAGE = 'This email is already registered. Please sign in to continue.';

/**
 * Answered (409 CONFLICT) when a signed-out checkout uses the e-mail of an account without a password
 * (an earlier guest checkout made it): nothing is bought into it until its owner proves the address,
 * so the owner is mailed a link to set a password and sign in (docs/decisions/035).
 */
export const GUEST_ACCOUNT_EXISTS_MESSAGE =
  "This email already has an account. We've emailed it a link to set a password: set one, then sign in to continue.";

/**
 * Open checkout holds one account (signed in, or a guest e-mail's) may have at once from any address,
 * and one client network (an IPv4 address or an IPv6 /64) whatever the accounts (issue 14, finding 4;
 * docs/decisions/041).
 */
export const MAX_OPEN_HOLDS = 2;

/** A third checkout while two others of the same account, or of the same client network, hold their chips. */
export const HOLD_LIMIT_MESSAGE = `${MAX_OPEN_HOLDS} checkouts on your account or from your network are already waiting for payment. Pay for one of them, or wait until one lapses, before starting another.`;

/** Answered (409 CONFLICT) while another buyer's unpaid checkout holds the chip. */
export const CHIP_RESERVED_MESSAGE = `This ${BRAND.name} is being purchased by someone else. Please try again in a few minutes.`;

/** Largest database id (PostgreSQL integer); bigger ids are simply not found. */
export { MAX_ID };

/** A database id in a body or path. */
export const IdSchema = z.number().int().positive().max(MAX_ID);

/** Mint or purchase (spec §3). */
export const OrderTypeSchema = z.enum(ORDER_TYPES, { error: 'Invalid order type' });

/** Ship the chip, or keep it in the vault (free). */
export const ShippingOptionSchema = z.enum(SHIPPING_OPTIONS, { error: 'Please choose ship or store' });

/**
 * A destination country: an ISO 3166 code (checkAddress tells a new address's unknown country). A
 * quote takes any text here (an old order's "other"); anything but the US is priced international.
 */
export const ShippingCountrySchema = z
  .string({ error: 'Please choose a country' })
  .trim()
  .max(60, 'Please choose a country');

/** An e-mail that may be left empty (mint orders hide the field; signed-in buyers need none). */
export const OptionalEmailSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .refine((value) => value === '' || z.email().max(254).safeParse(value).success, INVALID_EMAIL_MESSAGE);

/** What the create dialog collects for a mint; imageUrl comes from POST /api/media, uploaded first. */
export const MintDataSchema = z
  .object({
    isSurprize: z.boolean().default(false),
    title: z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(MINT_TITLE_MAX_LENGTH - 1, 'Title must be less than 100 characters'),
    description: z
      .string()
      .trim()
      .max(MINT_DESCRIPTION_MAX_LENGTH, 'Description must be less than 500 characters')
      .optional(),
    /** URL returned by POST /api/media; required for custom mints, ignored for surprize mints. */
    imageUrl: z.string().trim().max(500).optional(),
    associatedUrl: HttpUrlOrEmptySchema.optional(),
    /** Round or square, chosen in the mint studio (spec §3 chip shape). */
    shape: z.enum(CHIP_SHAPES, { error: 'Shape must be round or square' }).default('round'),
    /** Where the creator placed their image in the disc; custom mints only (a surprize mint's art is ours). */
    crop: ChipCropSchema.optional(),
  })
  .superRefine((mint, ctx) => {
    if (!mint.isSurprize && !mint.imageUrl) {
      ctx.addIssue({ code: 'custom', path: ['imageUrl'], message: IMAGE_REQUIRED_MESSAGE });
    }
  });

/** The mint part of a checkout request. */
export type MintData = z.infer<typeof MintDataSchema>;

/** The client's own summary (spec §3 orderSummary): accepted for compatibility and never trusted. */
export const ClientOrderSummarySchema = z
  .object({
    basePrice: z.unknown(),
    discount: z.unknown(),
    shipping: z.unknown(),
    total: z.unknown(),
    artchipAmount: z.unknown(),
  })
  .partial()
  .loose();

/** POST /api/purchase body: the legacy buy dialog; a card purchase kept in the vault. */
export const LegacyPurchaseRequestSchema = z.object({
  productId: z.coerce
    .number({ error: `Please choose an ${BRAND.name} to buy` })
    .int()
    .positive()
    .max(MAX_ID),
});

/** The server-computed order summary, in cents; artchipAmount is the token amount (6 decimals). */
const OrderSummarySchema = z.object({
  basePriceCents: z.number().int(),
  discountCents: z.number().int(),
  /** Direct-PayPal convenience fee (paypalMarkupPercent of the base price). */
  markupCents: z.number().int(),
  shippingCents: z.number().int(),
  /**
   * Shipping protection (decision 066): insurance and signature on delivery for a shipped chip priced
   * above insuredShippingThresholdUsd, at insuredShippingPercent of its price; 0 otherwise.
   */
  insuranceCents: z.number().int(),
  totalCents: z.number().int(),
  /** Tokens for the total at tokenPriceUsd, decimal string with 6 places. */
  artchipAmount: z.string(),
  /** USD per token used for this quote. */
  tokenPriceUsd: z.string(),
  /** True when no live token price is known and the settings' fallback price was used. */
  isFallbackPrice: z.boolean(),
  /** The quoted amounts hold until then (15 minutes). */
  quoteExpiresAt: z.string(),
});

/** The server-computed order summary. */
export type OrderSummaryDto = z.infer<typeof OrderSummarySchema>;

/** demo: completes on /payment-processing; live: through the real provider. */
export const PaymentModeSchema = z.enum(['demo', 'live']);

/** A payment method the order type offers right now, and whether it is a demo (label it 'Demo'). */
export const PaymentOptionSchema = z.object({
  method: PaymentMethodSchema,
  mode: PaymentModeSchema,
});

/** One offered payment method. */
export type PaymentOption = z.infer<typeof PaymentOptionSchema>;

/** POST /api/checkout/quote body: what the summary depends on (auth optional; offers need the buyer). */
export const QuoteRequestSchema = z
  .object({
    orderType: OrderTypeSchema,
    paymentMethod: PaymentMethodInputSchema,
    shippingOption: ShippingOptionSchema,
    /** Country of the destination; taken from shippingAddressId when that is a saved address. */
    country: ShippingCountrySchema.default('US'),
    shippingAddressId: z.union([IdSchema, z.literal('new')]).nullish(),
    artchipId: IdSchema.optional(),
    offerId: IdSchema.optional(),
    /** For mints: surprize (admin-made artwork) or custom. */
    isSurprize: z.boolean().default(false),
  })
  .superRefine((req, ctx) => {
    if (req.orderType === 'purchase' && req.artchipId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['artchipId'], message: `Please choose an ${BRAND.name} to buy` });
    }
  });

/** A quote request as the server sees it. */
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;

/** A quote request as a client writes it. */
export type QuoteRequestInput = z.input<typeof QuoteRequestSchema>;

/** POST /api/checkout/quote answer: the live summary plus the methods this order type offers. */
export const QuoteResponseSchema = z.object({
  summary: OrderSummarySchema,
  paymentOptions: z.array(PaymentOptionSchema),
  /** False when the chosen method is not offered for this order type (the summary is still priced). */
  isPaymentMethodAllowed: z.boolean(),
});

/** The live summary the checkout dialog shows. */
export type QuoteResponse = z.infer<typeof QuoteResponseSchema>;

/**
 * POST /api/checkout answer. Go to redirectUrl. Card (Stripe) also gives clientSecret and
 * paymentIntentId (store them for /stripe-processing) and stripeUrl; PayPal paypalUrl; the token
 * artchipUrl. In demo mode every method's URL is the /payment-processing simulation.
 */
export const CheckoutResponseSchema = z.object({
  orderId: z.number().int(),
  clientSecret: z.string().optional(),
  paymentIntentId: z.string().optional(),
  stripeUrl: z.string().optional(),
  paypalUrl: z.string().optional(),
  artchipUrl: z.string().optional(),
  redirectUrl: z.string(),
  /** True when this guest checkout created the buyer's (passwordless) account. */
  newAccount: z.boolean(),
  /**
   * A guest checkout's one-time token: it lets this browser follow the order on /checkout-success
   * and, with newAccount, claim the new account there. Nobody else can; the address's owner can
   * always claim it by e-mail.
   */
  guestToken: z.string().optional(),
  /** The buyer's e-mail, for /checkout-success?email=. */
  email: z.string(),
  paymentMode: PaymentModeSchema,
  summary: OrderSummarySchema,
});

/** What a checkout answers. */
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

/**
 * POST /api/orders/:id/pay body (Pay now): the method to pay an unpaid or failed order again with;
 * by default the order's own method, if still offered.
 */
export const PayOrderRequestSchema = z.object({ paymentMethod: PaymentMethodSchema.optional() });

/** What Pay now sends. */
export type PayOrderRequest = z.infer<typeof PayOrderRequestSchema>;

/**
 * GET /api/orders/:id/checkout-success query: the buyer's e-mail (from the success URL) and the
 * guest token the checkout handed to this browser.
 */
export const CheckoutSuccessQuerySchema = z.object({
  email: OptionalEmailSchema.optional(),
  token: z.string().min(1).max(200).optional(),
});

/**
 * GET /api/orders/:id/checkout-success answer. setPasswordToken is handed out once, only for a paid
 * guest order less than an hour old, to the browser holding its guest token; use it on
 * /set-password?token=…&email=… ('Set Up Password'). Otherwise null ('View My Orders').
 */
export const CheckoutSuccessResponseSchema = z.object({
  orderId: z.number().int(),
  orderType: z.enum(ORDER_KINDS),
  paymentStatus: z.enum(['pending', 'processing', 'completed', 'failed', 'refunded']),
  isNewAccount: z.boolean(),
  setPasswordToken: z.string().nullable(),
});

/** The /checkout-success hand-out. */
export type CheckoutSuccessResponse = z.infer<typeof CheckoutSuccessResponseSchema>;
