import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { orders } from '#server/features/orders/orders.table.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertNfcTag, insertNfcTestChip } from '#tests/factories/nfc.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';

async function setup() {
  const app = await buildTestApp({ env: { PUBLIC_URL: 'https://artchip.example' } });
  const admin = await insertAdmin(app.db);
  const creator = await insertUser(app.db, { username: 'maker' });
  const chip = await insertNfcTestChip(app.db, creator.user.id, {
    slug: 'blue-moon',
    title: 'Blue <Moon>',
    unitId: '12345678901234',
    imageUrl: '/media/blue.webp',
  });
  return { app, admin, creator, chip };
}

describe('GET /api/artchip/:id/qr.svg and qr.png', () => {
  it('encodes the chip page URL, is public and cacheable', async () => {
    const { app, chip } = await setup();
    const svg = await app.inject({ method: 'GET', url: `/api/artchip/${chip.id}/qr.svg` });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('public, max-age=3600');
    const expected = await QRCode.toString('https://artchip.example/artchip/maker/blue-moon', {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
    });
    expect(svg.body).toBe(expected);

    const png = await app.inject({ method: 'GET', url: `/api/artchip/${chip.id}/qr.png` });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('public, max-age=3600');
    expect(png.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  it('answers 404 for an unknown chip and 400 for a bad id', async () => {
    const { app } = await setup();
    for (const ext of ['svg', 'png']) {
      const res = await app.inject({ method: 'GET', url: `/api/artchip/98765/qr.${ext}` });
      expect(res.statusCode).toBe(404);
      expect(ApiErrorSchema.parse(res.json()).message).toBe('Artchip not found');
    }
    const bad = await app.inject({ method: 'GET', url: '/api/artchip/abc/qr.svg' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/admin/production-sheet', () => {
  it('renders a print-ready page: 54 mm artwork, unit ID, QR, UID and URL template per chip', async () => {
    const { app, admin, chip, creator } = await setup();
    const tag = await insertNfcTag(app, chip.id, {}, admin.user.id);
    const square = await insertNfcTestChip(app.db, creator.user.id, { shape: 'square', imageUrl: null });
    const res = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/admin/production-sheet?chipIds=${chip.id},${square.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('@page');
    expect(html).toContain('width: 54mm; height: 54mm');
    expect(html).toContain('.art.round { border-radius: 50%; }');
    expect(html).toContain('<img class="art round" src="https://artchip.example/media/blue.webp"');
    expect(html).toContain('<div class="art square empty">');
    expect(html).toContain('Blue &lt;Moon&gt;');
    expect(html).not.toContain('Blue <Moon>');
    expect(html).toContain('12345678901234');
    expect(html).toContain(tag.uid);
    expect(html).toContain('https://artchip.example/artchip/maker/blue-moon');
    expect(html.match(/<svg /g)).toHaveLength(2);
    expect(html.toUpperCase()).not.toContain(tag.fileReadKey);
    expect(html.toUpperCase()).not.toContain(tag.metaReadKey);
    expect(html.indexOf('blue-moon')).toBeLessThan(html.indexOf(square.slug));
  });

  it('selects the chips of an order', async () => {
    const { app, admin, chip, creator } = await setup();
    const [order] = await app.db
      .insert(orders)
      .values({
        orderType: 'mint',
        buyerId: creator.user.id,
        paymentMethod: 'card',
        paymentProvider: 'demo',
        shippingOption: 'ship',
        basePriceCents: 2500,
        totalCents: 2500,
      })
      .returning();
    const minted = await insertNfcTestChip(app.db, creator.user.id, { sourceOrderId: order!.id });
    const res = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/admin/production-sheet?orderId=${order!.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(minted.slug);
    expect(res.body).not.toContain(chip.slug);
  });

  it('validates its query and reports missing chips', async () => {
    const { app, admin, chip } = await setup();
    const none = await injectAs(app, admin.token, { method: 'GET', url: '/api/admin/production-sheet' });
    expect(none.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(none.json()).message).toBe('Give chipIds or orderId');
    const bad = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/admin/production-sheet?chipIds=1;2',
    });
    expect(bad.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(bad.json()).message).toBe('chipIds must be a comma-separated list of ids');
    const missing = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/admin/production-sheet?chipIds=${chip.id},99999`,
    });
    expect(missing.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(missing.json()).message).toBe('Artchips not found: 99999');
    const emptyOrder = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/admin/production-sheet?orderId=5',
    });
    expect(emptyOrder.statusCode).toBe(404);
  });
});
