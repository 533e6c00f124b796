import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ApiErrorSchema } from '#shared/errors.ts';
import { MediaUploadResultSchema } from '#shared/media.schemas.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import type { App } from '#server/app.ts';
import { animatedGif, jpegWithExif, multipartBody, pngImage } from './images.ts';

async function upload(app: App, token: string | null, file: Parameters<typeof multipartBody>[0]) {
  return injectAs(app, token, { method: 'POST', url: '/api/media', ...multipartBody(file) });
}

async function fetchMedia(app: App, url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return { res, bytes: res.rawPayload };
}

describe('POST /api/media', () => {
  it('stores a PNG as a re-encoded original plus WebP and AVIF variants, never upscaled', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const res = await upload(app, token, {
      filename: 'art.png',
      contentType: 'image/png',
      bytes: await pngImage(1200, 900),
    });
    expect(res.statusCode).toBe(201);
    const body = MediaUploadResultSchema.parse(res.json());
    expect(body).toMatchObject({ width: 1200, height: 900, animated: false });
    expect(body.url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    expect(body.variants.map((v) => v.width)).toEqual([320, 640, 1024, 1200]);
    for (const v of body.variants) {
      expect(v.url).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
      const { bytes } = await fetchMedia(app, v.url);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(v.width);
      // The same width as AVIF, served as image/avif (libvips reports AVIF as HEIF with the AV1 codec).
      expect(v.avifUrl).toMatch(/^\/media\/[0-9a-f]{64}\.avif$/);
      const avif = await fetchMedia(app, v.avifUrl!);
      expect(avif.res.headers['content-type']).toBe('image/avif');
      const avifMeta = await sharp(avif.bytes).metadata();
      expect(avifMeta).toMatchObject({ format: 'heif', compression: 'av1', width: v.width });
    }
    const small = MediaUploadResultSchema.parse(
      (
        await upload(app, token, {
          filename: 'tiny.png',
          contentType: 'image/png',
          bytes: await pngImage(200, 100),
        })
      ).json(),
    );
    expect(small.variants.map((v) => v.width)).toEqual([200]);
  });

  it('names files by the sha256 of their bytes and deduplicates identical uploads', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const bytes = await pngImage(500, 500, '#00aa55');
    const first = MediaUploadResultSchema.parse(
      (await upload(app, token, { filename: 'a.png', contentType: 'image/png', bytes })).json(),
    );
    const second = MediaUploadResultSchema.parse(
      (await upload(app, token, { filename: 'b.png', contentType: 'image/png', bytes })).json(),
    );
    expect(second).toEqual(first);
    const { bytes: stored } = await fetchMedia(app, first.url);
    const { createHash } = await import('node:crypto');
    expect(first.url).toBe(`/media/${createHash('sha256').update(stored).digest('hex')}.png`);
  });

  it('strips EXIF (GPS included) from a JPEG and applies its orientation', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const source = await jpegWithExif(800, 600);
    const sourceMeta = await sharp(source).metadata();
    expect(sourceMeta.orientation).toBe(6);
    expect(source.includes(Buffer.from('Secret Owner'))).toBe(true);
    // The source carries a GPS IFD (tag 0x8825, little-endian).
    expect(sourceMeta.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const res = await upload(app, token, { filename: 'photo.jpg', contentType: 'image/jpeg', bytes: source });
    expect(res.statusCode).toBe(201);
    const body = MediaUploadResultSchema.parse(res.json());
    // Orientation 6 (rotate 90°) is applied before the metadata goes.
    expect(body).toMatchObject({ width: 600, height: 800 });
    expect(body.url).toMatch(/\.jpg$/);
    for (const url of [body.url, ...body.variants.map((v) => v.url)]) {
      const { bytes } = await fetchMedia(app, url);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(bytes.includes(Buffer.from('Secret Owner'))).toBe(false);
      expect(bytes.includes(Buffer.from('SpyCam'))).toBe(false);
    }
  });

  it('keeps an animated GIF animated, in the original and the WebP variants', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const res = await upload(app, token, {
      filename: 'loop.gif',
      contentType: 'image/gif',
      bytes: await animatedGif(400, 300),
    });
    expect(res.statusCode).toBe(201);
    const body = MediaUploadResultSchema.parse(res.json());
    expect(body).toMatchObject({ width: 400, height: 300, animated: true });
    expect(body.url).toMatch(/\.gif$/);
    const original = await sharp((await fetchMedia(app, body.url)).bytes, { animated: true }).metadata();
    expect(original.pages).toBe(4);
    expect(body.variants.map((v) => v.width)).toEqual([320, 400]);
    // No AVIF for animations: libvips makes no animated AVIF, and a still one would drop the motion.
    expect(body.variants.some((v) => v.avifUrl)).toBe(false);
    for (const v of body.variants) {
      const meta = await sharp((await fetchMedia(app, v.url)).bytes, { animated: true }).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.pages).toBe(4);
      expect(meta.pageHeight).toBe(Math.round((v.width * 300) / 400));
    }
  });

  it('refuses a text file renamed .png (judged by its bytes) with 415', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const res = await upload(app, token, {
      filename: 'notes.png',
      contentType: 'image/png',
      bytes: Buffer.from('just some text, not an image\n'.repeat(20)),
    });
    expect(res.statusCode).toBe(415);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'INVALID_FILE_TYPE',
      message: 'Please select an image file (JPEG, PNG, GIF).',
    });
  });

  it('refuses other image formats and corrupt images with 415', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    const truncated = (await pngImage(300, 300)).subarray(0, 60);
    for (const bytes of [webp, truncated]) {
      const res = await upload(app, token, { filename: 'x.png', contentType: 'image/png', bytes });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'INVALID_FILE_TYPE' });
    }
  });

  it('refuses files over 10 MB with 413', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const png = await pngImage(50, 50);
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]);
    const res = await upload(app, token, { filename: 'big.png', contentType: 'image/png', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'Please select an image smaller than 10MB.',
    });
  });

  it('asks for an image when the field is missing or misnamed', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    for (const res of [
      await injectAs(app, token, {
        method: 'POST',
        url: '/api/media',
        ...multipartBody(null, { title: 'x' }),
      }),
      await upload(app, token, {
        field: 'file',
        filename: 'a.png',
        contentType: 'image/png',
        bytes: await pngImage(10, 10),
      }),
      await injectAs(app, token, { method: 'POST', url: '/api/media', payload: { image: 'x' } }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Please select an image for your Artchip.',
        fieldErrors: { image: ['Please select an image for your Artchip.'] },
      });
    }
  });

  it('requires a signed-in user', async () => {
    const app = await buildTestApp();
    const res = await upload(app, null, {
      filename: 'a.png',
      contentType: 'image/png',
      bytes: await pngImage(10, 10),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const bad = await upload(app, 'not-a-session', {
      filename: 'a.png',
      contentType: 'image/png',
      bytes: await pngImage(10, 10),
    });
    expect(bad.statusCode).toBe(401);
  });
});

describe('GET /media/:name', () => {
  it('serves stored files as immutable, with an ETag that answers 304', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const body = MediaUploadResultSchema.parse(
      (
        await upload(app, token, {
          filename: 'a.png',
          contentType: 'image/png',
          bytes: await pngImage(100, 100),
        })
      ).json(),
    );
    const res = await app.inject({ method: 'GET', url: body.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(res.headers.etag);
    expect(etag).toBe(`"${body.url.slice('/media/'.length, -'.png'.length)}"`);
    const again = await app.inject({ method: 'GET', url: body.url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 for unknown or malformed names', async () => {
    const app = await buildTestApp();
    for (const url of [
      `/media/${'0'.repeat(64)}.png`,
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/abc.png',
      `/media/${'a'.repeat(64)}.exe`,
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });
});
