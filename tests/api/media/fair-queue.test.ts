import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { ApiErrorSchema } from '#shared/errors.ts';
import {
  IMAGE_PIXELS_SPENT_MESSAGE,
  IMAGES_PENDING_MESSAGE,
  MediaUploadResultSchema,
} from '#shared/media.schemas.ts';
import { imagePoolStats, IMAGES_WAITING_PER_ACCOUNT } from '#server/modules/media/media.pool.ts';
import { PIXELS_PER_ACCOUNT } from '#server/modules/media/media.service.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { multipartBody, pngClaiming, pngImage } from './images.ts';

/**
 * Issue 25 finding 6: one image worker and a queue of 16 on two cores; budget-sized animated GIFs
 * from a few accounts pushed a legitimate upload to 503. Every app here has one image worker (the
 * pool is made once per test file, by the first upload).
 */
const ONE_WORKER = { IMAGE_WORKERS: '1' };

function upload(app: App, token: string, bytes: Buffer, ip: string) {
  return injectAs(app, token, {
    method: 'POST',
    url: '/api/media',
    remoteAddress: ip,
    ...multipartBody({ filename: 'art.gif', contentType: 'image/gif', bytes }),
  });
}

/** An animated GIF of `frames` distinct frames of width × height, encoded by sharp. */
async function animation(frames: number, width: number, height: number): Promise<Buffer> {
  const pngs = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({ create: { width, height, channels: 3, background: { r: (i * 37) % 256, g: 90, b: 200 } } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pngs, { join: { animated: true } })
    .gif({ loop: 0 })
    .toBuffer();
}

describe('the fair image queue', () => {
  it('a legitimate upload finishes while three accounts send budget GIFs', async () => {
    const app = await buildTestApp({ env: ONE_WORKER });
    // At the old animated budget: 16 frames of 1000×1000 (16 MP of frames, 8 s of CPU each).
    const budgetGif = await animation(16, 1000, 1000);
    expect((await sharp(budgetGif).metadata()).pages).toBe(16);
    const attackers = await Promise.all([1, 2, 3].map(() => insertUser(app.db)));
    let settled = 0;
    // Each account its whole allowance at once (10 uploads), each from its own address.
    const floods = attackers.flatMap(({ token }, a) =>
      Array.from({ length: 10 }, () =>
        upload(app, token, budgetGif, `198.51.100.${a + 1}`).finally(() => {
          settled++;
        }),
      ),
    );
    // Every flood upload is answered or waits on the image pool.
    await expect
      .poll(
        () => {
          const stats = imagePoolStats();
          return settled + (stats ? stats.running + stats.queued : 0);
        },
        { interval: 20, timeout: 25_000 },
      )
      .toBe(floods.length);

    const legit = await insertUser(app.db);
    const png = await pngImage(1200, 900);
    const { completed: completedBefore, running, queued } = imagePoolStats()!;
    const backlog = running + queued;
    const res = await upload(app, legit.token, png, '192.0.2.7');
    expect(res.statusCode).toBe(201);
    expect(MediaUploadResultSchema.parse(res.json())).toMatchObject({ width: 1200, height: 900 });
    // Accounts took turns rather than first come, first served (which would have finished the whole
    // backlog first): it waited for the image running, the next image of each account that sent
    // before it, and at most two more that finished while its own request was read and stored.
    const finished = imagePoolStats()!.completed - completedBefore;
    expect(finished).toBeLessThanOrEqual(attackers.length + 3);
    expect(backlog).toBeGreaterThan(attackers.length + 3);

    const answers = await Promise.all(floods);
    for (const answer of answers) expect([201, 429]).toContain(answer.statusCode);
  }, 90_000);

  it('processes one image per account at a time; a few more wait, past them 429', async () => {
    const app = await buildTestApp({ env: ONE_WORKER });
    const busy = await insertUser(app.db);
    const other = await insertUser(app.db);
    const before = imagePoolStats()?.completed ?? 0;
    // Its first image is an animation within the budget (seconds of work), its others tiny.
    const first = upload(app, busy.token, await animation(4, 1000, 1000), '198.51.100.20');
    await expect.poll(() => imagePoolStats()?.running ?? 0, { interval: 10, timeout: 20_000 }).toBe(1);

    const small = await pngImage(64, 64);
    const more: Promise<LightMyRequestResponse>[] = [];
    for (let i = 0; i < IMAGES_WAITING_PER_ACCOUNT + 2; i++) {
      more.push(upload(app, busy.token, small, '198.51.100.20'));
    }
    const answers = await Promise.all([first, ...more, upload(app, other.token, small, '198.51.100.21')]);
    const otherAnswer = answers.pop()!;
    expect(otherAnswer.statusCode).toBe(201);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1 + IMAGES_WAITING_PER_ACCOUNT);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect(ApiErrorSchema.parse(r.json())).toEqual({
        code: 'RATE_LIMITED',
        message: IMAGES_PENDING_MESSAGE,
      });
      expect(r.headers['retry-after']).toBe('10');
    }
    expect(imagePoolStats()!.completed - before).toBe(2 + IMAGES_WAITING_PER_ACCOUNT);
  }, 60_000);

  it("spends each image's pixels from its account's budget before it is queued; a refused image spends none", async () => {
    const app = await buildTestApp({ env: ONE_WORKER });
    const { token } = await insertUser(app.db);
    const ip = '198.51.100.30';
    const before = imagePoolStats()?.completed ?? 0;
    // Headers claiming 100 + 100 + 81 MP: priced at their claim (the worker then refuses them).
    for (const [w, h] of [
      [10_000, 10_000],
      [10_000, 10_000],
      [9_000, 9_000],
    ] as const) {
      expect((await upload(app, token, await pngClaiming(w, h), ip)).statusCode).not.toBe(429);
    }
    expect(281_000_000 + 100_000_000).toBeGreaterThan(PIXELS_PER_ACCOUNT.max);
    const refused = await upload(app, token, await pngClaiming(10_000, 10_000), ip);
    expect(refused.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(refused.json())).toEqual({
      code: 'RATE_LIMITED',
      message: IMAGE_PIXELS_SPENT_MESSAGE,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Refused before the queue: the workers never saw it.
    expect(imagePoolStats()!.completed - before).toBe(3);
    // 281 MP spent: a 1 MP image still fits, then no 20 MP one does.
    expect((await upload(app, token, await pngImage(1000, 1000), ip)).statusCode).toBe(201);
    expect((await upload(app, token, await pngClaiming(5_000, 4_000), ip)).statusCode).toBe(429);
    // Another account's budget is its own.
    const other = await insertUser(app.db);
    expect((await upload(app, other.token, await pngImage(1000, 1000), '198.51.100.31')).statusCode).toBe(
      201,
    );
  });

  it('keeps animations to 4 MP of frames: one within the old budget is stored as its first frame', async () => {
    const app = await buildTestApp({ env: ONE_WORKER });
    const { token } = await insertUser(app.db);
    const ip = '198.51.100.40';
    // 8 frames of 1000×1000: within the old 16 MP budget, over the new 4 MP.
    const over = await upload(app, token, await animation(8, 1000, 1000), ip);
    expect(over.statusCode).toBe(201);
    expect(MediaUploadResultSchema.parse(over.json())).toMatchObject({
      width: 1000,
      height: 1000,
      animated: false,
    });
    // 4 frames of 1000×1000: within it, still animated.
    const within = await upload(app, token, await animation(4, 1000, 1000), ip);
    expect(within.statusCode).toBe(201);
    const body = MediaUploadResultSchema.parse(within.json());
    expect(body).toMatchObject({ width: 1000, height: 1000, animated: true });
    const original = await app.inject({ method: 'GET', url: body.url });
    expect((await sharp(original.rawPayload, { animated: true }).metadata()).pages).toBe(4);
  });
});
