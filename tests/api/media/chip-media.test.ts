import { describe, expect, it } from 'vitest';
import { ChipSchema } from '#shared/chips.schemas.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { CHIP_STATES, insertChip } from '#tests/factories/chips.ts';
import { multipartBody, pngImage } from './images.ts';

async function uploadTo(app: App, token: string | null, chipId: number | string, bytes?: Buffer) {
  const file = { filename: 'art.png', contentType: 'image/png', bytes: bytes ?? (await pngImage(700, 700)) };
  return injectAs(app, token, {
    method: 'POST',
    url: `/api/artchip/${chipId}/upload-media`,
    ...multipartBody(file),
  });
}

describe('POST /api/artchip/:id/upload-media', () => {
  it('gives a chip without media its main image, then appends extra images', async () => {
    const app = await buildTestApp();
    const { user, token } = await insertUser(app.db);
    const chip = await insertChip(app.db, {
      creatorId: user.id,
      isSurprize: true,
      imageUrl: null,
      originalImageUrl: null,
      ...CHIP_STATES.pending,
    });

    const first = await uploadTo(app, token, chip.id);
    expect(first.statusCode).toBe(200);
    const withMain = ChipSchema.parse(first.json());
    expect(withMain.originalImageUrl).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    // Pictured as it will be made: the placed disc (issue 27), square WebP renditions of the disc.
    expect(withMain.imageUrl).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
    expect(withMain.imagePlaced).toBe(true);
    expect(withMain.imageVariants.map((v) => v.width)).toEqual([320, 640, 1024]);
    expect(withMain.imageUrl).toBe(withMain.imageVariants.at(-1)!.url);
    // The artwork's own size, for placing it.
    expect(withMain).toMatchObject({ imageWidth: 700, imageHeight: 700, additionalImageUrls: [] });

    const second = ChipSchema.parse(
      (await uploadTo(app, token, chip.id, await pngImage(300, 200, '#ff0000'))).json(),
    );
    expect(second.originalImageUrl).toBe(withMain.originalImageUrl);
    expect(second.additionalImageUrls).toHaveLength(1);
    expect(second.additionalImageUrls[0]).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
  });

  it('lets the owner and an admin add images', async () => {
    const app = await buildTestApp();
    const owner = await insertUser(app.db);
    const admin = await insertAdmin(app.db);
    const chip = await insertChip(app.db, { ownerId: owner.user.id, ...CHIP_STATES.sold });
    expect((await uploadTo(app, owner.token, chip.id)).statusCode).toBe(200);
    const res = await uploadTo(app, admin.token, chip.id, await pngImage(320, 320, '#00ff00'));
    expect(res.statusCode).toBe(200);
    expect(ChipSchema.parse(res.json()).additionalImageUrls).toHaveLength(2);
  });

  it('refuses strangers: 403 on a public chip, 404 on a hidden one, 401 without a session', async () => {
    const app = await buildTestApp();
    const stranger = await insertUser(app.db);
    const live = await insertChip(app.db);
    const takenDown = await insertChip(app.db, { ...CHIP_STATES.removed });
    const forbidden = await uploadTo(app, stranger.token, live.id);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
    const hidden = await uploadTo(app, stranger.token, takenDown.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Artchip not found' });
    expect((await uploadTo(app, null, live.id)).statusCode).toBe(401);
    expect((await uploadTo(app, stranger.token, 999_999)).statusCode).toBe(404);
    expect((await uploadTo(app, stranger.token, 'abc')).statusCode).toBe(400);
  });

  it('refuses an eleventh extra image and a non-image file', async () => {
    const app = await buildTestApp();
    const { user, token } = await insertUser(app.db);
    const full = await insertChip(app.db, {
      creatorId: user.id,
      additionalImageUrls: Array.from({ length: 10 }, (_, i) => `/media/${String(i).repeat(64)}.png`),
    });
    const res = await uploadTo(app, token, full.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'UNPROCESSABLE',
      message: 'An Artchip can have at most 10 extra images.',
    });
    const text = await uploadTo(app, token, full.id, Buffer.from('hello, not an image'));
    expect(text.statusCode).toBe(415);
  });
});
