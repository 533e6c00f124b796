import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, MINT_LOGIN_REQUIRED_MESSAGE } from '#shared/checkout.schemas.ts';
import { ChipSchema, CROP_MESSAGES } from '#shared/chips.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { AdminOrderDetailSchema, CreateArtchipResponseSchema } from '#shared/orders.schemas.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { orderEvents } from '#server/modules/orders/orders.table.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertMedia, mintBody } from '#tests/factories/orders.ts';
import { formBody, pngFile } from '#tests/api/admin/multipart.ts';

const CROP = { x: 0.4, y: 0.55, zoom: 1.75, rotation: -90 };

async function setup() {
  const app = await buildTestApp();
  const admin = await insertAdmin(app.db);
  const creator = await insertUser(app.db);
  const image = await insertMedia(app.db, creator.user.id);
  return { app, admin, creator, image };
}

async function mint(app: App, token: string | null, mintData: Record<string, unknown>) {
  return injectAs(app, token, {
    method: 'POST',
    url: '/api/checkout',
    payload: { ...mintBody(undefined), mintData: { title: 'Studio', isSurprize: false, ...mintData } },
  });
}

async function paidOrder(app: App, token: string, mintData: Record<string, unknown>) {
  const res = await mint(app, token, mintData);
  expect(res.statusCode).toBe(200);
  const { orderId } = CheckoutResponseSchema.parse(res.json());
  const paid = await injectAs(app, token, { method: 'POST', url: `/api/orders/${orderId}/complete` });
  expect(paid.statusCode).toBe(200);
  return orderId;
}

async function createArtchip(
  app: App,
  adminToken: string,
  orderId: number,
  fields: Record<string, string> = {},
) {
  const res = await injectAs(app, adminToken, {
    method: 'POST',
    url: `/api/admin/orders/${orderId}/create-artchip`,
    ...formBody(fields),
  });
  expect(res.statusCode).toBe(200);
  return CreateArtchipResponseSchema.parse(res.json()).artchip;
}

describe('POST /api/checkout (mint) with the studio’s shape and crop', () => {
  it('stores the design with the order, shows it to the admin and gives it to the chip made from it', async () => {
    const { app, admin, creator, image } = await setup();
    const orderId = await paidOrder(app, creator.token, {
      imageUrl: image.originalUrl,
      shape: 'square',
      crop: CROP,
    });

    const [placed] = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(placed).toMatchObject({ type: 'placed', data: { design: { shape: 'square', crop: CROP } } });

    const detail = await injectAs(app, admin.token, { method: 'GET', url: `/api/admin/orders/${orderId}` });
    expect(detail.statusCode).toBe(200);
    expect(AdminOrderDetailSchema.parse(detail.json()).mintDesign).toEqual({ shape: 'square', crop: CROP });

    const chip = await createArtchip(app, admin.token, orderId);
    expect(chip).toMatchObject({ shape: 'square', crop: CROP });
    const [row] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(row).toMatchObject({ shape: 'square', crop: CROP });

    const after = AdminOrderDetailSchema.parse(
      (await injectAs(app, admin.token, { method: 'GET', url: `/api/admin/orders/${orderId}` })).json(),
    );
    expect(after.item).toMatchObject({ shape: 'square', crop: CROP, imageWidth: 800, imageHeight: 800 });

    // The creator sees their chip with its placement (the chip page renders the disc from it).
    const own = await injectAs(app, creator.token, {
      method: 'GET',
      url: `/api/artchip/${chip.creatorUsername}/${chip.slug}`,
    });
    expect(own.statusCode).toBe(200);
    expect(ChipSchema.parse(own.json())).toMatchObject({ shape: 'square', crop: CROP });
  });

  it('makes a round chip, centred, when a mint gives no design (clients before the studio)', async () => {
    const { app, admin, creator, image } = await setup();
    const orderId = await paidOrder(app, creator.token, { imageUrl: image.originalUrl });
    const chip = await createArtchip(app, admin.token, orderId);
    expect(chip).toMatchObject({ shape: 'round', crop: null });
  });

  it('keeps a surprize mint’s shape but no crop, and lets the admin change the shape', async () => {
    const { app, admin, creator } = await setup();
    const orderId = await paidOrder(app, creator.token, { isSurprize: true, shape: 'square', crop: CROP });
    const detail = AdminOrderDetailSchema.parse(
      (await injectAs(app, admin.token, { method: 'GET', url: `/api/admin/orders/${orderId}` })).json(),
    );
    expect(detail.mintDesign).toEqual({ shape: 'square', crop: null });
    // The admin makes the artwork for the disc, so no crop; they may also change the shape.
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/orders/${orderId}/create-artchip`,
      ...formBody({ shape: 'round' }, [await pngFile()]),
    });
    expect(res.statusCode).toBe(200);
    expect(CreateArtchipResponseSchema.parse(res.json()).artchip).toMatchObject({
      shape: 'round',
      crop: null,
    });
  });

  it('gives a surprize mint the creator’s shape when the admin leaves it', async () => {
    const { app, admin, creator } = await setup();
    const orderId = await paidOrder(app, creator.token, { isSurprize: true, shape: 'square' });
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/orders/${orderId}/create-artchip`,
      ...formBody({}, [await pngFile()]),
    });
    expect(res.statusCode).toBe(200);
    expect(CreateArtchipResponseSchema.parse(res.json()).artchip).toMatchObject({
      shape: 'square',
      crop: null,
    });
  });

  it('answers 400 with the crop’s own message for a crop out of bounds', async () => {
    const { app, creator, image } = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...CROP, x: 1.5 }, CROP_MESSAGES.x],
      [{ ...CROP, y: -0.1 }, CROP_MESSAGES.y],
      [{ ...CROP, zoom: 9 }, CROP_MESSAGES.zoom],
      [{ ...CROP, zoom: 0.5 }, CROP_MESSAGES.zoom],
      [{ ...CROP, rotation: 181 }, CROP_MESSAGES.rotation],
      [{ ...CROP, rotation: 'left' }, CROP_MESSAGES.rotation],
    ];
    for (const [crop, message] of cases) {
      const res = await mint(app, creator.token, { imageUrl: image.originalUrl, crop });
      expect(res.statusCode, JSON.stringify(crop)).toBe(400);
      const body = ApiErrorSchema.parse(res.json());
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message).toBe(message);
    }
    const shape = await mint(app, creator.token, { imageUrl: image.originalUrl, shape: 'oval' });
    expect(shape.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(shape.json()).message).toBe('Shape must be round or square');
  });

  it('keeps the design to the mint’s owner: visitors cannot mint, others cannot read it, users cannot read the admin view', async () => {
    const { app, creator, image } = await setup();
    const visitor = await mint(app, null, { imageUrl: image.originalUrl, shape: 'square', crop: CROP });
    expect(visitor.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(visitor.json()).message).toBe(MINT_LOGIN_REQUIRED_MESSAGE);

    const orderId = await paidOrder(app, creator.token, {
      imageUrl: image.originalUrl,
      shape: 'square',
      crop: CROP,
    });
    const other = await insertUser(app.db);
    const theirs = await injectAs(app, other.token, { method: 'GET', url: `/api/orders/${orderId}` });
    expect(theirs.statusCode).toBe(404);
    for (const token of [creator.token, other.token]) {
      const admin = await injectAs(app, token, { method: 'GET', url: `/api/admin/orders/${orderId}` });
      expect([401, 403]).toContain(admin.statusCode);
    }
  });

  it('carries the design over when an unpaid mint is paid again', async () => {
    const { app, admin, creator, image } = await setup();
    const res = await mint(app, creator.token, { imageUrl: image.originalUrl, shape: 'square', crop: CROP });
    const { orderId } = CheckoutResponseSchema.parse(res.json());
    const again = await injectAs(app, creator.token, {
      method: 'POST',
      url: `/api/orders/${orderId}/pay`,
      payload: {},
    });
    expect(again.statusCode).toBe(200);
    const retry = CheckoutResponseSchema.parse(again.json()).orderId;
    expect(retry).not.toBe(orderId);
    const detail = AdminOrderDetailSchema.parse(
      (await injectAs(app, admin.token, { method: 'GET', url: `/api/admin/orders/${retry}` })).json(),
    );
    expect(detail.mintDesign).toEqual({ shape: 'square', crop: CROP });
  });
});
