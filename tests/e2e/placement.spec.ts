import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, pageAs, test } from './fixtures.ts';
import {
  adminToken,
  auth,
  createChipFromMint,
  json,
  signUpVerified,
  uniqueTitle,
  type Account,
} from './api.ts';

/**
 * Issue 27, "One placement, everywhere": the picture of a chip is the chip as it will be made. A
 * square mint placed at zoom 2, off centre, is pictured on its marketplace card, its page, its tap
 * page and its link preview (og:image) as the production sheet prints it.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Zoom 2, centred left of and above the middle (the disc shows red, blue and a rim of white). */
const CROP = { x: 0.3, y: 0.4, zoom: 2, rotation: 0 };

/** A 3:2 artwork with four coloured quarters and a white dot in the middle, so any crop shows. */
function quarteredPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
    <rect width="300" height="200" fill="#dc2626"/><rect x="300" width="300" height="200" fill="#facc15"/>
    <rect y="200" width="300" height="200" fill="#2563eb"/><rect x="300" y="200" width="300" height="200" fill="#16a34a"/>
    <circle cx="300" cy="200" r="40" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A square mint placed with CROP, paid, made by the admin, activated and listed; its order and chip. */
async function placedSquareChip(request: APIRequestContext, creator: Account, title: string) {
  const media = await json<{ url: string }>(
    await request.post('/api/media', {
      headers: auth(creator.token),
      multipart: { image: { name: 'quarters.png', mimeType: 'image/png', buffer: await quarteredPng() } },
    }),
  );
  const { orderId } = await json<{ orderId: number }>(
    await request.post('/api/checkout', {
      headers: auth(creator.token),
      data: {
        orderType: 'mint',
        paymentMethod: 'artchip',
        shippingOption: 'store',
        mintData: { title, isSurprize: false, imageUrl: media.url, shape: 'square', crop: CROP },
      },
    }),
  );
  await json(await request.post(`/api/orders/${orderId}/complete`, { headers: auth(creator.token) }));
  const chip = await createChipFromMint(request, orderId);
  await json(
    await request.patch(`/api/artchip/${chip.id}/activate`, {
      headers: auth(creator.token),
      data: { price: '42.00' },
    }),
  );
  const full = await json<{ unitId: string }>(await request.get(`/api/artchip/${chip.id}`));
  return { orderId, chip: { ...chip, unitId: full.unitId } };
}

const SIDE = 40;

/** An image scaled to SIDE × SIDE on white, as RGB. */
async function normalised(png: Buffer): Promise<Buffer> {
  return sharp(png)
    .resize(SIDE, SIDE, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer();
}

/**
 * The mean difference per channel (0–255) of two pictures of a square disc, scaled to one size,
 * over the disc's inside (the rounded corners and the rim, drawn differently by each page, left out).
 */
async function discDifference(a: Buffer, b: Buffer): Promise<number> {
  const [pa, pb] = await Promise.all([normalised(a), normalised(b)]);
  const inset = Math.round(SIDE * 0.12);
  let sum = 0;
  let n = 0;
  for (let y = inset; y < SIDE - inset; y++) {
    for (let x = inset; x < SIDE - inset; x++) {
      for (let c = 0; c < 3; c++) {
        const i = (y * SIDE + x) * 3 + c;
        sum += Math.abs(pa[i]! - pb[i]!);
        n++;
      }
    }
  }
  return sum / n;
}

/**
 * The chip's picture on a page: the image named by its title (on cards it sits in a link hidden from
 * assistive technology, beside the title's own link, so it is found by its alt text).
 */
function picture(page: Page, title: string): Locator {
  return page.locator(`img[alt="${title}"]`).first();
}

/** A screenshot of an image element once it has loaded. */
async function shotOf(image: Locator): Promise<Buffer> {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      image.evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  return image.screenshot({ animations: 'disabled' });
}

/** The production sheet's disc, from the admin's order page (what the printer is given). */
async function productionDisc(admin: Page, orderId: number, title: string): Promise<Buffer> {
  await admin.goto(`/admin/orders/${orderId}`);
  const item = admin.getByRole('region', { name: 'Item' });
  const [sheet] = await Promise.all([
    admin.waitForEvent('popup'),
    item.getByRole('button', { name: 'Production sheet' }).click(),
  ]);
  await sheet.waitForLoadState();
  const art = sheet.getByRole('img', { name: new RegExp(`^Artwork of ${title}, square, zoom 2\\.0×`) });
  await expect(art).toBeVisible();
  await expect
    .poll(() => art.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const shot = await art.screenshot({ animations: 'disabled' });
  await sheet.close();
  return shot;
}

/** Under this mean difference per channel, two pictures show the same disc (scaling and WebP differ). */
const SAME_DISC = 12;

for (const viewport of VIEWPORTS) {
  test(`a chip placed at zoom 2 off centre is pictured as made on its card, page, tap page and preview (${viewport.name})`, async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const creator = await signUpVerified(request, 'placer');
    const title = uniqueTitle('Placed square');
    const { orderId, chip } = await placedSquareChip(request, creator, title);

    const admin = await pageAs(browser, await adminToken(request), true);
    await admin.setViewportSize(viewport);
    const sheet = await productionDisc(admin, orderId, title);
    await testInfo.attach('production-sheet-disc', { body: sheet, contentType: 'image/png' });
    await admin.context().close();

    const visitor = await pageAs(browser, null);
    await visitor.setViewportSize(viewport);
    const compare = async (name: string, shot: Buffer) => {
      await testInfo.attach(name, { body: shot, contentType: 'image/png' });
      const difference = await discDifference(shot, sheet);
      expect(
        difference,
        `${name} differs from the production sheet's disc by ${difference.toFixed(1)}`,
      ).toBeLessThan(SAME_DISC);
    };

    // The marketplace card.
    await visitor.goto(`/marketplace?q=${encodeURIComponent(title)}`);
    await compare('marketplace-card', await shotOf(picture(visitor, title)));

    // The chip's page: its main picture.
    const chipPath = `/artchip/${creator.username}/${chip.slug}`;
    await visitor.goto(chipPath);
    await compare('chip-page', await shotOf(picture(visitor, title)));

    // The tap page (the chip found by its unit ID, as a tap opens it).
    await visitor.goto(`/uid?uid=${chip.unitId}`);
    await compare('tap-page', await shotOf(picture(visitor, title)));
    await visitor.context().close();

    // The link preview: og:image is the placed disc.
    const html = await (await request.get(chipPath)).text();
    const ogImage = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
    expect(ogImage, 'og:image').toBeTruthy();
    const preview = await request.get(ogImage!);
    expect(preview.ok()).toBe(true);
    await compare('og-image', await preview.body());
  });
}
