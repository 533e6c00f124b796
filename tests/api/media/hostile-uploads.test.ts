import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ApiErrorSchema } from '#shared/errors.ts';
import { AuthSessionSchema } from '#shared/auth.schemas.ts';
import {
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  MediaUploadResultSchema,
  TOO_MANY_UPLOADS_MESSAGE,
} from '#shared/media.schemas.ts';
import { imagePoolStats } from '#server/modules/media/media.pool.ts';
import { MAX_ANIMATED_PIXELS } from '#server/modules/media/media.encode.ts';
import { UPLOADS_PER_ACCOUNT, UPLOADS_PER_CLIENT } from '#server/modules/media/media.service.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { CHIP_STATES, insertChip } from '#tests/factories/chips.ts';
import { animatedGif, hostileGif, multipartBody, pngClaiming, pngImage } from './images.ts';

/** Issue 14 finding 3: uploads that cost the server too much, and the service staying up meanwhile. */

function upload(app: App, token: string, bytes: Buffer, filename = 'art.gif', ip = '127.0.0.1') {
  return injectAs(app, token, {
    method: 'POST',
    url: '/api/media',
    remoteAddress: ip,
    ...multipartBody({ filename, contentType: 'image/gif', bytes }),
  });
}

const notAnImage = Buffer.from('not an image at all\n'.repeat(10));

describe('POST /api/media with hostile images', () => {
  it('flattens an animation over the pixel budget (all frames counted) to its first frame', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    // 20 frames of 1000×1000: 20 MP of frames, each frame small.
    const gif = await hostileGif(20, 1000, 1000);
    expect(20 * 1000 * 1000).toBeGreaterThan(MAX_ANIMATED_PIXELS);
    expect((await sharp(gif).metadata()).pages).toBe(20);
    const res = await upload(app, token, gif);
    expect(res.statusCode).toBe(201);
    const body = MediaUploadResultSchema.parse(res.json());
    expect(body).toMatchObject({ width: 1000, height: 1000, animated: false });
    expect(body.variants.map((v) => v.width)).toEqual([320, 640, 1000]);
    for (const url of [body.url, ...body.variants.map((v) => v.url)]) {
      const file = await app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload, { animated: true }).metadata();
      expect(meta.pages ?? 1).toBe(1);
    }
  });

  it('keeps an animation within the budget animated', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const res = await upload(app, token, await animatedGif(500, 400));
    expect(res.statusCode).toBe(201);
    const body = MediaUploadResultSchema.parse(res.json());
    expect(body).toMatchObject({ width: 500, height: 400, animated: true });
    const original = await app.inject({ method: 'GET', url: body.url });
    expect((await sharp(original.rawPayload, { animated: true }).metadata()).pages).toBe(4);
  });

  it('refuses a header claiming more than 100 megapixels before decoding it (413)', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const bomb = await pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1000);
    const res = await upload(app, token, bomb, 'bomb.png');
    expect(res.statusCode).toBe(413);
    expect(ApiErrorSchema.parse(res.json())).toEqual({
      code: 'FILE_TOO_LARGE',
      message: IMAGE_TOO_MANY_PIXELS_MESSAGE,
    });
  });

  it('processes a valid upload in a worker thread', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const before = imagePoolStats()?.completed ?? 0;
    const res = await upload(app, token, await pngImage(900, 600), 'ok.png');
    expect(res.statusCode).toBe(201);
    expect(MediaUploadResultSchema.parse(res.json())).toMatchObject({ width: 900, height: 600 });
    const stats = imagePoolStats()!;
    expect(stats.completed).toBe(before + 1);
    expect(stats.threadIds.length).toBeGreaterThan(0);
    expect(stats.threadIds).not.toContain(0);
  });
});

describe('upload allowance', () => {
  it(`allows ${UPLOADS_PER_ACCOUNT.max} uploads per account per window, then 429 with Retry-After`, async () => {
    const app = await buildTestApp();
    const heavy = await insertUser(app.db);
    const other = await insertUser(app.db);
    // Refused files count too: the allowance is spent before any image work.
    for (let i = 0; i < UPLOADS_PER_ACCOUNT.max; i++) {
      expect((await upload(app, heavy.token, notAnImage)).statusCode).toBe(415);
    }
    const refused = await upload(app, heavy.token, await pngImage(20, 20), 'a.png');
    expect(refused.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(refused.json())).toEqual({
      code: 'RATE_LIMITED',
      message: TOO_MANY_UPLOADS_MESSAGE,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(UPLOADS_PER_ACCOUNT.windowMs / 1000);
    // The same account is refused on the chip-media route as well; another account is not.
    const chip = await insertChip(app.db, { creatorId: heavy.user.id, ...CHIP_STATES.pending });
    const chipUpload = await injectAs(app, heavy.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/upload-media`,
      ...multipartBody({ filename: 'a.png', contentType: 'image/png', bytes: await pngImage(20, 20) }),
    });
    expect(chipUpload.statusCode).toBe(429);
    expect((await upload(app, other.token, await pngImage(20, 20), 'b.png')).statusCode).toBe(201);
  });

  it(`allows ${UPLOADS_PER_CLIENT.max} uploads per client across accounts`, async () => {
    const app = await buildTestApp();
    const accounts = await Promise.all([1, 2, 3, 4].map(() => insertUser(app.db)));
    for (let i = 0; i < UPLOADS_PER_CLIENT.max; i++) {
      const { token } = accounts[i % accounts.length]!;
      expect((await upload(app, token, notAnImage, 'x.gif', '203.0.113.9')).statusCode).toBe(415);
    }
    const fresh = await insertUser(app.db);
    const refused = await upload(app, fresh.token, notAnImage, 'x.gif', '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_UPLOADS_MESSAGE });
    expect((await upload(app, fresh.token, notAnImage, 'x.gif', '203.0.113.10')).statusCode).toBe(415);
  });

  it('is off with RATE_LIMIT=false', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT: 'false' } });
    const { token } = await insertUser(app.db);
    for (let i = 0; i <= UPLOADS_PER_ACCOUNT.max; i++) {
      expect((await upload(app, token, notAnImage)).statusCode).toBe(415);
    }
  });
});

describe('file serving and log-in while hostile images are processed', () => {
  it('answers GET /media and log-in while four hostile GIFs wait on the image workers', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT: 'false' } });
    const { token, password, user } = await insertUser(app.db);
    const stored = MediaUploadResultSchema.parse(
      (await upload(app, token, await pngImage(300, 300), 'served.png')).json(),
    );
    const before = imagePoolStats()!;

    // Four bombs of the issue: 24 frames of 2000×2000 (96 MP, under the old 100 MP limit).
    const bomb = await hostileGif(24, 2000, 2000);
    const settled: boolean[] = [false, false, false, false];
    const uploads = settled.map((_, i) =>
      upload(app, token, bomb).finally(() => {
        settled[i] = true;
      }),
    );
    await expect.poll(() => imagePoolStats()!.running, { interval: 20, timeout: 20_000 }).toBeGreaterThan(0);

    const [file, login] = await Promise.all([
      app.inject({ method: 'GET', url: stored.url }),
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } }),
    ]);
    expect(file.statusCode).toBe(200);
    expect(login.statusCode).toBe(200);
    expect(AuthSessionSchema.parse(login.json()).user.id).toBe(user.id);
    // They answered while the image work was still going on, not after it.
    expect(settled.every(Boolean)).toBe(false);

    const results = await Promise.all(uploads);
    for (const res of results) {
      expect(res.statusCode).toBe(201);
      expect(MediaUploadResultSchema.parse(res.json())).toMatchObject({ width: 2000, animated: false });
    }
    const after = imagePoolStats()!;
    expect(after.completed).toBe(before.completed + 4);
    expect(after.threadIds).not.toContain(0);
  });
});
