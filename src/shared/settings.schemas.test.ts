import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DEFAULT_SITE_SETTINGS,
  normalizeLegacyPaymentMethod,
  PaymentMethodInputSchema,
  PaymentMethodSchema,
  SiteSettingsSchema,
  toPricingSettings,
  toSiteSettings,
  UpdateSiteSettingsInputSchema,
  type SiteSettings,
} from './settings.schemas.ts';

function messagesFor(input: unknown): string[] {
  const result = SiteSettingsSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('SiteSettingsSchema', () => {
  it('fills every default from PRODUCT.md', () => {
    expect(SiteSettingsSchema.parse({})).toEqual({
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
    expect(SiteSettingsSchema.parse({})).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('keeps the defaults frozen and hands out copies', () => {
    expect(Object.isFrozen(DEFAULT_SITE_SETTINGS.paymentMethods.mint)).toBe(true);
    const parsed = SiteSettingsSchema.parse({});
    parsed.paymentMethods.mint.pop();
    expect(SiteSettingsSchema.parse({}).paymentMethods.mint).toEqual(['card', 'paypal', 'artchip']);
  });

  it('accepts the legacy six-setting PUT body', () => {
    const parsed = SiteSettingsSchema.parse({
      surprizeMintingCost: '35',
      customMintingCost: '12.5',
      artchipDiscountPercent: '0',
      artchipFreeShipping: true,
      domesticShippingRate: '0.00',
      internationalShippingRate: '19.99',
    });
    expect(parsed.customMintingCost).toBe('12.5');
    expect(parsed.artchipFreeShipping).toBe(true);
    expect(parsed.platformFeePercent).toBe('30.00');
  });

  it.each([
    ['12.345', 'Must have at most 2 decimals'],
    ['-1', 'Must be 0 or more'],
    ['abc', 'Must be a valid amount'],
    ['', 'Must be a valid amount'],
    ['1e3', 'Must be a valid amount'],
    [15, 'Must be a valid amount'],
    ['12345678901', 'Must be less than 10,000,000,000'],
  ])('rejects the amount %j with %s', (value, message) => {
    expect(messagesFor({ customMintingCost: value })).toEqual([message]);
  });

  it.each([
    ['100.01', 'Must be between 0 and 100'],
    ['-0.01', 'Must be between 0 and 100'],
    ['ten', 'Must be between 0 and 100'],
    ['10.005', 'Must have at most 2 decimals'],
  ])('rejects the percentage %j with %s', (value, message) => {
    expect(messagesFor({ artchipDiscountPercent: value })).toEqual([message]);
    expect(messagesFor({ platformFeePercent: value })).toEqual([message]);
    expect(messagesFor({ paypalMarkupPercent: value })).toEqual([message]);
  });

  it.each(['0', '100', '0.01', '99.99'])('accepts the percentage %j', (value) => {
    expect(messagesFor({ artchipDiscountPercent: value })).toEqual([]);
  });

  it.each([
    ['0', 'Must be greater than 0'],
    ['0.000', 'Must be greater than 0'],
    ['-0.001', 'Must be a valid price'],
    ['1e-3', 'Must be a valid price'],
    ['0.0000000000000000001', 'Must have at most 18 decimals'],
  ])('rejects the token price %j with %s', (value, message) => {
    expect(messagesFor({ tokenFallbackPriceUsd: value })).toEqual([message]);
  });

  it('rejects empty or repeated payment method lists and unknown methods', () => {
    expect(messagesFor({ paymentMethods: { mint: [], purchase: ['card'] } })).toEqual([
      'Choose at least one payment method',
    ]);
    expect(messagesFor({ paymentMethods: { mint: ['artchip', 'artchip'], purchase: ['card'] } })).toEqual([
      'Each payment method may be listed only once',
    ]);
    expect(messagesFor({ paymentMethods: { mint: ['bitcoin'], purchase: ['card'] } })).toEqual([
      'Invalid payment method',
    ]);
  });

  it("takes the fee base 'highest' or 'sale' and nothing else", () => {
    expect(SiteSettingsSchema.parse({ feeBase: 'sale' }).feeBase).toBe('sale');
    expect(messagesFor({ feeBase: 'list' })).toEqual(["Must be 'highest' or 'sale'"]);
  });

  it('rejects a non-boolean free-shipping flag', () => {
    expect(messagesFor({ artchipFreeShipping: 'yes' })).toEqual(['Must be true or false']);
  });

  it('shows the launch banner by default and takes only a boolean to change that', () => {
    expect(SiteSettingsSchema.parse({}).showLaunchBanner).toBe(true);
    expect(SiteSettingsSchema.parse({ showLaunchBanner: false }).showLaunchBanner).toBe(false);
    expect(messagesFor({ showLaunchBanner: 'off' })).toEqual(['Must be true or false']);
    expect(messagesFor({ showLaunchBanner: null })).toEqual(['Must be true or false']);
  });

  it('serializes a complete value with z.encode, as the Fastify response serializer does', () => {
    expect(z.encode(SiteSettingsSchema, SiteSettingsSchema.parse({}))).toEqual(DEFAULT_SITE_SETTINGS);
  });
});

describe('UpdateSiteSettingsInputSchema', () => {
  it('leaves omitted fields out instead of resetting them to defaults', () => {
    expect(UpdateSiteSettingsInputSchema.parse({ platformFeePercent: '25.00' })).toEqual({
      platformFeePercent: '25.00',
    });
  });

  it('validates the fields it gets', () => {
    expect(UpdateSiteSettingsInputSchema.safeParse({ domesticShippingRate: '-1' }).success).toBe(false);
  });
});

describe('payment methods', () => {
  it('knows exactly card, paypal and artchip', () => {
    expect(PaymentMethodSchema.options).toEqual(['card', 'paypal', 'artchip']);
    expect(PaymentMethodSchema.safeParse('usd').success).toBe(false);
  });

  it.each([
    ['usd', 'card'],
    ['creditcard', 'card'],
    ['card', 'card'],
    ['paypal', 'paypal'],
    ['artchip', 'artchip'],
  ])('reads %s as %s', (input, expected) => {
    expect(PaymentMethodInputSchema.parse(input)).toBe(expected);
    expect(normalizeLegacyPaymentMethod(input)).toBe(expected);
  });

  it('rejects unknown methods and encodes current ones unchanged', () => {
    expect(PaymentMethodInputSchema.safeParse('bitcoin').error?.issues[0]?.message).toBe(
      'Invalid payment method',
    );
    expect(z.encode(PaymentMethodInputSchema, 'card')).toBe('card');
    expect(normalizeLegacyPaymentMethod(42)).toBe(42);
  });
});

describe('toPricingSettings', () => {
  it('converts the defaults to cents and basis points', () => {
    expect(toPricingSettings(DEFAULT_SITE_SETTINGS)).toEqual({
      customMintingCostCents: 1500,
      surprizeMintingCostCents: 3000,
      domesticShippingCents: 1000,
      internationalShippingCents: 2500,
      artchipDiscountBasisPoints: 1000,
      artchipFreeShipping: false,
      platformFeeBasisPoints: 3000,
      creatorRoyaltyBasisPoints: 500,
      paypalMarkupBasisPoints: 2000,
      tokenFallbackPriceUsd: '0.001',
      paymentMethods: { mint: ['card', 'paypal', 'artchip'], purchase: ['card', 'paypal', 'artchip'] },
      feeBase: 'highest',
      payoutHoldDays: 7,
      insuredShippingThresholdCents: 50_000,
      insuredShippingBasisPoints: 150,
    });
  });

  it('round-trips through toSiteSettings with canonical strings', () => {
    const settings: SiteSettings = SiteSettingsSchema.parse({
      customMintingCost: '12.5',
      platformFeePercent: '25',
    });
    const back = toSiteSettings(toPricingSettings(settings));
    expect(back.customMintingCost).toBe('12.50');
    expect(back.platformFeePercent).toBe('25.00');
    const {
      showLaunchBanner: _banner,
      autoDeliveryDays: _days,
      vaultAddress: _vault,
      caseWindowDays: _caseWindow,
      caseNotReceivedDays: _notReceived,
      requireAdminTwoFactor: _adminTwoFactor,
      payoutDestinationHoldHours: _destinationHold,
      flipHoldDays: _flipHold,
      reporting1099kGrossUsd: _gross1099k,
      reporting1099kSales: _sales1099k,
      reportingDac7GrossUsd: _grossDac7,
      reportingDac7Sales: _salesDac7,
      disputeFeeCents: _disputeFee,
      ...moneyDefaults
    } = DEFAULT_SITE_SETTINGS;
    expect(toSiteSettings(toPricingSettings(DEFAULT_SITE_SETTINGS))).toEqual(moneyDefaults);
  });

  it('copies the payment method lists', () => {
    const pricing = toPricingSettings(DEFAULT_SITE_SETTINGS);
    pricing.paymentMethods.mint.pop();
    expect(DEFAULT_SITE_SETTINGS.paymentMethods.mint).toEqual(['card', 'paypal', 'artchip']);
  });
});
