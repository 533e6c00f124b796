import { describe, expect, it } from 'vitest';
import {
  INCOMPLETE_ADDRESS_MESSAGE,
  QuoteRequestSchema,
  SELECT_ADDRESS_MESSAGE,
} from './checkout.schemas.ts';
import { CheckoutRequestSchema } from './checkout-request.schemas.ts';
import {
  ActivateArtchipInputSchema,
  UpdateArtchipPricingInputSchema,
  UpdateOrderStatusInputSchema,
} from './orders.schemas.ts';
import { CreateOfferInputSchema } from './offers.schemas.ts';
import { IMAGE_REQUIRED_MESSAGE } from './media.schemas.ts';

function messages(result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

const purchase = { orderType: 'purchase', paymentMethod: 'card', shippingOption: 'store', artchipId: 1 };

describe('CheckoutRequestSchema', () => {
  it('accepts a guest purchase kept in the vault and maps legacy methods to card', () => {
    for (const method of ['usd', 'creditcard', 'card']) {
      const parsed = CheckoutRequestSchema.parse({ ...purchase, paymentMethod: method, email: ' A@B.co ' });
      expect(parsed.paymentMethod).toBe('card');
      expect(parsed.email).toBe('a@b.co');
      expect(parsed.newAddressCountry).toBe('US');
      expect(parsed.saveAddress).toBe(false);
    }
  });

  it('answers the spec messages', () => {
    expect(messages(CheckoutRequestSchema.safeParse({ ...purchase, email: 'nope' }))).toEqual([
      'email: Please enter a valid email address',
    ]);
    expect(messages(CheckoutRequestSchema.safeParse({ ...purchase, shippingOption: 'ship' }))).toEqual([
      `shippingAddressId: ${SELECT_ADDRESS_MESSAGE}`,
    ]);
    const incomplete = CheckoutRequestSchema.safeParse({
      ...purchase,
      shippingOption: 'ship',
      shippingAddressId: 'new',
      newAddressName: 'Ann',
      newAddressLine1: '1 Main St',
    });
    expect(messages(incomplete)).toEqual([
      `newAddressCity: ${INCOMPLETE_ADDRESS_MESSAGE}`,
      `newAddressState: ${INCOMPLETE_ADDRESS_MESSAGE}`,
      `newAddressZip: ${INCOMPLETE_ADDRESS_MESSAGE}`,
    ]);
    const mint = { orderType: 'mint', paymentMethod: 'artchip', shippingOption: 'store' };
    expect(
      messages(CheckoutRequestSchema.safeParse({ ...mint, mintData: { title: '', imageUrl: '/m/x.webp' } })),
    ).toEqual(['mintData.title: Title is required']);
    expect(
      messages(
        CheckoutRequestSchema.safeParse({ ...mint, mintData: { title: 'x'.repeat(100), imageUrl: '/m/x' } }),
      ),
    ).toEqual(['mintData.title: Title must be less than 100 characters']);
    expect(
      messages(
        CheckoutRequestSchema.safeParse({
          ...mint,
          mintData: { title: 'ok', description: 'd'.repeat(501), imageUrl: '/m' },
        }),
      ),
    ).toEqual(['mintData.description: Description must be less than 500 characters']);
    expect(messages(CheckoutRequestSchema.safeParse({ ...mint, mintData: { title: 'ok' } }))).toEqual([
      `mintData.imageUrl: ${IMAGE_REQUIRED_MESSAGE}`,
    ]);
    expect(
      CheckoutRequestSchema.safeParse({ ...mint, mintData: { title: 'ok', isSurprize: true } }).success,
    ).toBe(true);
    expect(messages(CheckoutRequestSchema.safeParse({ ...purchase, paymentMethod: 'bitcoin' }))).toEqual([
      'paymentMethod: Invalid payment method',
    ]);
  });

  it('rejects non-http associated links', () => {
    const result = CheckoutRequestSchema.safeParse({
      orderType: 'mint',
      paymentMethod: 'artchip',
      shippingOption: 'store',
      mintData: { title: 'ok', isSurprize: true, associatedUrl: 'javascript:alert(1)' },
    });
    expect(messages(result)[0]).toBe('mintData.associatedUrl: Must be a valid URL');
  });
});

describe('QuoteRequestSchema', () => {
  it('defaults the country and requires a chip for purchases', () => {
    expect(
      QuoteRequestSchema.parse({ orderType: 'mint', paymentMethod: 'artchip', shippingOption: 'ship' }),
    ).toMatchObject({
      country: 'US',
      isSurprize: false,
    });
    expect(
      QuoteRequestSchema.safeParse({ orderType: 'purchase', paymentMethod: 'card', shippingOption: 'ship' })
        .success,
    ).toBe(false);
  });
});

describe('owner and offer inputs', () => {
  it('answer the spec messages', () => {
    expect(messages(ActivateArtchipInputSchema.safeParse({}))).toEqual(['price: Price is required']);
    expect(messages(ActivateArtchipInputSchema.safeParse({ price: '' }))).toEqual([
      'price: Price is required',
    ]);
    expect(messages(ActivateArtchipInputSchema.safeParse({ price: 'abc' }))).toEqual([
      'price: Enter a price like 12.50',
    ]);
    expect(messages(ActivateArtchipInputSchema.safeParse({ price: '0' }))).toEqual([
      'price: Price must be greater than 0',
    ]);
    expect(messages(UpdateArtchipPricingInputSchema.safeParse({ paypalEnabled: true }))).toEqual([
      'priceUsd: USD price is required',
    ]);
    expect(UpdateArtchipPricingInputSchema.parse({ priceUsd: '12.5' })).toEqual({
      priceUsd: '12.5',
      paypalEnabled: false,
    });
    expect(messages(CreateOfferInputSchema.safeParse({ amountUsd: '' }))).toEqual([
      'amountUsd: Offer amount is required',
    ]);
    expect(messages(UpdateOrderStatusInputSchema.safeParse({ status: 'shipped' }))).toEqual([
      'carrier: Carrier is required',
      'trackingNumber: Tracking number is required',
    ]);
  });
});
