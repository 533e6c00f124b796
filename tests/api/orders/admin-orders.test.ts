import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ChipSchema } from '#shared/chips.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import {
  AdminOrderSchema,
  CreateArtchipResponseSchema,
  OrderMediaResponseSchema,
} from '#shared/orders.schemas.ts';
import { auditLog } from '#server/modules/audit/audit.table.ts';
import { chipEvents, chips } from '#server/modules/chips/chips.table.ts';
import { mailOutbox } from '#server/platform/mail/mail.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertMedia, insertOrder } from '#tests/factories/orders.ts';
import { formBody, pngFile } from '#tests/api/admin/multipart.ts';

async function setup() {
  const app = await buildTestApp();
  const admin = await insertAdmin(app.db);
  const creator = await insertUser(app.db);
  return { app, admin, creator };
}

function message(res: { json: () => unknown }) {
  return ApiErrorSchema.parse(res.json()).message;
}

describe('POST /api/admin/orders/:id/create-artchip', () => {
  it('makes the chip of a paid custom mint from the creator’s image and marks the order completed', async () => {
    const { app, admin, creator } = await setup();
    const image = await insertMedia(app.db, creator.user.id);
    const order = await insertOrder(app.db, {
      buyerId: creator.user.id,
      paymentStatus: 'completed',
      mintTitle: 'Sunset',
      mintDescription: 'Orange sky',
      mintAssociatedUrl: 'https://creator.test',
      originalImageUrl: image.originalUrl,
    });
    const form = formBody({ tiktokUrl: 'https://tiktok.test/@me', shape: 'square' });
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/create-artchip`,
      ...form,
    });
    expect(res.statusCode).toBe(200);
    const body = CreateArtchipResponseSchema.parse(res.json());
    expect(body.artchip).toMatchObject({
      title: 'Sunset',
      description: 'Orange sky',
      creatorId: creator.user.id,
      ownerId: creator.user.id,
      status: 'pending',
      isForSale: false,
      isActive: false,
      originalImageUrl: image.originalUrl,
      associatedUrl: 'https://creator.test',
      tiktokUrl: 'https://tiktok.test/@me',
      shape: 'square',
    });
    expect(body.artchip.unitId).toMatch(/^\d{14}$/);
    expect(body.order).toMatchObject({
      orderStatus: 'completed',
      artchipId: body.artchip.id,
      canCreateArtchip: false,
    });
    const events = await app.db.select().from(chipEvents).where(eq(chipEvents.chipId, body.artchip.id));
    expect(events.map((e) => [e.type, e.orderId])).toEqual([['minted', order.id]]);
    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, creator.user.email));
    expect(mail).toMatchObject({ template: 'artchip-created' });
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(order.id)));
    expect(audit.map((a) => a.action)).toEqual(['order.create_artchip']);

    const again = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/create-artchip`,
      ...form,
    });
    expect(again.statusCode).toBe(409);
  });

  it('uses the admin’s uploaded artwork for a surprize mint, and requires it', async () => {
    const { app, admin, creator } = await setup();
    const order = await insertOrder(app.db, {
      buyerId: creator.user.id,
      paymentStatus: 'completed',
      isSurprize: true,
      basePriceCents: 3000,
      totalCents: 3000,
    });
    const url = `/api/admin/orders/${order.id}/create-artchip`;
    const missing = await injectAs(app, admin.token, { method: 'POST', url, ...formBody({}) });
    expect(missing.statusCode).toBe(400);
    expect(message(missing)).toBe('Please upload the artwork for this surprize mint.');
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url,
      ...formBody({ xUrl: 'https://x.test/me' }, [
        await pngFile('image'),
        await pngFile('additionalImage0', '#00ff00'),
      ]),
    });
    expect(res.statusCode).toBe(200);
    const { artchip } = CreateArtchipResponseSchema.parse(res.json());
    expect(artchip).toMatchObject({ isSurprize: true, xUrl: 'https://x.test/me' });
    expect(artchip.adminImageUrl).toBe(artchip.originalImageUrl);
    expect(artchip.additionalImageUrls).toHaveLength(1);
  });

  it('only makes chips of paid, pending mints', async () => {
    const { app, admin, creator } = await setup();
    const unpaid = await insertOrder(app.db, { buyerId: creator.user.id, isSurprize: true });
    const chip = await insertChip(app.db, { creatorId: creator.user.id });
    const purchase = await insertOrder(app.db, {
      buyerId: creator.user.id,
      orderType: 'purchase',
      chipId: chip.id,
      paymentStatus: 'completed',
    });
    for (const id of [unpaid.id, purchase.id]) {
      const res = await injectAs(app, admin.token, {
        method: 'POST',
        url: `/api/admin/orders/${id}/create-artchip`,
        ...formBody({}),
      });
      expect(res.statusCode).toBe(409);
    }
    expect(
      (
        await injectAs(app, admin.token, {
          method: 'POST',
          url: '/api/admin/orders/9999/create-artchip',
          ...formBody({}),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('is for admins only and validates the links', async () => {
    const { app, admin, creator } = await setup();
    const order = await insertOrder(app.db, {
      buyerId: creator.user.id,
      paymentStatus: 'completed',
      isSurprize: true,
    });
    const url = `/api/admin/orders/${order.id}/create-artchip`;
    expect((await injectAs(app, creator.token, { method: 'POST', url, ...formBody({}) })).statusCode).toBe(
      403,
    );
    expect((await app.inject({ method: 'POST', url, ...formBody({}) })).statusCode).toBe(401);
    const bad = await injectAs(app, admin.token, {
      method: 'POST',
      url,
      ...formBody({ youtubeUrl: 'javascript:alert(1)' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toBe('Must be a valid URL');
  });
});

describe('POST /api/admin/orders/:id/media', () => {
  it('stores surprize media so the order reads Media Uploaded, then create-artchip uses it', async () => {
    const { app, admin, creator } = await setup();
    const order = await insertOrder(app.db, {
      buyerId: creator.user.id,
      paymentStatus: 'completed',
      isSurprize: true,
    });
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/media`,
      ...formBody({ youtubeUrl: 'https://youtube.test/v' }, [await pngFile('image')]),
    });
    expect(res.statusCode).toBe(200);
    const { order: updated } = OrderMediaResponseSchema.parse(res.json());
    expect(updated).toMatchObject({ mediaState: 'Media Uploaded', canCreateArtchip: true });
    expect(updated.adminMedia).toMatchObject({
      youtubeUrl: 'https://youtube.test/v',
      adminImageUrl: expect.any(String),
    });

    const made = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/create-artchip`,
      payload: {},
    });
    expect(made.statusCode).toBe(200);
    const { artchip } = CreateArtchipResponseSchema.parse(made.json());
    expect(artchip).toMatchObject({
      originalImageUrl: updated.adminMedia!.adminImageUrl,
      youtubeUrl: 'https://youtube.test/v',
    });
  });

  it('keeps the admin’s video link and puts it on the chip; a bad one is refused in words', async () => {
    const { app, admin, creator } = await setup();
    const order = await insertOrder(app.db, {
      buyerId: creator.user.id,
      paymentStatus: 'completed',
      isSurprize: true,
    });
    const url = `/api/admin/orders/${order.id}/media`;
    const bad = await injectAs(app, admin.token, {
      method: 'POST',
      url,
      ...formBody({ adminVideoUrl: 'javascript:alert(1)' }, [await pngFile('image')]),
    });
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toBe('Video URL must be a valid URL');

    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url,
      ...formBody({ adminVideoUrl: 'https://video.test/surprize.mp4' }, [await pngFile('image')]),
    });
    expect(res.statusCode).toBe(200);
    const { order: updated } = OrderMediaResponseSchema.parse(res.json());
    expect(updated.adminMedia).toMatchObject({ adminVideoUrl: 'https://video.test/surprize.mp4' });

    const made = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/create-artchip`,
      payload: {},
    });
    expect(made.statusCode).toBe(200);
    const { artchip } = CreateArtchipResponseSchema.parse(made.json());
    expect(artchip.adminVideoUrl).toBe('https://video.test/surprize.mp4');
    const [row] = await app.db.select().from(chips).where(eq(chips.id, artchip.id));
    expect(row?.adminVideoUrl).toBe('https://video.test/surprize.mp4');
    // The creator reads it on their chip too.
    const page = await injectAs(app, creator.token, { method: 'GET', url: `/api/artchip/${artchip.id}` });
    expect(ChipSchema.parse(page.json()).adminVideoUrl).toBe('https://video.test/surprize.mp4');
  });

  it('refuses custom mints, non-admins and non-images', async () => {
    const { app, admin, creator } = await setup();
    const custom = await insertOrder(app.db, { buyerId: creator.user.id, paymentStatus: 'completed' });
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/orders/${custom.id}/media`,
      ...formBody({}),
    });
    expect(res.statusCode).toBe(409);
    const surprize = await insertOrder(app.db, {
      buyerId: creator.user.id,
      paymentStatus: 'completed',
      isSurprize: true,
    });
    const url = `/api/admin/orders/${surprize.id}/media`;
    expect((await injectAs(app, creator.token, { method: 'POST', url, ...formBody({}) })).statusCode).toBe(
      403,
    );
    const text = {
      field: 'image',
      filename: 'a.png',
      contentType: 'image/png',
      bytes: Buffer.from('not an image'),
    };
    const notImage = await injectAs(app, admin.token, { method: 'POST', url, ...formBody({}, [text]) });
    expect(notImage.statusCode).toBe(415);
  });
});

describe('PATCH /api/admin/orders/:id/status', () => {
  /** A paid purchase to be shipped, as payment leaves it: processing, its chip leaving the vault. */
  async function paidShippedPurchase() {
    const ctx = await setup();
    const chip = await insertChip(ctx.app.db, {
      ownerId: ctx.creator.user.id,
      status: 'sold',
      custody: 'dispatching',
    });
    const order = await insertOrder(ctx.app.db, {
      buyerId: ctx.creator.user.id,
      orderType: 'purchase',
      chipId: chip.id,
      paymentStatus: 'completed',
      status: 'processing',
      shippingOption: 'ship',
      shippingAddress: { name: 'A', addressLine1: 'B', city: 'C', state: 'D', zipCode: '1', country: 'US' },
    });
    return { ...ctx, chip, order };
  }

  it('moves a paid shipment processing → completed → shipped, e-mailing the customer and auditing each step', async () => {
    const { app, admin, creator, order, chip } = await paidShippedPurchase();
    const url = `/api/admin/orders/${order.id}/status`;
    const again = await injectAs(app, admin.token, {
      method: 'PATCH',
      url,
      payload: { status: 'processing' },
    });
    expect(again.statusCode).toBe(409);
    const completed = await injectAs(app, admin.token, {
      method: 'PATCH',
      url,
      payload: { status: 'completed' },
    });
    expect(completed.statusCode).toBe(200);
    expect(AdminOrderSchema.parse(completed.json())).toMatchObject({
      orderStatus: 'completed',
      actions: { markShipped: true, markCompleted: false },
    });
    const shipped = await injectAs(app, admin.token, {
      method: 'PATCH',
      url,
      payload: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' },
    });
    expect(shipped.statusCode).toBe(200);
    expect(AdminOrderSchema.parse(shipped.json())).toMatchObject({
      orderStatus: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999',
    });
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, creator.user.email));
    expect(mails.map((m) => m.template)).toEqual(['order-completed', 'order-shipped']);
    expect(mails[1]!.text).toContain('UPS tracking number: 1Z999 https://www.ups.com/track?tracknum=1Z999');
    expect(mails[1]!.html).toContain('href="https://www.ups.com/track?tracknum=1Z999"');
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.entity, 'order'));
    expect(audit.map((a) => a.action)).toEqual(['order.status', 'order.status']);
    const events = await app.db.select().from(chipEvents).where(eq(chipEvents.chipId, chip.id));
    expect(events.map((e) => e.type)).toEqual(['shipped']);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.shippedAt).not.toBeNull();
  });

  it('requires a carrier and tracking number to ship', async () => {
    const { app, admin, order } = await paidShippedPurchase();
    const res = await injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}/status`,
      payload: { status: 'shipped' },
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      message: 'Carrier is required',
      fieldErrors: { carrier: ['Carrier is required'], trackingNumber: ['Tracking number is required'] },
    });
    const bogus = await injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}/status`,
      payload: { status: 'lost' },
    });
    expect(message(bogus)).toBe('Invalid status');
  });

  it('refuses unpaid orders, backwards moves, vaulted shipments and non-admins', async () => {
    const { app, admin, creator } = await setup();
    const unpaid = await insertOrder(app.db, { buyerId: creator.user.id });
    const patch = (id: number, payload: object, token = admin.token) =>
      injectAs(app, token, { method: 'PATCH', url: `/api/admin/orders/${id}/status`, payload });
    expect((await patch(unpaid.id, { status: 'processing' })).statusCode).toBe(409);
    const vaulted = await insertOrder(app.db, {
      buyerId: creator.user.id,
      paymentStatus: 'completed',
      status: 'completed',
    });
    expect((await patch(vaulted.id, { status: 'processing' })).statusCode).toBe(409);
    const ship = await patch(vaulted.id, { status: 'shipped', carrier: 'UPS', trackingNumber: '1' });
    expect(message(ship)).toBe('This order is kept in the vault; there is nothing to ship.');
    expect((await patch(vaulted.id, { status: 'completed' }, creator.token)).statusCode).toBe(403);
    expect((await patch(424242, { status: 'completed' })).statusCode).toBe(404);
    const [untouched] = await app.db.select().from(chips);
    expect(untouched).toBeUndefined();
  });
});
