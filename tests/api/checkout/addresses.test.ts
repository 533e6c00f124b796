/**
 * Issue 13: addresses as each country needs them, in the address book, checkout, its quote and
 * ship-to-me, and shipping priced for the address it goes to (US domestic, elsewhere international).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_WITHOUT_COUNTRY_MESSAGE,
  invalidPostalCodeMessage,
  ShippingAddressSchema,
  UNKNOWN_COUNTRY_MESSAGE,
} from '#shared/addresses.schemas.ts';
import {
  CheckoutResponseSchema,
  INCOMPLETE_ADDRESS_MESSAGE,
  QuoteResponseSchema,
} from '#shared/checkout.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertAddress, purchaseBody } from '#tests/factories/orders.ts';
import type { App } from '#server/app.ts';

type Injected = { statusCode: number; json: () => unknown };

function expectError(res: Injected, status: number, message: string, field?: string) {
  expect(res.statusCode).toBe(status);
  const body = ApiErrorSchema.parse(res.json());
  expect(body.message).toBe(message);
  if (field) expect(body.fieldErrors?.[field]).toContain(message);
}

const PARIS = {
  name: 'Ann Buyer',
  addressLine1: '1 Rue de la Paix',
  city: 'Paris',
  zipCode: '75002',
  country: 'FR',
};
const OTTAWA = {
  name: 'Cal Buyer',
  addressLine1: '24 Sussex Dr',
  city: 'Ottawa',
  state: 'ON',
  zipCode: 'K1M 1M4',
  country: 'CA',
};

const addAddress = (app: App, token: string | null, body: object) =>
  injectAs(app, token, { method: 'POST', url: '/api/shipping-addresses', payload: body });

async function setup() {
  const app = await buildTestApp();
  const seller = await insertUser(app.db);
  const buyer = await insertUser(app.db);
  const chip = await insertChip(app.db, { creatorId: seller.user.id, priceCents: 2500 });
  return { app, seller, buyer, chip };
}

describe('address book, by country', () => {
  it('saves a French address without a state, and a Canadian one with its province', async () => {
    const { app, buyer } = await setup();
    const paris = await addAddress(app, buyer.token, { ...PARIS, state: 'IL' });
    expect(paris.statusCode).toBe(201);
    // A region left over from another country is dropped: France has none.
    expect(ShippingAddressSchema.parse(paris.json())).toMatchObject({ ...PARIS, state: '' });
    const ottawa = await addAddress(app, buyer.token, { ...OTTAWA, state: 'Ontario', zipCode: 'k1m1m4' });
    expect(ottawa.statusCode).toBe(201);
    expect(ShippingAddressSchema.parse(ottawa.json())).toMatchObject({ state: 'ON', zipCode: 'K1M1M4' });
  });

  it('refuses a Canadian address without a province or with a bad postal code, and "other"', async () => {
    const { app, buyer } = await setup();
    expectError(
      await addAddress(app, buyer.token, { ...OTTAWA, state: '' }),
      400,
      'State is required',
      'state',
    );
    expectError(
      await addAddress(app, buyer.token, { ...OTTAWA, zipCode: '90210' }),
      400,
      invalidPostalCodeMessage('CA'),
      'zipCode',
    );
    expectError(
      await addAddress(app, buyer.token, { ...PARIS, country: 'other' }),
      400,
      UNKNOWN_COUNTRY_MESSAGE,
      'country',
    );
    const list = await injectAs(app, buyer.token, { method: 'GET', url: '/api/shipping-addresses' });
    expect(list.json()).toEqual([]);
  });

  it('checks an edited address the same way, and only the owner’s', async () => {
    const { app, buyer, seller } = await setup();
    const saved = ShippingAddressSchema.parse((await addAddress(app, buyer.token, PARIS)).json());
    const put = (token: string, body: object) =>
      injectAs(app, token, { method: 'PUT', url: `/api/shipping-addresses/${saved.id}`, payload: body });
    expectError(await put(buyer.token, { ...PARIS, country: 'CA' }), 400, 'State is required', 'state');
    expectError(await put(seller.token, OTTAWA), 404, 'Shipping address not found');
    const moved = await put(buyer.token, OTTAWA);
    expect(moved.statusCode).toBe(200);
    expect(ShippingAddressSchema.parse(moved.json())).toMatchObject({ country: 'CA', state: 'ON' });
  });

  it('needs a session', async () => {
    const { app } = await setup();
    const res = await addAddress(app, null, PARIS);
    expect(res.statusCode).toBe(401);
  });
});

describe('checkout to an address', () => {
  const newAddress = (address: Record<string, string>) => ({
    shippingOption: 'ship' as const,
    shippingAddressId: 'new' as const,
    newAddressName: address.name,
    newAddressLine1: address.addressLine1,
    newAddressCity: address.city,
    newAddressState: address.state ?? '',
    newAddressZip: address.zipCode,
    newAddressCountry: address.country,
  });

  it('ships to a new French address at the international rate and keeps it without a state', async () => {
    const { app, buyer, chip } = await setup();
    const res = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id, { ...newAddress(PARIS), saveAddress: true }),
    });
    expect(res.statusCode).toBe(200);
    const body = CheckoutResponseSchema.parse(res.json());
    expect(body.summary).toMatchObject({ basePriceCents: 2500, shippingCents: 2500, totalCents: 5000 });
    const [order] = await app.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(order!.shippingAddress).toMatchObject({ ...PARIS, state: '' });
    expect(order!.shippingCents).toBe(2500);
  });

  it('refuses a new Canadian address without a province or with a bad postal code', async () => {
    const { app, buyer, chip } = await setup();
    const post = (payload: object) =>
      injectAs(app, buyer.token, { method: 'POST', url: '/api/checkout', payload });
    expectError(
      await post(purchaseBody(chip.id, newAddress({ ...OTTAWA, state: '' }))),
      400,
      INCOMPLETE_ADDRESS_MESSAGE,
      'newAddressState',
    );
    expectError(
      await post(purchaseBody(chip.id, newAddress({ ...OTTAWA, zipCode: 'K1M' }))),
      400,
      invalidPostalCodeMessage('CA'),
      'newAddressZip',
    );
    expect(await app.db.select().from(orders)).toHaveLength(0);
  });

  it('prices a saved address by its country: US domestic, France international', async () => {
    const { app, buyer, chip } = await setup();
    const home = await insertAddress(app.db, buyer.user.id);
    const paris = await insertAddress(app.db, buyer.user.id, { ...PARIS, state: '' });
    const quote = async (shippingAddressId: number) => {
      const res = await injectAs(app, buyer.token, {
        method: 'POST',
        url: '/api/checkout/quote',
        payload: {
          orderType: 'purchase',
          artchipId: chip.id,
          paymentMethod: 'card',
          shippingOption: 'ship',
          shippingAddressId,
        },
      });
      expect(res.statusCode).toBe(200);
      return QuoteResponseSchema.parse(res.json()).summary.shippingCents;
    };
    expect(await quote(home.id)).toBe(1000);
    expect(await quote(paris.id)).toBe(2500);
  });

  it('will not ship to an old address saved with the country "other" until it is given one', async () => {
    const { app, buyer, chip } = await setup();
    const old = await insertAddress(app.db, buyer.user.id, { country: 'other' });
    expectError(
      await injectAs(app, buyer.token, {
        method: 'POST',
        url: '/api/checkout',
        payload: purchaseBody(chip.id, { shippingOption: 'ship', shippingAddressId: old.id }),
      }),
      400,
      ADDRESS_WITHOUT_COUNTRY_MESSAGE,
      'shippingAddressId',
    );
  });
});

describe('ship to me, priced for the chosen address', () => {
  async function vaulted() {
    const { app, buyer, chip } = await setup();
    const checkout = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id),
    });
    const { orderId } = CheckoutResponseSchema.parse(checkout.json());
    await injectAs(app, buyer.token, { method: 'POST', url: `/api/orders/${orderId}/complete` });
    return { app, buyer, chip };
  }

  it('charges the international rate to France and keeps the address as saved', async () => {
    const { app, buyer, chip } = await vaulted();
    const paris = ShippingAddressSchema.parse((await addAddress(app, buyer.token, PARIS)).json());
    const res = await injectAs(app, buyer.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/ship`,
      payload: { shippingAddressId: paris.id, paymentMethod: 'card' },
    });
    expect(res.statusCode).toBe(200);
    const body = CheckoutResponseSchema.parse(res.json());
    expect(body.summary).toMatchObject({ basePriceCents: 0, shippingCents: 2500, totalCents: 2500 });
    const [order] = await app.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(order!.shippingAddress).toMatchObject({ city: 'Paris', country: 'FR', state: '' });
  });

  it('refuses an address without a country', async () => {
    const { app, buyer, chip } = await vaulted();
    const old = await insertAddress(app.db, buyer.user.id, { country: 'other' });
    expectError(
      await injectAs(app, buyer.token, {
        method: 'POST',
        url: `/api/artchip/${chip.id}/ship`,
        payload: { shippingAddressId: old.id, paymentMethod: 'card' },
      }),
      400,
      ADDRESS_WITHOUT_COUNTRY_MESSAGE,
      'shippingAddressId',
    );
  });
});
