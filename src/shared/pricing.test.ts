import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AFFILIATE_LEVEL_1_BASIS_POINTS,
  AFFILIATE_LEVEL_2_BASIS_POINTS,
  computeAffiliateCommissions,
  computeOrderSummary,
  computeSaleSplit,
  creatorRoyaltyCents,
  describeCreatorRoyalty,
  describePlatformFee,
  describeTransferFee,
  insuredShippingCentsFor,
  isInsuredShipment,
  splitSale,
  transferFee,
  transferRoyaltyCents,
  isPaymentMethodAllowed,
  MINT_KINDS,
  SHIPPING_OPTIONS,
  type OrderSummaryInput,
} from './pricing.ts';
import {
  DEFAULT_SITE_SETTINGS,
  PAYMENT_METHODS,
  toPricingSettings,
  type PricingSettings,
} from './settings.schemas.ts';

const DEFAULTS = toPricingSettings(DEFAULT_SITE_SETTINGS);

type PurchaseOverrides = Partial<
  Omit<Extract<OrderSummaryInput, { orderType: 'purchase' }>, 'orderType' | 'chip'>
> & {
  priceCents?: number;
  paypalEnabled?: boolean;
};

/** A purchase of a $100 chip by card, shipped in the US, unless overridden. */
function purchase(overrides: PurchaseOverrides = {}): OrderSummaryInput {
  const { priceCents = 10000, paypalEnabled = false, ...rest } = overrides;
  return {
    settings: DEFAULTS,
    paymentMethod: 'card',
    shippingOption: 'ship',
    country: 'US',
    tokenPriceUsd: '0.001',
    ...rest,
    orderType: 'purchase',
    chip: { priceCents, paypalEnabled },
  };
}

/** Exact check that `amount` tokens at `price` cover `cents`: returns amount*price - cents, scaled. */
function tokenExcess(
  amount: string,
  price: string,
  cents: number,
): { excess: bigint; oneMicroToken: bigint } {
  const priceScale = (price.split('.')[1] ?? '').length;
  const priceUnits = BigInt(price.replace('.', ''));
  const micro = BigInt(amount.replace('.', ''));
  return {
    excess: micro * priceUnits - BigInt(cents) * 10n ** BigInt(4 + priceScale),
    oneMicroToken: priceUnits,
  };
}

const percentBpArb = fc.integer({ min: 0, max: 10000 });
const centsArb = fc.integer({ min: 0, max: 10_000_000_00 });

const settingsArb: fc.Arbitrary<PricingSettings> = fc.record({
  customMintingCostCents: centsArb,
  surprizeMintingCostCents: centsArb,
  domesticShippingCents: centsArb,
  internationalShippingCents: centsArb,
  artchipDiscountBasisPoints: percentBpArb,
  artchipFreeShipping: fc.boolean(),
  platformFeeBasisPoints: percentBpArb,
  creatorRoyaltyBasisPoints: percentBpArb,
  paypalMarkupBasisPoints: percentBpArb,
  tokenFallbackPriceUsd: fc.constant('0.001'),
  paymentMethods: fc.constant({ mint: [...PAYMENT_METHODS], purchase: [...PAYMENT_METHODS] }),
  feeBase: fc.constantFrom('highest' as const, 'sale' as const),
  payoutHoldDays: fc.integer({ min: 0, max: 365 }),
  insuredShippingThresholdCents: centsArb,
  insuredShippingBasisPoints: percentBpArb,
});

const tokenPriceArb = fc
  .tuple(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 0, max: 12 }))
  .map(([units, scale]) => {
    const digits = String(units).padStart(scale + 1, '0');
    return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  });

const orderInputArb: fc.Arbitrary<OrderSummaryInput> = fc
  .record({
    settings: settingsArb,
    paymentMethod: fc.constantFrom(...PAYMENT_METHODS),
    shippingOption: fc.constantFrom(...SHIPPING_OPTIONS),
    country: fc.constantFrom('US', 'us', 'CA', 'GB', 'AU', 'FR', 'JP', 'other'),
    tokenPriceUsd: tokenPriceArb,
    isMint: fc.boolean(),
    mintKind: fc.constantFrom(...MINT_KINDS),
    priceCents: centsArb,
    paypalEnabled: fc.boolean(),
  })
  .map(({ isMint, mintKind, priceCents, paypalEnabled, ...common }): OrderSummaryInput =>
    isMint
      ? { ...common, orderType: 'mint', mintKind }
      : { ...common, orderType: 'purchase', chip: { priceCents, paypalEnabled } },
  );

describe('computeOrderSummary with the default settings', () => {
  it('prices a card purchase shipped in the US', () => {
    expect(computeOrderSummary(purchase())).toEqual({
      basePriceCents: 10000,
      discountCents: 0,
      markupCents: 0,
      shippingCents: 1000,
      insuranceCents: 0,
      totalCents: 11000,
      artchipAmount: '110000.000000',
    });
  });

  it.each([
    ['CA', 2500],
    ['GB', 2500],
    ['AU', 2500],
    ['FR', 2500],
    ['other', 2500],
    ['US', 1000],
    ['us', 1000],
  ] as const)('charges %s shipping of %i cents', (country, shippingCents) => {
    expect(computeOrderSummary(purchase({ country })).shippingCents).toBe(shippingCents);
  });

  it('never charges shipping for the vault', () => {
    const summary = computeOrderSummary(purchase({ shippingOption: 'store', country: 'other' }));
    expect(summary.shippingCents).toBe(0);
    expect(summary.totalCents).toBe(10000);
  });

  it('gives token purchases the 10% discount', () => {
    expect(computeOrderSummary(purchase({ paymentMethod: 'artchip' }))).toEqual({
      basePriceCents: 10000,
      discountCents: 1000,
      markupCents: 0,
      shippingCents: 1000,
      insuranceCents: 0,
      totalCents: 10000,
      artchipAmount: '100000.000000',
    });
  });

  it('makes direct PayPal cost 120% of the price', () => {
    const summary = computeOrderSummary(
      purchase({ paymentMethod: 'paypal', paypalEnabled: true, shippingOption: 'store' }),
    );
    expect(summary.markupCents).toBe(2000);
    expect(summary.totalCents).toBe(12000);
  });

  it('adds no markup for PayPal when the chip has no direct PayPal', () => {
    expect(computeOrderSummary(purchase({ paymentMethod: 'paypal', paypalEnabled: false })).markupCents).toBe(
      0,
    );
  });

  it('adds no markup for other methods on a PayPal-enabled chip', () => {
    expect(computeOrderSummary(purchase({ paymentMethod: 'card', paypalEnabled: true })).markupCents).toBe(0);
  });

  it.each([
    ['custom', 1500],
    ['surprize', 3000],
  ] as const)('prices a %s mint from the settings, without discount', (mintKind, base) => {
    const summary = computeOrderSummary({
      settings: DEFAULTS,
      orderType: 'mint',
      mintKind,
      paymentMethod: 'artchip',
      shippingOption: 'store',
      country: 'US',
      tokenPriceUsd: '0.001',
    });
    expect(summary).toEqual({
      basePriceCents: base,
      discountCents: 0,
      markupCents: 0,
      shippingCents: 0,
      insuranceCents: 0,
      totalCents: base,
      artchipAmount: `${base * 10}.000000`,
    });
  });

  it('ships a mint at the shipping rate', () => {
    const summary = computeOrderSummary({
      settings: DEFAULTS,
      orderType: 'mint',
      mintKind: 'custom',
      paymentMethod: 'artchip',
      shippingOption: 'ship',
      country: 'GB',
      tokenPriceUsd: '0.001',
    });
    expect(summary.shippingCents).toBe(2500);
    expect(summary.totalCents).toBe(4000);
  });

  it('ships token payments free when artchipFreeShipping is on', () => {
    const settings = { ...DEFAULTS, artchipFreeShipping: true };
    expect(computeOrderSummary(purchase({ settings, paymentMethod: 'artchip' })).shippingCents).toBe(0);
    expect(computeOrderSummary(purchase({ settings, paymentMethod: 'card' })).shippingCents).toBe(1000);
    const mint = computeOrderSummary({
      settings,
      orderType: 'mint',
      mintKind: 'surprize',
      paymentMethod: 'artchip',
      shippingOption: 'ship',
      country: 'US',
      tokenPriceUsd: '0.001',
    });
    expect(mint.shippingCents).toBe(0);
  });

  it('rounds the discount half-up to a whole cent', () => {
    // 10% of 1005 ¢ is 100.5 ¢
    expect(computeOrderSummary(purchase({ priceCents: 1005, paymentMethod: 'artchip' })).discountCents).toBe(
      101,
    );
  });

  it('uses the token price passed in', () => {
    const summary = computeOrderSummary(purchase({ shippingOption: 'store', tokenPriceUsd: '0.003' }));
    expect(summary.artchipAmount).toBe('33333.333334');
  });

  it('rejects invalid chip prices and token prices', () => {
    expect(() => computeOrderSummary(purchase({ priceCents: -1 }))).toThrow(RangeError);
    expect(() => computeOrderSummary(purchase({ priceCents: 10.5 }))).toThrow(RangeError);
    expect(() => computeOrderSummary(purchase({ tokenPriceUsd: '0' }))).toThrow(RangeError);
  });
});

describe('computeOrderSummary properties', () => {
  it('totals are non-negative integers equal to the sum of their parts', () => {
    fc.assert(
      fc.property(orderInputArb, (input) => {
        const s = computeOrderSummary(input);
        for (const value of [
          s.basePriceCents,
          s.discountCents,
          s.markupCents,
          s.shippingCents,
          s.insuranceCents,
          s.totalCents,
        ]) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(s.totalCents).toBe(
          s.basePriceCents - s.discountCents + s.markupCents + s.shippingCents + s.insuranceCents,
        );
        expect(s.discountCents).toBeLessThanOrEqual(s.basePriceCents);
      }),
    );
  });

  it('store never charges shipping', () => {
    fc.assert(
      fc.property(orderInputArb, (input) => {
        expect(computeOrderSummary({ ...input, shippingOption: 'store' }).shippingCents).toBe(0);
      }),
    );
  });

  it('mints never get a discount or markup', () => {
    fc.assert(
      fc.property(orderInputArb, (input) => {
        if (input.orderType !== 'mint') return;
        const s = computeOrderSummary(input);
        expect(s.discountCents).toBe(0);
        expect(s.markupCents).toBe(0);
      }),
    );
  });

  it('the token discount only appears for token purchases', () => {
    fc.assert(
      fc.property(orderInputArb, (input) => {
        const s = computeOrderSummary(input);
        const isTokenPurchase = input.orderType === 'purchase' && input.paymentMethod === 'artchip';
        if (!isTokenPurchase) expect(s.discountCents).toBe(0);
        if (isTokenPurchase && input.settings.artchipDiscountBasisPoints > 0 && s.basePriceCents >= 100) {
          expect(s.discountCents).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('the markup only appears for direct PayPal purchases', () => {
    fc.assert(
      fc.property(orderInputArb, (input) => {
        const s = computeOrderSummary(input);
        const isDirectPaypal =
          input.orderType === 'purchase' && input.paymentMethod === 'paypal' && input.chip.paypalEnabled;
        if (!isDirectPaypal) expect(s.markupCents).toBe(0);
      }),
    );
  });

  it('the token amount never underpays and overpays by less than one micro-token', () => {
    fc.assert(
      fc.property(orderInputArb, (input) => {
        const s = computeOrderSummary(input);
        expect(s.artchipAmount).toMatch(/^\d+\.\d{6}$/);
        const { excess, oneMicroToken } = tokenExcess(s.artchipAmount, input.tokenPriceUsd, s.totalCents);
        expect(excess >= 0n).toBe(true);
        expect(excess < oneMicroToken).toBe(true);
      }),
    );
  });
});

describe('shipping protection (insurance and signature on delivery, decision 066)', () => {
  const insured = (priceCents: number, overrides: Partial<PricingSettings> = {}) =>
    insuredShippingCentsFor({
      settings: { ...DEFAULTS, ...overrides },
      shippingOption: 'ship',
      priceCents,
    });

  it('is charged only strictly above the threshold: exactly $500.00 is not insured, one cent more is', () => {
    expect(insured(50_000)).toBe(0);
    expect(isInsuredShipment({ settings: DEFAULTS, shippingOption: 'ship', priceCents: 50_000 })).toBe(false);
    // 1.5% of 50,001 ¢ is 750.015 ¢
    expect(insured(50_001)).toBe(750);
    expect(isInsuredShipment({ settings: DEFAULTS, shippingOption: 'ship', priceCents: 50_001 })).toBe(true);
    expect(insured(49_999)).toBe(0);
  });

  it('rounds 1.5% of the price half-up to a whole cent', () => {
    // 754.5 ¢ rounds up to 755 (half-even would give 754, truncation 754)
    expect(insured(50_300)).toBe(755);
    // 750.015 ¢ rounds down to 750 (rounding up would give 751)
    expect(insured(50_001)).toBe(750);
    // 750.495 ¢ → 750, 750.51 ¢ → 751
    expect(insured(50_033)).toBe(750);
    expect(insured(50_034)).toBe(751);
    expect(insured(100_000)).toBe(1_500);
  });

  it('follows the settings, not constants', () => {
    expect(insured(1_500, { insuredShippingThresholdCents: 1_000 })).toBe(23);
    expect(insured(1_000, { insuredShippingThresholdCents: 1_000 })).toBe(0);
    expect(insured(100_000, { insuredShippingBasisPoints: 200 })).toBe(2_000);
    expect(insured(100_000, { insuredShippingBasisPoints: 0 })).toBe(0);
    expect(insured(1, { insuredShippingThresholdCents: 0, insuredShippingBasisPoints: 10_000 })).toBe(1);
  });

  it('is never charged for the vault', () => {
    expect(
      insuredShippingCentsFor({ settings: DEFAULTS, shippingOption: 'store', priceCents: 1_000_000 }),
    ).toBe(0);
    expect(isInsuredShipment({ settings: DEFAULTS, shippingOption: 'store', priceCents: 1_000_000 })).toBe(
      false,
    );
  });

  it('rejects an invalid price', () => {
    expect(() => insured(-1)).toThrow(RangeError);
    expect(() => insured(50_000.5)).toThrow(RangeError);
  });

  it('adds to the total of a shipped purchase above the threshold, on its price before any discount', () => {
    expect(computeOrderSummary(purchase({ priceCents: 100_000 }))).toEqual({
      basePriceCents: 100_000,
      discountCents: 0,
      markupCents: 0,
      shippingCents: 1000,
      insuranceCents: 1500,
      totalCents: 102_500,
      artchipAmount: '1025000.000000',
    });
    const token = computeOrderSummary(purchase({ priceCents: 100_000, paymentMethod: 'artchip' }));
    expect(token.discountCents).toBe(10_000);
    expect(token.insuranceCents).toBe(1500);
    expect(token.totalCents).toBe(100_000 - 10_000 + 1000 + 1500);
    const atThreshold = computeOrderSummary(purchase({ priceCents: 50_000 }));
    expect(atThreshold.insuranceCents).toBe(0);
    expect(atThreshold.totalCents).toBe(51_000);
  });

  it("the token's free shipping waives the postage, not the insurance", () => {
    const settings = { ...DEFAULTS, artchipFreeShipping: true };
    const summary = computeOrderSummary(purchase({ settings, priceCents: 60_000, paymentMethod: 'artchip' }));
    expect(summary.shippingCents).toBe(0);
    expect(summary.insuranceCents).toBe(900);
  });

  it('insures nothing kept in the vault, and a transfer ships nothing', () => {
    const vault = computeOrderSummary(purchase({ priceCents: 100_000, shippingOption: 'store' }));
    expect(vault.insuranceCents).toBe(0);
    expect(vault.totalCents).toBe(100_000);
    const transfer = computeOrderSummary({
      settings: { ...DEFAULTS, insuredShippingThresholdCents: 0 },
      orderType: 'transfer',
      feeCents: 100_000,
      paymentMethod: 'card',
      shippingOption: 'ship',
      country: 'US',
      tokenPriceUsd: '0.001',
    });
    expect(transfer.insuranceCents).toBe(0);
    expect(transfer.totalCents).toBe(100_000);
  });

  it('insures a shipped mint priced above the threshold', () => {
    const summary = computeOrderSummary({
      settings: { ...DEFAULTS, insuredShippingThresholdCents: 1_000 },
      orderType: 'mint',
      mintKind: 'custom',
      paymentMethod: 'card',
      shippingOption: 'ship',
      country: 'US',
      tokenPriceUsd: '0.001',
    });
    expect(summary.insuranceCents).toBe(23);
    expect(summary.totalCents).toBe(1500 + 1000 + 23);
  });

  it('is charged exactly when shipped above the threshold (property)', () => {
    fc.assert(
      fc.property(orderInputArb, (input) => {
        const s = computeOrderSummary(input);
        const shouldInsure =
          input.orderType !== 'transfer' &&
          input.shippingOption === 'ship' &&
          s.basePriceCents > input.settings.insuredShippingThresholdCents;
        if (!shouldInsure) expect(s.insuranceCents).toBe(0);
        else {
          const exact = (s.basePriceCents * input.settings.insuredShippingBasisPoints) / 10_000;
          expect(Math.abs(s.insuranceCents - exact)).toBeLessThanOrEqual(0.5);
        }
      }),
    );
  });
});

describe('computeSaleSplit', () => {
  it('takes 30% of the sale price by default', () => {
    expect(
      computeSaleSplit({
        salePriceCents: 10000,
        highestHistoricalPriceCents: 10000,
        platformFeeBasisPoints: 3000,
      }),
    ).toEqual({ platformFeeCents: 3000, sellerProceedsCents: 7000 });
  });

  it('takes the fee from the highest historical price, not the sale price', () => {
    expect(
      computeSaleSplit({
        salePriceCents: 8000,
        highestHistoricalPriceCents: 20000,
        platformFeeBasisPoints: 3000,
      }),
    ).toEqual({ platformFeeCents: 6000, sellerProceedsCents: 2000 });
  });

  it('never leaves the seller with less than nothing', () => {
    expect(
      computeSaleSplit({
        salePriceCents: 1000,
        highestHistoricalPriceCents: 50000,
        platformFeeBasisPoints: 3000,
      }),
    ).toEqual({ platformFeeCents: 1000, sellerProceedsCents: 0 });
  });

  it('rejects invalid amounts', () => {
    expect(() =>
      computeSaleSplit({ salePriceCents: -1, highestHistoricalPriceCents: 0, platformFeeBasisPoints: 3000 }),
    ).toThrow(RangeError);
    expect(() =>
      computeSaleSplit({
        salePriceCents: 100,
        highestHistoricalPriceCents: 1.5,
        platformFeeBasisPoints: 3000,
      }),
    ).toThrow(RangeError);
  });

  it('seller share + fee = sale price when the highest price is the sale price', () => {
    fc.assert(
      fc.property(centsArb, percentBpArb, (salePriceCents, platformFeeBasisPoints) => {
        const split = computeSaleSplit({
          salePriceCents,
          highestHistoricalPriceCents: salePriceCents,
          platformFeeBasisPoints,
        });
        expect(split.platformFeeCents + split.sellerProceedsCents).toBe(salePriceCents);
        expect(split.sellerProceedsCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('splits add up and stay non-negative for any history', () => {
    fc.assert(
      fc.property(centsArb, centsArb, percentBpArb, (sale, extra, platformFeeBasisPoints) => {
        const split = computeSaleSplit({
          salePriceCents: sale,
          highestHistoricalPriceCents: sale + extra,
          platformFeeBasisPoints,
        });
        expect(split.platformFeeCents + split.sellerProceedsCents).toBe(sale);
        expect(split.platformFeeCents).toBeGreaterThanOrEqual(0);
        expect(split.sellerProceedsCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('computeAffiliateCommissions', () => {
  it('pays 10% at level 1 and 5% at level 2', () => {
    expect(AFFILIATE_LEVEL_1_BASIS_POINTS).toBe(1000);
    expect(AFFILIATE_LEVEL_2_BASIS_POINTS).toBe(500);
    expect(computeAffiliateCommissions(1500)).toEqual([
      { level: 1, basisPoints: 1000, amountCents: 150 },
      { level: 2, basisPoints: 500, amountCents: 75 },
    ]);
  });

  it('rounds half-up to whole cents', () => {
    // 10% of 1505 ¢ = 150.5 ¢, 5% = 75.25 ¢
    expect(computeAffiliateCommissions(1505).map((c) => c.amountCents)).toEqual([151, 75]);
  });

  it('rejects invalid fees', () => {
    expect(() => computeAffiliateCommissions(-1)).toThrow(RangeError);
  });
});

describe('isPaymentMethodAllowed', () => {
  it('follows the default settings: mints and purchases by every method (PRODUCT.md)', () => {
    for (const method of PAYMENT_METHODS) {
      expect(isPaymentMethodAllowed(DEFAULT_SITE_SETTINGS, 'mint', method)).toBe(true);
      expect(isPaymentMethodAllowed(DEFAULTS, 'purchase', method)).toBe(true);
    }
  });

  it('follows changed settings', () => {
    const settings = { paymentMethods: { mint: ['card' as const], purchase: ['artchip' as const] } };
    expect(isPaymentMethodAllowed(settings, 'mint', 'card')).toBe(true);
    expect(isPaymentMethodAllowed(settings, 'purchase', 'card')).toBe(false);
  });
});

describe('splitSale', () => {
  it('takes the fee on the higher of the highest sale so far and this sale, capped at the sale', () => {
    const bp = 3000;
    expect(
      splitSale({
        salePriceCents: 1000,
        highestSaleCents: 0,
        platformFeeBasisPoints: bp,
        feeBase: 'highest',
      }),
    ).toEqual({
      platformFeeCents: 300,
      sellerProceedsCents: 700,
      feeBaseCents: 1000,
    });
    expect(
      splitSale({
        salePriceCents: 4500,
        highestSaleCents: 5000,
        platformFeeBasisPoints: bp,
        feeBase: 'highest',
      }),
    ).toEqual({
      platformFeeCents: 1500,
      sellerProceedsCents: 3000,
      feeBaseCents: 5000,
    });
    expect(
      splitSale({
        salePriceCents: 100,
        highestSaleCents: 100_000,
        platformFeeBasisPoints: bp,
        feeBase: 'highest',
      }),
    ).toEqual({
      platformFeeCents: 100,
      sellerProceedsCents: 0,
      feeBaseCents: 100_000,
    });
  });
});

describe("splitSale with feeBase 'sale'", () => {
  const bp = 3000;
  it("takes the fee on this sale's price alone, however high the chip sold before", () => {
    expect(
      splitSale({
        salePriceCents: 4500,
        highestSaleCents: 5000,
        platformFeeBasisPoints: bp,
        feeBase: 'sale',
      }),
    ).toEqual({
      platformFeeCents: 1350,
      sellerProceedsCents: 3150,
      feeBaseCents: 4500,
    });
    expect(
      splitSale({
        salePriceCents: 100,
        highestSaleCents: 100_000,
        platformFeeBasisPoints: bp,
        feeBase: 'sale',
      }),
    ).toEqual({
      platformFeeCents: 30,
      sellerProceedsCents: 70,
      feeBaseCents: 100,
    });
  });

  it('agrees with the highest base on a first sale and on a new high', () => {
    fc.assert(
      fc.property(centsArb, centsArb, percentBpArb, (sale, below, platformFeeBasisPoints) => {
        const highestSaleCents = Math.min(below, sale);
        const input = { salePriceCents: sale, highestSaleCents, platformFeeBasisPoints };
        expect(splitSale({ ...input, feeBase: 'sale' })).toEqual(splitSale({ ...input, feeBase: 'highest' }));
      }),
    );
  });

  it('names the sale price in the rule', () => {
    expect(
      describePlatformFee({
        salePriceCents: 4500,
        highestSaleCents: 5000,
        platformFeeBasisPoints: bp,
        feeBase: 'sale',
      }),
    ).toBe('30% of the sale price');
  });
});

describe('describePlatformFee', () => {
  const bp = 3000;
  it('names the sale price as the base when the chip never sold for more', () => {
    expect(
      describePlatformFee({
        salePriceCents: 5000,
        highestSaleCents: 0,
        platformFeeBasisPoints: bp,
        feeBase: 'highest',
      }),
    ).toBe('30% of the sale price');
    expect(
      describePlatformFee({
        salePriceCents: 5000,
        highestSaleCents: 5000,
        platformFeeBasisPoints: 1250,
        feeBase: 'highest',
      }),
    ).toBe('12.5% of the sale price');
  });

  it("names the chip's highest price when this sale is lower, and a cap when the fee takes it all", () => {
    expect(
      describePlatformFee({
        salePriceCents: 4500,
        highestSaleCents: 5000,
        platformFeeBasisPoints: bp,
        feeBase: 'highest',
      }),
    ).toBe("30% of this chip's highest price, $50.00");
    expect(
      describePlatformFee({
        salePriceCents: 100,
        highestSaleCents: 100_000,
        platformFeeBasisPoints: bp,
        feeBase: 'highest',
      }),
    ).toBe("30% of this chip's highest price, $1,000.00, capped at the sale price");
  });
});

describe('transferFee', () => {
  const base = {
    highestSaleCents: 0,
    listPriceCents: null,
    mintPriceCents: 1500,
    platformFeeBasisPoints: 3000,
    feeBase: 'highest' as const,
  };

  it('takes the fee on the highest sale, else the list price, else the mint price (PRODUCT.md)', () => {
    expect(transferFee({ ...base, highestSaleCents: 5000, listPriceCents: 9000 })).toEqual({
      feeCents: 1500,
      feeBaseCents: 5000,
      feeBasis: 'highest_sale',
    });
    expect(transferFee({ ...base, listPriceCents: 2000 })).toEqual({
      feeCents: 600,
      feeBaseCents: 2000,
      feeBasis: 'list_price',
    });
    expect(transferFee(base)).toEqual({ feeCents: 450, feeBaseCents: 1500, feeBasis: 'mint_price' });
    expect(transferFee({ ...base, mintPriceCents: 0 }).feeCents).toBe(0);
  });

  it("with feeBase 'sale', takes the list price first, else the highest sale, else the mint price", () => {
    const sale = { ...base, feeBase: 'sale' as const };
    expect(transferFee({ ...sale, highestSaleCents: 5000, listPriceCents: 9000 })).toEqual({
      feeCents: 2700,
      feeBaseCents: 9000,
      feeBasis: 'list_price',
    });
    expect(transferFee({ ...sale, highestSaleCents: 5000 })).toEqual({
      feeCents: 1500,
      feeBaseCents: 5000,
      feeBasis: 'highest_sale',
    });
    expect(transferFee(sale)).toEqual({ feeCents: 450, feeBaseCents: 1500, feeBasis: 'mint_price' });
    expect(describeTransferFee({ ...sale, highestSaleCents: 5000, listPriceCents: 9000 })).toBe(
      '30% of its list price, $90.00',
    );
  });

  it('says the rule in words', () => {
    expect(describeTransferFee({ ...base, highestSaleCents: 5000 })).toBe(
      "30% of this chip's highest price, $50.00",
    );
    expect(describeTransferFee({ ...base, listPriceCents: 2000 })).toBe('30% of its list price, $20.00');
    expect(describeTransferFee(base)).toBe('30% of its mint price, $15.00');
  });

  it('a transfer order charges its fee alone: no shipping, discount or markup', () => {
    for (const paymentMethod of ['card', 'paypal', 'artchip'] as const) {
      const summary = computeOrderSummary({
        orderType: 'transfer',
        feeCents: 1500,
        settings: DEFAULTS,
        paymentMethod,
        shippingOption: 'ship',
        country: 'other',
        tokenPriceUsd: '0.01',
      });
      expect(summary).toMatchObject({
        basePriceCents: 1500,
        discountCents: 0,
        markupCents: 0,
        shippingCents: 0,
      });
      expect(summary.totalCents).toBe(1500);
    }
  });
});

describe('creator royalties (decision 081)', () => {
  it('pays the creator 5% of a resale out of the 30% fee, and nothing when the chip leaves its creator', () => {
    const split = splitSale({
      salePriceCents: 10_000,
      highestSaleCents: 0,
      platformFeeBasisPoints: 3000,
      feeBase: 'highest',
    });
    const royalty = (leavesCreator: boolean) =>
      creatorRoyaltyCents({
        baseCents: 10_000,
        platformFeeCents: split.platformFeeCents,
        creatorRoyaltyBasisPoints: 500,
        leavesCreator,
      });
    expect(royalty(false)).toBe(500);
    expect(royalty(true)).toBe(0);
    // The seller's share is the split's, royalty or not.
    expect(split.sellerProceedsCents).toBe(7_000);
    expect(describeCreatorRoyalty(500)).toBe('5% of the sale price, out of the platform fee');
  });

  it('never takes more than the platform fee, whatever the settings', () => {
    fc.assert(
      fc.property(centsArb, percentBpArb, percentBpArb, centsArb, (price, feeBp, royaltyBp, highest) => {
        const split = splitSale({
          salePriceCents: price,
          highestSaleCents: highest,
          platformFeeBasisPoints: feeBp,
          feeBase: 'highest',
        });
        const cents = creatorRoyaltyCents({
          baseCents: price,
          platformFeeCents: split.platformFeeCents,
          creatorRoyaltyBasisPoints: royaltyBp,
          leavesCreator: false,
        });
        expect(cents).toBeGreaterThanOrEqual(0);
        expect(cents).toBeLessThanOrEqual(split.platformFeeCents);
        if (royaltyBp <= feeBp && highest <= price) {
          expect(cents).toBe(Math.min(Math.round((price * royaltyBp) / 10_000), split.platformFeeCents));
        }
      }),
    );
  });

  it("takes a transfer's royalty from its fee: within a cent of the royalty on the fee's base", () => {
    expect(
      transferRoyaltyCents({
        feeCents: 1_500,
        platformFeeBasisPoints: 3000,
        creatorRoyaltyBasisPoints: 500,
        leavesCreator: false,
      }),
    ).toBe(250);
    expect(
      transferRoyaltyCents({
        feeCents: 1_500,
        platformFeeBasisPoints: 3000,
        creatorRoyaltyBasisPoints: 500,
        leavesCreator: true,
      }),
    ).toBe(0);
    expect(
      transferRoyaltyCents({
        feeCents: 0,
        platformFeeBasisPoints: 0,
        creatorRoyaltyBasisPoints: 500,
        leavesCreator: false,
      }),
    ).toBe(0);
    // A royalty above the fee's rate is capped at the fee.
    expect(
      transferRoyaltyCents({
        feeCents: 1_500,
        platformFeeBasisPoints: 1000,
        creatorRoyaltyBasisPoints: 2000,
        leavesCreator: false,
      }),
    ).toBe(1_500);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 10000 }),
        percentBpArb,
        (base, feeBp, royaltyBp) => {
          fc.pre(royaltyBp <= feeBp);
          const fee = transferFee({
            highestSaleCents: base,
            listPriceCents: null,
            mintPriceCents: 0,
            platformFeeBasisPoints: feeBp,
            feeBase: 'highest',
          }).feeCents;
          const fromFee = transferRoyaltyCents({
            feeCents: fee,
            platformFeeBasisPoints: feeBp,
            creatorRoyaltyBasisPoints: royaltyBp,
            leavesCreator: false,
          });
          const onBase = Math.round((base * royaltyBp) / 10_000);
          expect(Math.abs(fromFee - onBase)).toBeLessThanOrEqual(1);
          expect(fromFee).toBeLessThanOrEqual(fee);
        },
      ),
    );
  });
});

describe('what pricing says when it refuses', () => {
  it('names the amount at fault, and refuses fractions of a cent as well as negatives', () => {
    expect(() => computeOrderSummary(purchase({ priceCents: -1 }))).toThrow(
      'Base price must not be negative, got -1',
    );
    expect(() => computeOrderSummary(purchase({ priceCents: 10.5 }))).toThrow(
      'Base price must be a safe integer',
    );
    expect(() =>
      computeSaleSplit({ salePriceCents: -1, highestHistoricalPriceCents: 0, platformFeeBasisPoints: 0 }),
    ).toThrow('Sale price must not be negative');
    expect(() =>
      computeSaleSplit({ salePriceCents: 0, highestHistoricalPriceCents: -1, platformFeeBasisPoints: 0 }),
    ).toThrow('Highest historical price must not be negative');
    expect(() => computeAffiliateCommissions(-1)).toThrow('Mint fee must not be negative');
    expect(() =>
      transferFee({
        highestSaleCents: 0,
        listPriceCents: -5,
        mintPriceCents: 0,
        platformFeeBasisPoints: 100,
        feeBase: 'highest',
      }),
    ).toThrow('Transfer fee base must not be negative');
  });

  it('the domestic rate takes the country code in any case and spacing', () => {
    const us = computeOrderSummary(purchase({ country: 'US' })).shippingCents;
    expect(computeOrderSummary(purchase({ country: ' us ' })).shippingCents).toBe(us);
    expect(computeOrderSummary(purchase({ country: 'DE' })).shippingCents).not.toBe(us);
  });
});
