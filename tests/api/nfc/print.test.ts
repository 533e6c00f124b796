import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { orders } from '#server/modules/orders/orders.table.ts';
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

  it('answers 404 for a chip an admin took down, except to its creator and admins', async () => {
    const { app, admin, creator } = await setup();
    const pending = await insertNfcTestChip(app.db, creator.user.id, { slug: 'not-yet', status: 'removed' });
    const stranger = await insertUser(app.db);
    for (const ext of ['svg', 'png']) {
      const url = `/api/artchip/${pending.id}/qr.${ext}`;
      const anonymous = await app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(404);
      expect(ApiErrorSchema.parse(anonymous.json()).message).toBe('Artchip not found');
      expect((await injectAs(app, stranger.token, { method: 'GET', url })).statusCode).toBe(404);
      for (const token of [creator.token, admin.token]) {
        const res = await injectAs(app, token, { method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
    }
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
    // A chip made before the studio: centred, just covering the disc, upright.
    expect(html).toContain(
      '<div class="art round" role="img" aria-label="Artwork of Blue &lt;Moon&gt;, round, zoom 1.0×, upright, centre at 50% across and 50% down"><img src="http://localhost/media/blue.webp" alt="" style="left: 0%; top: 0%; width: 100%; height: 100%; transform-origin: 50% 50%; transform: rotate(0deg);">',
    );
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

  it('prints the artwork cropped, zoomed and turned as its creator placed it, at 54 mm', async () => {
    const { app, admin, creator } = await setup();
    // A 2:1 image at zoom 2 is 4 discs wide and 2 high; the centre a quarter across is a whole disc
    // from the image's left edge: left = 0.5 − 0.25 × 4 = −0.5, top = 0.5 − 0.5 × 2 = −0.5.
    const wide = await insertNfcTestChip(app.db, creator.user.id, {
      title: 'Wide',
      shape: 'square',
      imageUrl: '/media/wide.webp',
      imageWidth: 1600,
      imageHeight: 800,
      crop: { x: 0.25, y: 0.5, zoom: 2, rotation: 90 },
    });
    const res = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/admin/production-sheet?chipIds=${wide.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('.art.square { border-radius: 11%; }');
    expect(res.body).toContain(
      '<div class="art square" role="img" aria-label="Artwork of Wide, square, zoom 2.0×, turned 90°, centre at 25% across and 50% down"><img src="http://localhost/media/wide.webp" alt="" style="left: -50%; top: -50%; width: 400%; height: 200%; transform-origin: 25% 50%; transform: rotate(90deg);">',
    );
    expect(res.body).toContain(
      '<dt>Placement</dt><dd>zoom 2.0×, turned 90°, centre at 25% across and 50% down</dd>',
    );
  });

  it('takes the artwork from the host the admin browses, while the QR and page keep PUBLIC_URL (issue 27)', async () => {
    const { app, admin, chip } = await setup();
    const res = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/admin/production-sheet?chipIds=${chip.id}`,
      headers: { host: 'staging.artchip.test:8443' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<img src="http://staging.artchip.test:8443/media/blue.webp"');
    expect(res.body).not.toContain('https://artchip.example/media/');
    expect(res.body).toContain('<dt>Page</dt><dd>https://artchip.example/artchip/maker/blue-moon</dd>');
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
