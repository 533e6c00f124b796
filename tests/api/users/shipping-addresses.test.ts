import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiErrorSchema } from '#shared/errors.ts';
import { MAX_SHIPPING_ADDRESSES, ShippingAddressSchema } from '#shared/addresses.schemas.ts';
import { shippingAddresses } from '#server/modules/users/users.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
const ADDRESS = {
  name: 'Ada Lovelace',
  addressLine1: '1 Main St',
  addressLine2: 'Apt 2',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'US',
};
const list = async (app: App, token: string) => {
  const res = await injectAs(app, token, { method: 'GET', url: '/api/shipping-addresses' });
  expect(res.statusCode).toBe(200);
  return z.array(ShippingAddressSchema).parse(res.json());
};
const create = (app: App, token: string | null, body: Record<string, unknown>) =>
  injectAs(app, token, { method: 'POST', url: '/api/shipping-addresses', payload: body });
const update = (app: App, token: string | null, id: number | string, body: Record<string, unknown>) =>
  injectAs(app, token, { method: 'PUT', url: `/api/shipping-addresses/${id}`, payload: body });
const remove = (app: App, token: string | null, id: number | string) =>
  injectAs(app, token, { method: 'DELETE', url: `/api/shipping-addresses/${id}` });
const created = async (app: App, token: string, body: Record<string, unknown> = {}) => {
  const res = await create(app, token, { ...ADDRESS, ...body });
  expect(res.statusCode).toBe(201);
  return ShippingAddressSchema.parse(res.json());
};

describe('shipping addresses', () => {
  it('adds addresses; the first becomes the default, and an empty line 2 is stored as none', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    expect(await list(app, token)).toEqual([]);
    const first = await created(app, token);
    expect(first).toMatchObject({ ...ADDRESS, isDefault: true, phone: null });
    const second = await created(app, token, {
      name: 'Work',
      addressLine2: '',
      country: 'CA',
      state: 'ON',
      zipCode: 'K1A 0B1',
    });
    expect(second).toMatchObject({ name: 'Work', addressLine2: null, country: 'CA', isDefault: false });
    const withoutCountry = await created(app, token, { name: 'Home', country: undefined });
    expect(withoutCountry.country).toBe('US');
    expect((await list(app, token)).map((a) => a.id)).toEqual([first.id, withoutCountry.id, second.id]);
  });

  it('keeps a single default: a new or updated default replaces the old one', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const a = await created(app, token);
    const b = await created(app, token, { name: 'B', isDefault: true });
    expect((await list(app, token)).filter((x) => x.isDefault).map((x) => x.id)).toEqual([b.id]);
    const res = await update(app, token, a.id, { ...ADDRESS, city: 'Chicago', isDefault: true });
    expect(res.statusCode).toBe(200);
    expect(ShippingAddressSchema.parse(res.json())).toMatchObject({
      id: a.id,
      city: 'Chicago',
      isDefault: true,
    });
    expect((await list(app, token)).filter((x) => x.isDefault).map((x) => x.id)).toEqual([a.id]);
  });

  it('deletes an address; deleting the default makes the oldest remaining one the default', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const a = await created(app, token);
    const b = await created(app, token, { name: 'B' });
    const c = await created(app, token, { name: 'C' });
    const res = await remove(app, token, a.id);
    expect(res.statusCode).toBe(204);
    const rest = await list(app, token);
    expect(rest.map((x) => [x.id, x.isDefault])).toEqual([
      [b.id, true],
      [c.id, false],
    ]);
  });

  it("hides another user's addresses: list, update and delete act as if they did not exist", async () => {
    const app = await buildTestApp();
    const { token: owner } = await insertUser(app.db);
    const { token: intruder } = await insertUser(app.db);
    const address = await created(app, owner);
    expect(await list(app, intruder)).toEqual([]);
    for (const res of [
      await update(app, intruder, address.id, ADDRESS),
      await remove(app, intruder, address.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(ApiErrorSchema.parse(res.json())).toEqual({
        code: 'NOT_FOUND',
        message: 'Shipping address not found',
      });
    }
    expect(await list(app, owner)).toHaveLength(1);
  });

  it('answers 404 for a missing id and 400 for an id that is not a number', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    expect((await update(app, token, 999_999, ADDRESS)).statusCode).toBe(404);
    expect((await remove(app, token, 'abc')).statusCode).toBe(400);
    expect((await remove(app, token, '99999999999')).statusCode).toBe(400);
  });

  it.each([
    ['name', 'Name is required'],
    ['addressLine1', 'Address is required'],
    ['city', 'City is required'],
    ['state', 'State is required'],
    ['zipCode', 'Zip code is required'],
    ['country', 'Country is required'],
  ])('requires %s: "%s" (on add and on update)', async (field, message) => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const existing = await created(app, token);
    for (const res of [
      await create(app, token, { ...ADDRESS, [field]: '' }),
      await update(app, token, existing.id, { ...ADDRESS, [field]: ' ' }),
    ]) {
      expect(res.statusCode).toBe(400);
      const body = ApiErrorSchema.parse(res.json());
      expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message });
      expect(body.fieldErrors?.[field]).toEqual([message]);
    }
  });

  it(`keeps at most ${MAX_SHIPPING_ADDRESSES} addresses per account`, async () => {
    const app = await buildTestApp();
    const { user, token } = await insertUser(app.db);
    await app.db.insert(shippingAddresses).values(
      Array.from({ length: MAX_SHIPPING_ADDRESSES }, (_, i) => ({
        ...ADDRESS,
        name: `A${i}`,
        userId: user.id,
      })),
    );
    const res = await create(app, token, ADDRESS);
    expect(res.statusCode).toBe(422);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('UNPROCESSABLE');
  });

  it('needs a session for every call', async () => {
    const app = await buildTestApp();
    for (const res of [
      await injectAs(app, null, { method: 'GET', url: '/api/shipping-addresses' }),
      await create(app, null, ADDRESS),
      await update(app, null, 1, ADDRESS),
      await remove(app, null, 1),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('UNAUTHENTICATED');
    }
  });
});
