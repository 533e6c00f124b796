import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AdminChipSchema } from '#shared/admin.schemas.ts';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { ChipSchema, MAX_CHIP_PHOTOS, type Chip } from '#shared/chips.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { MediaUploadResultSchema } from '#shared/media.schemas.ts';
import { CreateArtchipResponseSchema } from '#shared/orders.schemas.ts';
import { eq } from 'drizzle-orm';
import { backfillPlacedDiscs } from '#server/modules/chips/index.ts';
import { chipPhotos, chips } from '#server/modules/chips/chips.table.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { mintBody } from '#tests/factories/orders.ts';
import { formBody } from '#tests/api/admin/multipart.ts';
import { multipartBody, pngImage } from '#tests/api/media/images.ts';

/**
 * The chip as it will be made (issue 27, "One placement, everywhere"): its placed disc is made when
 * the chip is made, made again when an admin changes the design, and photographs of the real disc
 * are added by admins.
 */

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
const GREEN = [0, 255, 0];
const YELLOW = [255, 255, 0];

/** An 800×400 PNG in four quadrants: red top-left, blue top-right, green bottom-left, yellow bottom-right. */
async function quadrants(): Promise<Buffer> {
  const [w, h] = [800, 400];
  const data = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      data.set(y < h / 2 ? (x < w / 2 ? RED : BLUE) : x < w / 2 ? GREEN : YELLOW, (y * w + x) * 3);
    }
  }
  return sharp(data, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
}

async function uploadArtwork(app: App, token: string): Promise<string> {
  const file = { filename: 'art.png', contentType: 'image/png', bytes: await quadrants() };
  const res = await injectAs(app, token, { method: 'POST', url: '/api/media', ...multipartBody(file) });
  expect(res.statusCode).toBe(201);
  return MediaUploadResultSchema.parse(res.json()).url;
}

/** The RGBA pixel of a stored image at (fx, fy), fractions of its width and height. */
async function pixelOf(app: App, url: string, fx: number, fy: number): Promise<number[]> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  const { data, info } = await sharp(res.rawPayload)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * 4;
  return [...data.subarray(at, at + 4)];
}

function expectNear(actual: number[], expected: number[]) {
  expected.forEach((v, i) =>
    expect(Math.abs(actual[i]! - v), `${actual.join(',')} vs ${expected.join(',')}`).toBeLessThan(16),
  );
}

async function madeChip(crop: Record<string, number>, shape: 'round' | 'square' = 'square') {
  const app = await buildTestApp();
  const admin = await insertAdmin(app.db);
  const creator = await insertUser(app.db);
  const imageUrl = await uploadArtwork(app, creator.token);
  const res = await injectAs(app, creator.token, {
    method: 'POST',
    url: '/api/checkout',
    payload: {
      ...mintBody(undefined),
      mintData: { title: 'Placed', isSurprize: false, imageUrl, shape, crop },
    },
  });
  expect(res.statusCode).toBe(200);
  const { orderId } = CheckoutResponseSchema.parse(res.json());
  expect(
    (await injectAs(app, creator.token, { method: 'POST', url: `/api/orders/${orderId}/complete` }))
      .statusCode,
  ).toBe(200);
  const made = await injectAs(app, admin.token, {
    method: 'POST',
    url: `/api/admin/orders/${orderId}/create-artchip`,
    ...formBody({}),
  });
  expect(made.statusCode).toBe(200);
  const chip = CreateArtchipResponseSchema.parse(made.json()).artchip;
  return { app, admin, creator, chip, imageUrl };
}

async function chipPage(app: App, token: string | null, chip: Chip): Promise<Chip> {
  const res = await injectAs(app, token, {
    method: 'GET',
    url: `/api/artchip/${chip.creatorUsername}/${chip.slug}`,
  });
  expect(res.statusCode).toBe(200);
  return ChipSchema.parse(res.json());
}

// Each test makes a chip through the image workers, several renders on a shared machine.
describe('the placed disc of a chip', { timeout: 90_000 }, () => {
  it('is made when the admin makes a mint: square, zoomed 2× off centre, as the creator placed it', async () => {
    // Zoom 2 at (0.3, 0.25) of an 800×400 image: the disc spans 200 source pixels around (240, 100),
    // within the red quadrant (at zoom 1, centred, it would show all four).
    const { app, creator, chip, imageUrl } = await madeChip({ x: 0.3, y: 0.25, zoom: 2, rotation: 0 });
    expect(chip.imagePlaced).toBe(true);
    expect(chip.imageVariants.map((v) => v.width)).toEqual([320, 640, 1024]);
    expect(chip.imageUrl).toBe(chip.imageVariants.at(-1)!.url);
    // The artwork itself is kept for print and zoom.
    expect(chip.originalImageUrl).toBe(imageUrl);
    for (const [fx, fy] of [
      [0.5, 0.5],
      [0.1, 0.5],
      [0.9, 0.9],
    ] as const) {
      expectNear(await pixelOf(app, chip.imageUrl!, fx, fy), [...RED, 255]);
    }
    // A square disc's rounded corner is transparent.
    expect((await pixelOf(app, chip.imageUrl!, 0.003, 0.003))[3]).toBe(0);
    const page = await chipPage(app, creator.token, chip);
    expect(page).toMatchObject({ imagePlaced: true, imageUrl: chip.imageUrl, photos: [] });
  });

  it('is made for chips that predate it by the background task, a few a run; an outside artwork is tried once', async () => {
    const app = await buildTestApp();
    const creator = await insertUser(app.db);
    const imageUrl = await uploadArtwork(app, creator.token);
    // As a chip made before migration 0021: its artwork stored, no disc.
    const old = await insertChip(app.db, {
      creatorId: creator.user.id,
      imageUrl,
      originalImageUrl: imageUrl,
      shape: 'round',
      crop: { x: 0.3, y: 0.25, zoom: 2, rotation: 0 },
      priceCents: 2500,
    });
    const outside = await insertChip(app.db, {
      creatorId: creator.user.id,
      imageUrl: 'https://images.example.com/art.png',
      originalImageUrl: 'https://images.example.com/art.png',
    });
    expect(await backfillPlacedDiscs(app, 5)).toBe(2);
    const [done] = await app.db.select().from(chips).where(eq(chips.id, old.id));
    expect(done!.discUrl).not.toBeNull();
    expectNear(await pixelOf(app, done!.discUrl!, 0.5, 0.5), [...RED, 255]);
    // A round disc's corner is transparent.
    expect((await pixelOf(app, done!.discUrl!, 0.02, 0.02))[3]).toBe(0);
    const [kept] = await app.db.select().from(chips).where(eq(chips.id, outside.id));
    expect(kept).toMatchObject({ discUrl: null, imageUrl: 'https://images.example.com/art.png' });
    expect(kept!.discKey).not.toBeNull();
    // Nothing is left to do: neither is tried again.
    expect(await backfillPlacedDiscs(app, 5)).toBe(0);
  });

  it('is the picture of My Orders, and of the sitemap once listed (its PNG)', async () => {
    const { app, creator, chip } = await madeChip({ x: 0.3, y: 0.25, zoom: 2, rotation: 0 });
    const orders = await injectAs(app, creator.token, { method: 'GET', url: '/api/my-orders' });
    expect(orders.statusCode).toBe(200);
    const mine = orders.json<{ artchipImageUrl: string | null }[]>()[0]!;
    expect(mine.artchipImageUrl).toBe(chip.imageUrl);

    const listed = await injectAs(app, creator.token, {
      method: 'PATCH',
      url: `/api/artchip/${chip.id}/activate`,
      payload: { price: '25.00' },
    });
    expect(listed.statusCode).toBe(200);
    const sitemap = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const image = /<image:loc>[^<]*?(\/media\/[0-9a-f]{64}\.png)<\/image:loc>/.exec(sitemap)?.[1];
    expect(image, sitemap).toBeTruthy();
    expectNear(await pixelOf(app, image!, 0.5, 0.5), [...RED, 255]);
    expect((await pixelOf(app, image!, 0.002, 0.002))[3]).toBe(0);
  });

  it('turns with the crop: at 90° clockwise the top-left quadrant is at the disc’s top right', async () => {
    const { app, chip } = await madeChip({ x: 0.5, y: 0.5, zoom: 2, rotation: 90 });
    expectNear(await pixelOf(app, chip.imageUrl!, 0.75, 0.25), [...RED, 255]);
    expectNear(await pixelOf(app, chip.imageUrl!, 0.25, 0.25), [...GREEN, 255]);
    expectNear(await pixelOf(app, chip.imageUrl!, 0.75, 0.75), [...BLUE, 255]);
  });

  it('is made again when an admin changes the design, and only then', async () => {
    const { app, admin, chip } = await madeChip({ x: 0.3, y: 0.3, zoom: 2, rotation: 0 });
    const patch = (payload: Record<string, unknown>, token = admin.token) =>
      injectAs(app, token, { method: 'PATCH', url: `/api/admin/artchip/${chip.id}`, payload });

    // A title edit leaves the disc as it is.
    expect((await patch({ title: 'Renamed' })).statusCode).toBe(200);
    expect((await chipPage(app, admin.token, chip)).imageUrl).toBe(chip.imageUrl);

    // Round, centred at the right half's middle (0.75, 0.5), zoom 2: blue above, yellow below.
    const res = await patch({ shape: 'round', crop: { x: 0.75, y: 0.5, zoom: 2, rotation: 0 } });
    expect(res.statusCode).toBe(200);
    expect(AdminChipSchema.parse(res.json()).shape).toBe('round');
    const after = await chipPage(app, admin.token, chip);
    expect(after).toMatchObject({
      shape: 'round',
      crop: { x: 0.75, y: 0.5, zoom: 2, rotation: 0 },
      imagePlaced: true,
    });
    expect(after.imageUrl).not.toBe(chip.imageUrl);
    expectNear(await pixelOf(app, after.imageUrl!, 0.5, 0.25), [...BLUE, 255]);
    expectNear(await pixelOf(app, after.imageUrl!, 0.5, 0.75), [...YELLOW, 255]);
    // Round: the corners are outside the disc.
    expect((await pixelOf(app, after.imageUrl!, 0.05, 0.05))[3]).toBe(0);
  });

  it('refuses a design out of bounds (400) and a design change by anyone but an admin', async () => {
    const { app, creator, chip } = await madeChip({ x: 0.3, y: 0.3, zoom: 2, rotation: 0 });
    const admin = await insertAdmin(app.db);
    const bad = await injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/admin/artchip/${chip.id}`,
      payload: { crop: { x: 0.5, y: 0.5, zoom: 20, rotation: 0 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(bad.json()).code).toBe('VALIDATION_FAILED');
    const byCreator = await injectAs(app, creator.token, {
      method: 'PATCH',
      url: `/api/admin/artchip/${chip.id}`,
      payload: { shape: 'round' },
    });
    expect(byCreator.statusCode).toBe(403);
    expect((await chipPage(app, creator.token, chip)).imageUrl).toBe(chip.imageUrl);
  });
});

describe('POST /api/admin/artchip/:id/photos', () => {
  const photo = async (color = '#884422') => ({
    filename: 'photo.png',
    contentType: 'image/png',
    bytes: await pngImage(900, 600, color),
  });
  const post = async (
    app: App,
    token: string | null,
    chipId: number | string,
    file: Parameters<typeof multipartBody>[0],
  ) =>
    injectAs(app, token, {
      method: 'POST',
      url: `/api/admin/artchip/${chipId}/photos`,
      ...multipartBody(file),
    });

  it('adds a photograph of the made disc, shown on the chip page before anything else', async () => {
    const app = await buildTestApp();
    const admin = await insertAdmin(app.db);
    const chip = await insertChip(app.db);
    const first = await post(app, admin.token, chip.id, await photo());
    expect(first.statusCode).toBe(201);
    const second = await post(app, admin.token, chip.id, await photo('#228844'));
    expect(second.statusCode).toBe(201);
    const { photos } = second.json<{ photos: Chip['photos'] }>();
    expect(photos).toHaveLength(2);
    expect(photos[0]).toMatchObject({ width: 900, height: 600 });
    expect(photos[0]!.url).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
    const page = ChipSchema.parse(
      (await injectAs(app, null, { method: 'GET', url: `/api/artchip/${chip.id}` })).json(),
    );
    expect(page.photos.map((p) => p.id)).toEqual(photos.map((p) => p.id));
  });

  it('refuses a missing image (400) and a file that is no image (415)', async () => {
    const app = await buildTestApp();
    const admin = await insertAdmin(app.db);
    const chip = await insertChip(app.db);
    const none = await post(app, admin.token, chip.id, null);
    expect(none.statusCode).toBe(400);
    const text = await post(app, admin.token, chip.id, {
      filename: 'notes.png',
      contentType: 'image/png',
      bytes: Buffer.from('not an image at all'),
    });
    expect(text.statusCode).toBe(415);
    expect(ApiErrorSchema.parse(text.json()).code).toBe('INVALID_FILE_TYPE');
    expect(await app.db.select().from(chipPhotos)).toHaveLength(0);
  });

  it('is for admins only: 401 without a session, 403 for the chip’s own creator', async () => {
    const app = await buildTestApp();
    const creator = await insertUser(app.db);
    const chip = await insertChip(app.db, { creatorId: creator.user.id, ownerId: creator.user.id });
    expect((await post(app, null, chip.id, await photo())).statusCode).toBe(401);
    expect((await post(app, creator.token, chip.id, await photo())).statusCode).toBe(403);
    expect(await app.db.select().from(chipPhotos)).toHaveLength(0);
  });

  it('answers 404 for an unknown chip and 422 past the photographs a chip may have', async () => {
    const app = await buildTestApp();
    const admin = await insertAdmin(app.db);
    expect((await post(app, admin.token, 999_999, await photo())).statusCode).toBe(404);
    const chip = await insertChip(app.db);
    await app.db.insert(chipPhotos).values(
      Array.from({ length: MAX_CHIP_PHOTOS }, (_, i) => ({
        chipId: chip.id,
        url: `/media/${String(i).padStart(64, '0')}.webp`,
        width: 10,
        height: 10,
      })),
    );
    const res = await post(app, admin.token, chip.id, await photo());
    expect(res.statusCode).toBe(422);
    expect(ApiErrorSchema.parse(res.json()).message).toMatch(/at most 10 photographs/);
  });
});
