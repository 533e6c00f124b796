import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AppError } from '#server/lib/app-error.ts';
import {
  encodeImage,
  MAX_ANIMATED_PIXELS,
  MAX_INPUT_PIXELS,
  planDecode,
  sniffImageType,
  variantWidthsFor,
} from './media.encode.ts';

describe('planDecode', () => {
  it('keeps an animation whose frames together are within the budget, priced at every frame', () => {
    expect(planDecode({ width: 500, height: 500, pages: 16 }, 'gif')).toEqual({
      animated: true,
      flattened: false,
      pixels: 16 * 500 * 500,
    });
    expect(16 * 500 * 500).toBeLessThanOrEqual(MAX_ANIMATED_PIXELS);
  });

  it('flattens an animation over the budget, counting every frame, priced at its first frame', () => {
    // The issue-14 bomb: 24 frames of 2000×2000, each frame well under the per-image limit.
    expect(planDecode({ width: 2000, height: 2000, pages: 24 }, 'gif')).toEqual({
      animated: false,
      flattened: true,
      pixels: 2000 * 2000,
    });
    expect(planDecode({ width: 500, height: 500, pages: 17 }, 'gif').flattened).toBe(true);
  });

  it('keeps animations to 4 MP of frames: the old budget of 16 MP (8 s of CPU each) is flattened', () => {
    // Issue 25 finding 6: 16 frames of 1000×1000 were within the old budget.
    expect(planDecode({ width: 1000, height: 1000, pages: 16 }, 'gif')).toMatchObject({ animated: false });
    expect(planDecode({ width: 1000, height: 1000, pages: 4 }, 'gif')).toMatchObject({ animated: true });
    expect(planDecode({ width: 1000, height: 1000, pages: 5 }, 'gif')).toMatchObject({ animated: false });
  });

  it('treats one-frame GIFs and other types as still images', () => {
    expect(planDecode({ width: 4000, height: 4000, pages: 1 }, 'gif')).toEqual({
      animated: false,
      flattened: false,
      pixels: 4000 * 4000,
    });
    expect(planDecode({ width: 9000, height: 9000, pages: 1 }, 'png').flattened).toBe(false);
  });

  it('refuses a frame over 100 megapixels with 413 before anything is decoded', () => {
    const refuse = () => planDecode({ width: 10_001, height: 10_000, pages: 1 }, 'jpeg');
    expect(refuse).toThrow(AppError);
    expect(refuse).toThrow('Please select an image of at most 100 megapixels.');
    expect(10_001 * 10_000).toBeGreaterThan(MAX_INPUT_PIXELS);
  });
});

describe('encodeImage', () => {
  it('stops with 422 when the time budget is spent', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const err = await encodeImage(png, 'png', 0).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'UNPROCESSABLE', statusCode: 422 });
  });

  it('re-encodes within the budget', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const image = await encodeImage(png, 'png');
    expect(image).toMatchObject({ width: 400, height: 300, animated: false, flattened: false });
    expect(image.variants.map((v) => v.width)).toEqual([320, 400]);
    for (const v of image.variants) {
      expect(v.avif?.ext).toBe('avif');
      expect(await sharp(Buffer.from(v.avif!.bytes)).metadata()).toMatchObject({
        format: 'heif',
        compression: 'av1',
        width: v.width,
      });
    }
  });
});

describe('sniffImageType and variantWidthsFor', () => {
  it('judges by magic bytes', () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageType(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffImageType(Buffer.from('<svg>'))).toBeNull();
  });

  it('never upscales', () => {
    expect(variantWidthsFor(5000)).toEqual([320, 640, 1024, 1600]);
    expect(variantWidthsFor(700)).toEqual([320, 640, 700]);
  });
});
