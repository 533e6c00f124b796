/**
 * Order pricing, sale splits and affiliate commissions, in integer cents. Pure, so the checkout
 * dialog shows exactly the figures the server charges (PRODUCT.md "One source of truth for money").
 */
import {
  addCents,
  assertCents,
  formatBasisPoints,
  formatUsd,
  percentOfCents,
  tokenAmountForUsd,
} from './money.ts';
import type { FeeBase, PaymentMethod, PaymentMethodsSetting, PricingSettings } from './settings.schemas.ts';

/**
 * Every kind of order: mint, purchase, shipping (sending a vaulted chip to its owner), or transfer
 * (the owner hands the chip to someone else outside the marketplace and pays the transfer fee).
 */
export const ORDER_KINDS = ['mint', 'purchase', 'shipping', 'transfer'] as const;

/** Order types a checkout places: minting a new chip or buying a listed one. */
export const ORDER_TYPES = ['mint', 'purchase'] as const;

/** Minting a new chip or buying a listed one. */
export type OrderType = (typeof ORDER_TYPES)[number];

/** Mint kinds: the creator's own image (custom) or artwork made by the admin (surprize). */
export const MINT_KINDS = ['custom', 'surprize'] as const;

/** The creator's own image (custom) or artwork made by the admin (surprize). */
type MintKind = (typeof MINT_KINDS)[number];

/** Shipping options: ship the chip, or keep it in the vault for free. */
export const SHIPPING_OPTIONS = ['ship', 'store'] as const;

/** Ship the chip, or keep it in the vault for free. */
type ShippingOption = (typeof SHIPPING_OPTIONS)[number];

/**
 * The one country charged the domestic shipping rate (PRODUCT.md: "shipping to the US"); every other
 * country pays the international rate.
 */
export const DOMESTIC_COUNTRY = 'US';

/** True when `country` (an ISO code, any case) is charged the domestic rate. */
export function isDomesticCountry(country: string): boolean {
  return country.trim().toUpperCase() === DOMESTIC_COUNTRY;
}

/** Level 1 affiliate commission on minting fees: 10%. */
export const AFFILIATE_LEVEL_1_BASIS_POINTS = 1000;

/** Level 2 affiliate commission on minting fees: 5%. */
export const AFFILIATE_LEVEL_2_BASIS_POINTS = 500;

/** What the order is: a mint of a given kind, or a purchase of a chip at its USD price. */
type OrderSubject =
  | { orderType: 'mint'; mintKind: MintKind }
  | { orderType: 'purchase'; chip: { priceCents: number; paypalEnabled: boolean } }
  | { orderType: 'transfer'; feeCents: number };

/** Everything computeOrderSummary needs; tokenPriceUsd is the live price or the fallback. */
export type OrderSummaryInput = OrderSubject & {
  settings: PricingSettings;
  paymentMethod: PaymentMethod;
  shippingOption: ShippingOption;
  /** Where it ships: an ISO 3166 code; anything but the US is international. */
  country: string;
  tokenPriceUsd: string;
  /**
   * What a shipped chip is insured for when that is not the order's base price: a vault shipping order
   * (priced at 0) insures its chip at its highest sale. Absent: the base price.
   */
  insuredValueCents?: number;
};

/** The spec's order summary in cents, plus the token amount as a 6-decimal string. */
export type OrderSummary = {
  basePriceCents: number;
  discountCents: number;
  markupCents: number;
  shippingCents: number;
  /** Shipping protection: insurance and signature on delivery, 0 unless insuredShippingCentsFor says so. */
  insuranceCents: number;
  totalCents: number;
  artchipAmount: string;
};

function assertNonNegativeCents(value: number, label: string): void {
  assertCents(value, label);
  if (value < 0) throw new RangeError(`${label} must not be negative, got ${value}`);
}

function basePriceCents(input: OrderSummaryInput): number {
  if (input.orderType === 'purchase') return input.chip.priceCents;
  if (input.orderType === 'transfer') return input.feeCents;
  return input.mintKind === 'custom'
    ? input.settings.customMintingCostCents
    : input.settings.surprizeMintingCostCents;
}

/** What shipping costs where it goes, paid with a method: the settings' domestic or international rate. */
export type ShippingQuoteInput = {
  settings: PricingSettings;
  paymentMethod: PaymentMethod;
  shippingOption: ShippingOption;
  country: string;
};

/**
 * Shipping in cents: nothing for the vault or (when the settings say so) for token payments, else the
 * domestic rate to the US and the international rate anywhere else. Checkout, ship-to-me and the
 * dialogs that quote them all price shipping here.
 */
export function shippingCentsFor(input: ShippingQuoteInput): number {
  if (input.shippingOption === 'store') return 0;
  if (input.paymentMethod === 'artchip' && input.settings.artchipFreeShipping) return 0;
  return isDomesticCountry(input.country)
    ? input.settings.domesticShippingCents
    : input.settings.internationalShippingCents;
}

/** How the quote, the order pages, the packing details and the mails name shipping protection. */
export const INSURED_SHIPPING_LABEL = 'Insurance and signature on delivery';

/** What shipping protection depends on: whether the chip ships, and the price it is insured for. */
export type InsuranceQuoteInput = {
  settings: Pick<PricingSettings, 'insuredShippingThresholdCents' | 'insuredShippingBasisPoints'>;
  shippingOption: ShippingOption;
  /** The chip's price on this order (the sale or offer price, the mint price): what it is insured for. */
  priceCents: number;
};

/** True when a shipment of a chip at priceCents is insured and signed for: strictly above the threshold. */
export function isInsuredShipment(input: InsuranceQuoteInput): boolean {
  return input.shippingOption === 'ship' && input.priceCents > input.settings.insuredShippingThresholdCents;
}

/**
 * Shipping protection in cents (PRODUCT.md "Custody", decision 066): a shipped chip priced above
 * insuredShippingThresholdUsd (exactly at it is not) is insured and signed for at
 * insuredShippingPercent of its price, rounded half-up to a whole cent (percentOfCents: 0.5 ¢ goes
 * up). Nothing for the vault. The token's free shipping waives the postage, not the insurance.
 */
export function insuredShippingCentsFor(input: InsuranceQuoteInput): number {
  assertNonNegativeCents(input.priceCents, 'Insured price');
  if (!isInsuredShipment(input)) return 0;
  return percentOfCents(input.priceCents, input.settings.insuredShippingBasisPoints);
}

/**
 * Prices an order: base - token discount + direct-PayPal markup + shipping + shipping protection,
 * and the token amount for that total. Does not check that the method is offered; see
 * isPaymentMethodAllowed.
 */
export function computeOrderSummary(input: OrderSummaryInput): OrderSummary {
  const base = basePriceCents(input);
  assertNonNegativeCents(base, 'Base price');
  const isPurchase = input.orderType === 'purchase';
  // The token discount rewards buying with the token; mints are never discounted (spec §9).
  const discount =
    isPurchase && input.paymentMethod === 'artchip'
      ? Math.min(percentOfCents(base, input.settings.artchipDiscountBasisPoints), base)
      : 0;
  // Direct PayPal (to the seller's own PayPal) carries the spec's convenience fee: 120% by default.
  const isDirectPaypal = isPurchase && input.paymentMethod === 'paypal' && input.chip.paypalEnabled;
  // A transfer pays only its fee: it ships nothing, and the token discount is for buying chips.
  const markup = isDirectPaypal ? percentOfCents(base, input.settings.paypalMarkupBasisPoints) : 0;
  const shipping = input.orderType === 'transfer' ? 0 : shippingCentsFor(input);
  assertNonNegativeCents(shipping, 'Shipping');
  // A transfer ships nothing; anything else shipped is insured on its price before any discount.
  const insurance =
    input.orderType === 'transfer'
      ? 0
      : insuredShippingCentsFor({
          settings: input.settings,
          shippingOption: input.shippingOption,
          priceCents: input.insuredValueCents ?? base,
        });
  const total = addCents(base, -discount, markup, shipping, insurance);
  return {
    basePriceCents: base,
    discountCents: discount,
    markupCents: markup,
    shippingCents: shipping,
    insuranceCents: insurance,
    totalCents: total,
    artchipAmount: tokenAmountForUsd(total, input.tokenPriceUsd),
  };
}

/** Inputs of a sale split, all integers (cents and basis points). */
export type SaleSplitInput = {
  salePriceCents: number;
  /** The fee base: the highest price the chip was actually sold for, this sale included. */
  highestHistoricalPriceCents: number;
  platformFeeBasisPoints: number;
};

/** How a sale's price divides between the platform and the seller. */
export type SaleSplit = { platformFeeCents: number; sellerProceedsCents: number };

/**
 * The platform fee is platformFeePercent of the highest price the chip was actually paid for, this
 * sale included (PRODUCT.md; a listed price never counts), capped at the sale price so proceeds never
 * go negative. Use splitSale, which includes the sale in the base.
 */
export function computeSaleSplit(input: SaleSplitInput): SaleSplit {
  assertNonNegativeCents(input.salePriceCents, 'Sale price');
  assertNonNegativeCents(input.highestHistoricalPriceCents, 'Highest historical price');
  const fee = Math.min(
    percentOfCents(input.highestHistoricalPriceCents, input.platformFeeBasisPoints),
    input.salePriceCents,
  );
  return { platformFeeCents: fee, sellerProceedsCents: input.salePriceCents - fee };
}

/** One affiliate level's commission, shaped like the spec's commission record. */
export type AffiliateCommission = { level: 1 | 2; basisPoints: number; amountCents: number };

/**
 * Commissions on a minting fee (spec: minting fees only), level 1 first: the level 1 entry goes to
 * the minter's referrer, level 2 to that referrer's referrer.
 */
export function computeAffiliateCommissions(
  mintFeeCents: number,
): [AffiliateCommission, AffiliateCommission] {
  assertNonNegativeCents(mintFeeCents, 'Mint fee');
  return [
    {
      level: 1,
      basisPoints: AFFILIATE_LEVEL_1_BASIS_POINTS,
      amountCents: percentOfCents(mintFeeCents, AFFILIATE_LEVEL_1_BASIS_POINTS),
    },
    {
      level: 2,
      basisPoints: AFFILIATE_LEVEL_2_BASIS_POINTS,
      amountCents: percentOfCents(mintFeeCents, AFFILIATE_LEVEL_2_BASIS_POINTS),
    },
  ];
}

/** True when site settings offer `method` for `orderType`; works on wire or pricing settings. */
export function isPaymentMethodAllowed(
  settings: { paymentMethods: PaymentMethodsSetting },
  orderType: OrderType,
  method: PaymentMethod,
): boolean {
  return settings.paymentMethods[orderType].includes(method);
}

/**
 * A sale at salePriceCents of a chip whose highest sale so far was highestSaleCents (0: none yet),
 * under the site's feeBase setting.
 */
export type SplitSaleInput = {
  salePriceCents: number;
  highestSaleCents: number;
  platformFeeBasisPoints: number;
  /** 'highest' (the default, the spec's rule): the chip's highest sale price; 'sale': this sale's price. */
  feeBase: FeeBase;
};

/**
 * Who gets what if the chip sells at salePriceCents now. With feeBase 'highest' the fee base is the
 * higher of the chip's highest sale so far and this sale; with 'sale' it is this sale's price. Shown
 * before anyone commits (list, price, offer, accept) and applied when the sale is paid, so the two
 * never differ.
 */
export function splitSale(input: SplitSaleInput): SaleSplit & { feeBaseCents: number } {
  const feeBaseCents =
    input.feeBase === 'sale' ? input.salePriceCents : Math.max(input.highestSaleCents, input.salePriceCents);
  return {
    ...computeSaleSplit({
      salePriceCents: input.salePriceCents,
      highestHistoricalPriceCents: feeBaseCents,
      platformFeeBasisPoints: input.platformFeeBasisPoints,
    }),
    feeBaseCents,
  };
}

/**
 * The platform fee's rule in words, as every dialog and the sold e-mail state it: "30% of the sale
 * price" when the sale is the fee base (feeBase 'sale', no sale before, or this one is the highest),
 * otherwise "30% of this chip's highest price, $50.00", and ", capped at the sale price" when the fee
 * took all of it.
 */
export function describePlatformFee(input: SplitSaleInput): string {
  const split = splitSale(input);
  const percent = formatBasisPoints(input.platformFeeBasisPoints);
  const rule =
    split.feeBaseCents > input.salePriceCents
      ? `${percent} of this chip's highest price, ${formatUsd(split.feeBaseCents)}`
      : `${percent} of the sale price`;
  const isCapped = percentOfCents(split.feeBaseCents, input.platformFeeBasisPoints) > split.platformFeeCents;
  return isCapped ? `${rule}, capped at the sale price` : rule;
}

/** What a transfer fee is taken on (PRODUCT.md): the highest sale, else the list price, else the mint price. */
export const TRANSFER_FEE_BASES = ['highest_sale', 'list_price', 'mint_price'] as const;
export type TransferFeeBasis = (typeof TRANSFER_FEE_BASES)[number];

/** A chip's prices as a transfer fee reads them; listPriceCents only while it is listed. */
export type TransferFeeInput = {
  highestSaleCents: number;
  listPriceCents: number | null;
  mintPriceCents: number;
  platformFeeBasisPoints: number;
  /** The site's fee base; see transferFee for what each means when nothing is being sold. */
  feeBase: FeeBase;
};

/**
 * The offline transfer fee (spec: transfers carry the same fee; PRODUCT.md settles its base). With
 * feeBase 'highest': the platform fee percentage of the chip's highest sale price, or, with no sale
 * yet, of its current list price, or, if unlisted, of its mint price. With feeBase 'sale' a transfer
 * has no sale of its own, so the price it would sell at now comes first: its list price while listed,
 * else its highest sale price, else its mint price (decision 058).
 */
export function transferFee(input: TransferFeeInput): {
  feeCents: number;
  feeBaseCents: number;
  feeBasis: TransferFeeBasis;
} {
  const bySale: [TransferFeeBasis, number] | null =
    input.highestSaleCents > 0 ? ['highest_sale', input.highestSaleCents] : null;
  const byList: [TransferFeeBasis, number] | null =
    input.listPriceCents !== null ? ['list_price', input.listPriceCents] : null;
  const [feeBasis, feeBaseCents]: [TransferFeeBasis, number] = (input.feeBase === 'sale'
    ? (byList ?? bySale)
    : (bySale ?? byList)) ?? ['mint_price', input.mintPriceCents];
  assertNonNegativeCents(feeBaseCents, 'Transfer fee base');
  return { feeCents: percentOfCents(feeBaseCents, input.platformFeeBasisPoints), feeBaseCents, feeBasis };
}

/**
 * The creator's royalty (issue 31, decision 081) when a chip changes hands away from someone who is
 * not its creator (a resale, an offline transfer, a hand-over by tap): creatorRoyaltyPercent of the
 * base (the sale price; for a transfer or hand-over the fee's base), paid out of the platform's fee,
 * so it never exceeds that fee (the platform's share never goes negative) and the seller's 70 %
 * stays what the spec promises. Zero when the chip leaves its creator (a first sale is not a resale).
 */
export function creatorRoyaltyCents(input: {
  baseCents: number;
  platformFeeCents: number;
  creatorRoyaltyBasisPoints: number;
  leavesCreator: boolean;
}): number {
  assertNonNegativeCents(input.baseCents, 'Royalty base');
  assertNonNegativeCents(input.platformFeeCents, 'Platform fee');
  if (input.leavesCreator) return 0;
  return Math.min(percentOfCents(input.baseCents, input.creatorRoyaltyBasisPoints), input.platformFeeCents);
}

/**
 * A transfer or hand-over fee's royalty, from the fee alone (the order keeps the fee, not its base):
 * the fee is platformFee% of the base, so royalty% of the base is the fee × royalty% / platformFee%,
 * rounded down and never more than the fee. Within a cent of creatorRoyaltyCents on the base.
 */
export function transferRoyaltyCents(input: {
  feeCents: number;
  platformFeeBasisPoints: number;
  creatorRoyaltyBasisPoints: number;
  leavesCreator: boolean;
}): number {
  assertNonNegativeCents(input.feeCents, 'Transfer fee');
  if (input.leavesCreator || input.platformFeeBasisPoints <= 0) return 0;
  const share = Math.floor((input.feeCents * input.creatorRoyaltyBasisPoints) / input.platformFeeBasisPoints);
  return Math.min(share, input.feeCents);
}

/** The royalty's rule in words: "5% of the sale price goes to the creator, out of the platform fee". */
export function describeCreatorRoyalty(creatorRoyaltyBasisPoints: number): string {
  return `${formatBasisPoints(creatorRoyaltyBasisPoints)} of the sale price, out of the platform fee`;
}

const TRANSFER_BASE_WORDS: Record<TransferFeeBasis, string> = {
  highest_sale: "this chip's highest price",
  list_price: 'its list price',
  mint_price: 'its mint price',
};

/** The transfer fee's rule in words: "30% of this chip's highest price, $50.00". */
export function describeTransferFee(input: TransferFeeInput): string {
  const fee = transferFee(input);
  return `${formatBasisPoints(input.platformFeeBasisPoints)} of ${TRANSFER_BASE_WORDS[fee.feeBasis]}, ${formatUsd(fee.feeBaseCents)}`;
}
