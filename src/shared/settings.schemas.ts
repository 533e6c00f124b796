/**
 * Site settings on the wire (GET/PUT /api/site-settings): every fee, price and percentage the site
 * states comes from here (PRODUCT.md "One source of truth for money"). Amounts travel as decimal
 * strings; code works on the all-integer PricingSettings from toPricingSettings.
 */
import { z } from 'zod';
import {
  basisPointsToPercentString,
  centsToUsdString,
  parsePercentToBasisPoints,
  parseUsdToCents,
  TOKEN_PRICE_MAX_DECIMALS,
} from './money.ts';

/** Payment methods the product knows, in display order. */
export const PAYMENT_METHODS = ['card', 'paypal', 'artchip'] as const;

/** A payment method as stored and sent by current clients. */
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, { error: 'Invalid payment method' });

/** A payment method: card, PayPal or the $ARTCHIP token. */
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** Old spec spellings of the card method ('usd' in the newer form, 'creditcard' in the older). */
const LEGACY_PAYMENT_METHOD_ALIASES = { usd: 'card', creditcard: 'card' } as const;

/** Maps a legacy payment method value to the current one and leaves anything else as is. */
export function normalizeLegacyPaymentMethod(value: unknown): unknown {
  return value === 'usd' || value === 'creditcard' ? LEGACY_PAYMENT_METHOD_ALIASES[value] : value;
}

/**
 * Request-side payment method that also accepts 'usd' and 'creditcard' as 'card'. A codec rather
 * than z.preprocess because fastify-type-provider-zod serializes with z.encode, which rejects
 * one-way transforms; the codec encodes as the identity so it is safe in responses too.
 */
export const PaymentMethodInputSchema = z.codec(
  z.enum([...PAYMENT_METHODS, 'usd', 'creditcard'], { error: 'Invalid payment method' }),
  PaymentMethodSchema,
  {
    decode: (value) =>
      value === 'usd' || value === 'creditcard' ? LEGACY_PAYMENT_METHOD_ALIASES[value] : value,
    encode: (value) => value,
  },
);

/**
 * USD amount as a decimal string, at most 2 decimals, at least 0; at most 10 whole digits so it fits
 * the database's numeric(12,2). No transforms, so the schema also serializes responses.
 */
const UsdAmountSchema = z
  .string({ error: 'Must be a valid amount' })
  .regex(/^-?\d+(?:\.\d+)?$/, { error: 'Must be a valid amount', abort: true })
  .refine((value) => !value.startsWith('-'), { error: 'Must be 0 or more', abort: true })
  .refine((value) => /^\d+(?:\.\d{1,2})?$/.test(value), {
    error: 'Must have at most 2 decimals',
    abort: true,
  })
  .refine((value) => /^\d{1,10}(?:\.|$)/.test(value), { error: 'Must be less than 10,000,000,000' });

/** Percentage as a decimal string from 0 to 100 in steps of 0.01 ("10.00"). */
const PercentSchema = z
  .string({ error: 'Must be between 0 and 100' })
  .regex(/^-?\d+(?:\.\d+)?$/, { error: 'Must be between 0 and 100', abort: true })
  .refine((value) => !value.startsWith('-') && Number(value) <= 100, {
    error: 'Must be between 0 and 100',
    abort: true,
  })
  .refine((value) => /^\d+(?:\.\d{1,2})?$/.test(value), { error: 'Must have at most 2 decimals' });

/** Token price in USD as a positive plain decimal string ("0.001"). */
const TokenPriceUsdSchema = z
  .string({ error: 'Must be a valid price' })
  .regex(/^\d{1,12}(?:\.\d+)?$/, { error: 'Must be a valid price', abort: true })
  .refine((value) => /[1-9]/.test(value), { error: 'Must be greater than 0', abort: true })
  .refine((value) => (value.split('.')[1] ?? '').length <= TOKEN_PRICE_MAX_DECIMALS, {
    error: `Must have at most ${TOKEN_PRICE_MAX_DECIMALS} decimals`,
  });

/** The payment methods offered for one order type: at least one, none twice. */
const PaymentMethodListSchema = z
  .array(PaymentMethodSchema)
  .min(1, 'Choose at least one payment method')
  .refine((methods) => new Set(methods).size === methods.length, {
    error: 'Each payment method may be listed only once',
  });

/** Which payment methods each order type offers. */
const PaymentMethodsSettingSchema = z.object({
  mint: PaymentMethodListSchema,
  purchase: PaymentMethodListSchema,
});

/** Which payment methods each order type offers. */
export type PaymentMethodsSetting = z.infer<typeof PaymentMethodsSettingSchema>;

/**
 * What the platform fee is a percentage of (PRODUCT.md "Fee base"): 'highest', the chip's highest
 * sale price, this sale included (the spec's rule and the default); or 'sale', this sale's price.
 */
const FEE_BASES = ['highest', 'sale'] as const;

/** The platform fee's base: the chip's highest sale price, or this sale's price. */
const FeeBaseSchema = z.enum(FEE_BASES, { error: "Must be 'highest' or 'sale'" });

/** The platform fee's base: the chip's highest sale price, or this sale's price. */
export type FeeBase = z.infer<typeof FeeBaseSchema>;

const SITE_SETTINGS_SHAPE = {
  customMintingCost: UsdAmountSchema,
  surprizeMintingCost: UsdAmountSchema,
  domesticShippingRate: UsdAmountSchema,
  internationalShippingRate: UsdAmountSchema,
  artchipDiscountPercent: PercentSchema,
  artchipFreeShipping: z.boolean({ error: 'Must be true or false' }),
  platformFeePercent: PercentSchema,
  /**
   * The creator's royalty on every resale, offline transfer and hand-over (issue 31): this percentage
   * of the sale price (of the fee base for transfers), taken out of the platform fee (decision 081).
   */
  creatorRoyaltyPercent: PercentSchema,
  paypalMarkupPercent: PercentSchema,
  tokenFallbackPriceUsd: TokenPriceUsdSchema,
  paymentMethods: PaymentMethodsSettingSchema,
  feeBase: FeeBaseSchema,
  /** Days a seller's proceeds stay on hold after the sale settles, before they can be paid out. */
  payoutHoldDays: z
    .number({ error: 'Must be a whole number of days from 0 to 365' })
    .int({ error: 'Must be a whole number of days from 0 to 365' })
    .min(0, { error: 'Must be a whole number of days from 0 to 365' })
    .max(365, { error: 'Must be a whole number of days from 0 to 365' }),
  /**
   * Days after shipping when a shipment nobody confirmed is delivered by itself (PRODUCT.md
   * "Custody"; decision 064): its buyer's tap or "I received it" delivers it sooner.
   */
  autoDeliveryDays: z
    .number({ error: 'Must be a whole number of days from 1 to 365' })
    .int({ error: 'Must be a whole number of days from 1 to 365' })
    .min(1, { error: 'Must be a whole number of days from 1 to 365' })
    .max(365, { error: 'Must be a whole number of days from 1 to 365' }),
  /**
   * The landing page's under-construction banner (spec §2): on until the shop launches, when an admin
   * switches it off (PRODUCT.md "Numbers shown to people are real").
   */
  showLaunchBanner: z.boolean({ error: 'Must be true or false' }),
  /**
   * Shipping protection (PRODUCT.md "Custody"): a shipped chip priced above this is insured and
   * signed for on delivery, at insuredShippingPercent of its price.
   */
  insuredShippingThresholdUsd: UsdAmountSchema,
  /** Insurance and signature on delivery, as a percentage of the chip's price (0 to 100, 2 decimals). */
  insuredShippingPercent: PercentSchema,
  /**
   * Where owners send chips back to the vault (issue 28), as it should be written on a parcel. Empty:
   * the vault takes nothing in yet, and "Send to the vault" says so.
   */
  vaultAddress: z
    .string({ error: 'Must be text' })
    .trim()
    .max(500, { error: 'Keep the vault address under 500 characters' }),
  /** Buyer protection (decision 070): days after delivery a buyer may report damage or a chip not as described. */
  caseWindowDays: z
    .number({ error: 'Must be a whole number of days from 1 to 365' })
    .int({ error: 'Must be a whole number of days from 1 to 365' })
    .min(1, { error: 'Must be a whole number of days from 1 to 365' })
    .max(365, { error: 'Must be a whole number of days from 1 to 365' }),
  /** Buyer protection: days after shipping a buyer whose chip has not arrived may report it. */
  caseNotReceivedDays: z
    .number({ error: 'Must be a whole number of days from 1 to 365' })
    .int({ error: 'Must be a whole number of days from 1 to 365' })
    .min(1, { error: 'Must be a whole number of days from 1 to 365' })
    .max(365, { error: 'Must be a whole number of days from 1 to 365' }),
  /**
   * Admins must have a second factor (decision 072): while on, once at least one admin has set one up,
   * an admin without one may use nothing but the set-up until they do.
   */
  requireAdminTwoFactor: z.boolean({ error: 'Must be true or false' }),
  /** Decision 071: hours a new payout destination waits before it receives payouts. */
  payoutDestinationHoldHours: z
    .number({ error: 'Must be a whole number of hours from 0 to 720' })
    .int({ error: 'Must be a whole number of hours from 0 to 720' })
    .min(0, { error: 'Must be a whole number of hours from 0 to 720' })
    .max(720, { error: 'Must be a whole number of hours from 0 to 720' }),
  /** Decision 071: proceeds of reselling a chip bought this many days ago or less wait until the purchase is that old. */
  flipHoldDays: z
    .number({ error: 'Must be a whole number of days from 0 to 365' })
    .int({ error: 'Must be a whole number of days from 0 to 365' })
    .min(0, { error: 'Must be a whole number of days from 0 to 365' })
    .max(365, { error: 'Must be a whole number of days from 0 to 365' }),
  /**
   * Reporting thresholds (decision 077): a seller is flagged on the admin's reporting screen when a
   * calendar year's gross sales are MORE than reporting1099kGrossUsd AND its sales MORE than
   * reporting1099kSales (US Form 1099-K), or when its sales reach reportingDac7Sales OR its gross is
   * more than reportingDac7GrossUsd (EU DAC7). The DAC7 figure is EUR 2,000 in law; the shop's money is
   * USD, so it is held here in USD: set it to EUR 2,000 at the ECB rate of the year's last day.
   */
  reporting1099kGrossUsd: UsdAmountSchema,
  reporting1099kSales: z
    .number({ error: 'Must be a whole number of sales from 0 to 1,000,000' })
    .int({ error: 'Must be a whole number of sales from 0 to 1,000,000' })
    .min(0, { error: 'Must be a whole number of sales from 0 to 1,000,000' })
    .max(1_000_000, { error: 'Must be a whole number of sales from 0 to 1,000,000' }),
  reportingDac7GrossUsd: UsdAmountSchema,
  reportingDac7Sales: z
    .number({ error: 'Must be a whole number of sales from 0 to 1,000,000' })
    .int({ error: 'Must be a whole number of sales from 0 to 1,000,000' })
    .min(0, { error: 'Must be a whole number of sales from 0 to 1,000,000' })
    .max(1_000_000, { error: 'Must be a whole number of sales from 0 to 1,000,000' }),
  /** Decision 076: what a lost card or PayPal dispute costs the platform, in cents (the provider's fee). */
  disputeFeeCents: z
    .number({ error: 'Must be a whole number of cents from 0 to 100000' })
    .int({ error: 'Must be a whole number of cents from 0 to 100000' })
    .min(0, { error: 'Must be a whole number of cents from 0 to 100000' })
    .max(100_000, { error: 'Must be a whole number of cents from 0 to 100000' }),
};

/** Site settings without defaults: the type of a complete settings object. */
const CompleteSiteSettingsSchema = z.object(SITE_SETTINGS_SHAPE);

/** Freezes an object and everything inside it, keeping its (mutable) type for ergonomic reads. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Site settings with PRODUCT.md's defaults; a fresh install runs on exactly these. Frozen. */
export const DEFAULT_SITE_SETTINGS: z.infer<typeof CompleteSiteSettingsSchema> = deepFreeze({
  customMintingCost: '15.00',
  surprizeMintingCost: '30.00',
  domesticShippingRate: '10.00',
  internationalShippingRate: '25.00',
  artchipDiscountPercent: '10.00',
  artchipFreeShipping: false,
  platformFeePercent: '30.00',
  creatorRoyaltyPercent: '5.00',
  paypalMarkupPercent: '20.00',
  tokenFallbackPriceUsd: '0.001',
  paymentMethods: { mint: ['card', 'paypal', 'artchip'], purchase: ['card', 'paypal', 'artchip'] },
  feeBase: 'highest',
  payoutHoldDays: 7,
  autoDeliveryDays: 14,
  showLaunchBanner: true,
  insuredShippingThresholdUsd: '500.00',
  insuredShippingPercent: '1.50',
  vaultAddress: '',
  caseWindowDays: 7,
  caseNotReceivedDays: 30,
  requireAdminTwoFactor: true,
  payoutDestinationHoldHours: 72,
  flipHoldDays: 30,
  reporting1099kGrossUsd: '20000.00',
  reporting1099kSales: 200,
  reportingDac7GrossUsd: '2000.00',
  reportingDac7Sales: 30,
  disputeFeeCents: 1500,
});

/** Fresh mutable copy of the default payment methods, so a parsed value never aliases the constant. */
function defaultPaymentMethods(): PaymentMethodsSetting {
  return {
    mint: [...DEFAULT_SITE_SETTINGS.paymentMethods.mint],
    purchase: [...DEFAULT_SITE_SETTINGS.paymentMethods.purchase],
  };
}

/** GET and PUT /api/site-settings body; a missing field takes its default. */
export const SiteSettingsSchema = z.object({
  customMintingCost: SITE_SETTINGS_SHAPE.customMintingCost.default(DEFAULT_SITE_SETTINGS.customMintingCost),
  surprizeMintingCost: SITE_SETTINGS_SHAPE.surprizeMintingCost.default(
    DEFAULT_SITE_SETTINGS.surprizeMintingCost,
  ),
  domesticShippingRate: SITE_SETTINGS_SHAPE.domesticShippingRate.default(
    DEFAULT_SITE_SETTINGS.domesticShippingRate,
  ),
  internationalShippingRate: SITE_SETTINGS_SHAPE.internationalShippingRate.default(
    DEFAULT_SITE_SETTINGS.internationalShippingRate,
  ),
  artchipDiscountPercent: SITE_SETTINGS_SHAPE.artchipDiscountPercent.default(
    DEFAULT_SITE_SETTINGS.artchipDiscountPercent,
  ),
  artchipFreeShipping: SITE_SETTINGS_SHAPE.artchipFreeShipping.default(
    DEFAULT_SITE_SETTINGS.artchipFreeShipping,
  ),
  platformFeePercent: SITE_SETTINGS_SHAPE.platformFeePercent.default(
    DEFAULT_SITE_SETTINGS.platformFeePercent,
  ),
  creatorRoyaltyPercent: SITE_SETTINGS_SHAPE.creatorRoyaltyPercent.default(
    DEFAULT_SITE_SETTINGS.creatorRoyaltyPercent,
  ),
  paypalMarkupPercent: SITE_SETTINGS_SHAPE.paypalMarkupPercent.default(
    DEFAULT_SITE_SETTINGS.paypalMarkupPercent,
  ),
  tokenFallbackPriceUsd: SITE_SETTINGS_SHAPE.tokenFallbackPriceUsd.default(
    DEFAULT_SITE_SETTINGS.tokenFallbackPriceUsd,
  ),
  paymentMethods: SITE_SETTINGS_SHAPE.paymentMethods.default(defaultPaymentMethods),
  feeBase: SITE_SETTINGS_SHAPE.feeBase.default(DEFAULT_SITE_SETTINGS.feeBase),
  payoutHoldDays: SITE_SETTINGS_SHAPE.payoutHoldDays.default(DEFAULT_SITE_SETTINGS.payoutHoldDays),
  autoDeliveryDays: SITE_SETTINGS_SHAPE.autoDeliveryDays.default(DEFAULT_SITE_SETTINGS.autoDeliveryDays),
  showLaunchBanner: SITE_SETTINGS_SHAPE.showLaunchBanner.default(DEFAULT_SITE_SETTINGS.showLaunchBanner),
  insuredShippingThresholdUsd: SITE_SETTINGS_SHAPE.insuredShippingThresholdUsd.default(
    DEFAULT_SITE_SETTINGS.insuredShippingThresholdUsd,
  ),
  insuredShippingPercent: SITE_SETTINGS_SHAPE.insuredShippingPercent.default(
    DEFAULT_SITE_SETTINGS.insuredShippingPercent,
  ),
  vaultAddress: SITE_SETTINGS_SHAPE.vaultAddress.default(DEFAULT_SITE_SETTINGS.vaultAddress),
  caseWindowDays: SITE_SETTINGS_SHAPE.caseWindowDays.default(DEFAULT_SITE_SETTINGS.caseWindowDays),
  caseNotReceivedDays: SITE_SETTINGS_SHAPE.caseNotReceivedDays.default(
    DEFAULT_SITE_SETTINGS.caseNotReceivedDays,
  ),
  requireAdminTwoFactor: SITE_SETTINGS_SHAPE.requireAdminTwoFactor.default(
    DEFAULT_SITE_SETTINGS.requireAdminTwoFactor,
  ),
  payoutDestinationHoldHours: SITE_SETTINGS_SHAPE.payoutDestinationHoldHours.default(
    DEFAULT_SITE_SETTINGS.payoutDestinationHoldHours,
  ),
  flipHoldDays: SITE_SETTINGS_SHAPE.flipHoldDays.default(DEFAULT_SITE_SETTINGS.flipHoldDays),
  reporting1099kGrossUsd: SITE_SETTINGS_SHAPE.reporting1099kGrossUsd.default(
    DEFAULT_SITE_SETTINGS.reporting1099kGrossUsd,
  ),
  reporting1099kSales: SITE_SETTINGS_SHAPE.reporting1099kSales.default(
    DEFAULT_SITE_SETTINGS.reporting1099kSales,
  ),
  reportingDac7GrossUsd: SITE_SETTINGS_SHAPE.reportingDac7GrossUsd.default(
    DEFAULT_SITE_SETTINGS.reportingDac7GrossUsd,
  ),
  reportingDac7Sales: SITE_SETTINGS_SHAPE.reportingDac7Sales.default(
    DEFAULT_SITE_SETTINGS.reportingDac7Sales,
  ),
  disputeFeeCents: SITE_SETTINGS_SHAPE.disputeFeeCents.default(DEFAULT_SITE_SETTINGS.disputeFeeCents),
});

/** Site settings as sent on the wire. */
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/**
 * A partial update: only the fields present change. Built without defaults because zod 4 still
 * applies a field's default inside .partial(), which would silently reset omitted settings.
 */
export const UpdateSiteSettingsInputSchema = CompleteSiteSettingsSchema.partial();

/** A partial site-settings update. */
export type UpdateSiteSettingsInput = z.infer<typeof UpdateSiteSettingsInputSchema>;

/** Site settings in the all-integer form pricing code uses: cents and basis points. */
export type PricingSettings = {
  customMintingCostCents: number;
  surprizeMintingCostCents: number;
  domesticShippingCents: number;
  internationalShippingCents: number;
  artchipDiscountBasisPoints: number;
  artchipFreeShipping: boolean;
  platformFeeBasisPoints: number;
  creatorRoyaltyBasisPoints: number;
  paypalMarkupBasisPoints: number;
  /** Stays a decimal string: token prices need more precision than cents. */
  tokenFallbackPriceUsd: string;
  paymentMethods: PaymentMethodsSetting;
  feeBase: FeeBase;
  payoutHoldDays: number;
  /** A shipped chip priced above this many cents is insured and signed for. */
  insuredShippingThresholdCents: number;
  /** The insurance's rate on the chip's price, in basis points (1.50% = 150). */
  insuredShippingBasisPoints: number;
};

/** Converts validated wire settings to cents and basis points. */
export function toPricingSettings(settings: SiteSettings): PricingSettings {
  return {
    customMintingCostCents: parseUsdToCents(settings.customMintingCost),
    surprizeMintingCostCents: parseUsdToCents(settings.surprizeMintingCost),
    domesticShippingCents: parseUsdToCents(settings.domesticShippingRate),
    internationalShippingCents: parseUsdToCents(settings.internationalShippingRate),
    artchipDiscountBasisPoints: parsePercentToBasisPoints(settings.artchipDiscountPercent),
    artchipFreeShipping: settings.artchipFreeShipping,
    platformFeeBasisPoints: parsePercentToBasisPoints(settings.platformFeePercent),
    creatorRoyaltyBasisPoints: parsePercentToBasisPoints(settings.creatorRoyaltyPercent),
    paypalMarkupBasisPoints: parsePercentToBasisPoints(settings.paypalMarkupPercent),
    tokenFallbackPriceUsd: settings.tokenFallbackPriceUsd,
    paymentMethods: {
      mint: [...settings.paymentMethods.mint],
      purchase: [...settings.paymentMethods.purchase],
    },
    feeBase: settings.feeBase,
    payoutHoldDays: settings.payoutHoldDays,
    insuredShippingThresholdCents: parseUsdToCents(settings.insuredShippingThresholdUsd),
    insuredShippingBasisPoints: parsePercentToBasisPoints(settings.insuredShippingPercent),
  };
}

/** The money settings in wire form: every site setting except the landing page's banner, delivery and the vault's address. */
export type MoneySiteSettings = Omit<
  SiteSettings,
  | 'showLaunchBanner'
  | 'autoDeliveryDays'
  | 'vaultAddress'
  | 'caseWindowDays'
  | 'caseNotReceivedDays'
  | 'requireAdminTwoFactor'
  | 'payoutDestinationHoldHours'
  | 'flipHoldDays'
  | 'reporting1099kGrossUsd'
  | 'reporting1099kSales'
  | 'reportingDac7GrossUsd'
  | 'reportingDac7Sales'
  | 'disputeFeeCents'
>;

/** Converts integer pricing settings back to the wire form, with canonical 2-decimal strings. */
export function toSiteSettings(pricing: PricingSettings): MoneySiteSettings {
  return {
    customMintingCost: centsToUsdString(pricing.customMintingCostCents),
    surprizeMintingCost: centsToUsdString(pricing.surprizeMintingCostCents),
    domesticShippingRate: centsToUsdString(pricing.domesticShippingCents),
    internationalShippingRate: centsToUsdString(pricing.internationalShippingCents),
    artchipDiscountPercent: basisPointsToPercentString(pricing.artchipDiscountBasisPoints),
    artchipFreeShipping: pricing.artchipFreeShipping,
    platformFeePercent: basisPointsToPercentString(pricing.platformFeeBasisPoints),
    creatorRoyaltyPercent: basisPointsToPercentString(pricing.creatorRoyaltyBasisPoints),
    paypalMarkupPercent: basisPointsToPercentString(pricing.paypalMarkupBasisPoints),
    tokenFallbackPriceUsd: pricing.tokenFallbackPriceUsd,
    paymentMethods: {
      mint: [...pricing.paymentMethods.mint],
      purchase: [...pricing.paymentMethods.purchase],
    },
    feeBase: pricing.feeBase,
    payoutHoldDays: pricing.payoutHoldDays,
    insuredShippingThresholdUsd: centsToUsdString(pricing.insuredShippingThresholdCents),
    insuredShippingPercent: basisPointsToPercentString(pricing.insuredShippingBasisPoints),
  };
}

/** GET /api/site-info: public facts about this deployment that pages show (support address, live auctions). */
export const SiteInfoSchema = z.object({
  brand: z.object({ name: z.string(), plural: z.string(), slug: z.string(), ticker: z.string() }),
  supportEmail: z.string(),
  /** The live-auction page (LIVE_AUCTION_URL); empty when none is configured. */
  liveAuctionUrl: z.string(),
  /** True while payment methods run in demo mode (no provider configured). */
  demoPayments: z.boolean(),
  /** True when a live token price source is configured. */
  livePrice: z.boolean(),
  /** The official token mint address when live token payments are configured, so buyers can check it. */
  tokenMint: z.string().nullable(),
});

/** Public facts about this deployment. */
export type SiteInfo = z.infer<typeof SiteInfoSchema>;
