import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DISC_BLANK, DISC_WIDTHS, placeDisc, renderDisc } from './media.disc.ts';

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
const GREEN = [0, 255, 0];
const YELLOW = [255, 255, 0];

/** A 200×100 PNG in four quadrants: red top-left, blue top-right, green bottom-left, yellow bottom-right. */
async function quadrants(): Promise<Buffer> {
  const width = 200;
  const height = 100;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = y < 50 ? (x < 100 ? RED : BLUE) : x < 100 ? GREEN : YELLOW;
      data.set(colour, (y * width + x) * 3);
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The RGBA pixel at (fx, fy), fractions of the disc's side. */
function pixel(disc: { data: Buffer; width: number }, fx: number, fy: number): number[] {
  const x = Math.floor(fx * disc.width);
  const y = Math.floor(fy * disc.width);
  const at = (y * disc.width + x) * 4;
  return [...disc.data.subarray(at, at + 4)];
}

function near(actual: number[], expected: number[]) {
  expect(actual.length).toBe(expected.length);
  actual.forEach((v, i) =>
    expect(Math.abs(v - expected[i]!), `channel ${i} of ${actual.join(',')}`).toBeLessThan(12),
  );
}

describe('placeDisc', () => {
  it('at the default placement covers the disc with the image’s middle, transparent outside a round disc', async () => {
    const disc = await placeDisc(await quadrants(), { shape: 'round', crop: null }, 100);
    expect(disc.width).toBe(100);
    // Zoom 1: the disc is the middle 100×100 of the image, so each quadrant fills a quarter of it.
    near(pixel(disc, 0.3, 0.3), [...RED, 255]);
    near(pixel(disc, 0.7, 0.3), [...BLUE, 255]);
    near(pixel(disc, 0.3, 0.7), [...GREEN, 255]);
    near(pixel(disc, 0.7, 0.7), [...YELLOW, 255]);
    // Outside the circle, nothing.
    expect(pixel(disc, 0.02, 0.02)[3]).toBe(0);
    expect(pixel(disc, 0.97, 0.97)[3]).toBe(0);
  });

  it('places a zoomed, off-centre crop: zoom 2 centred at a quarter across shows the top-left quadrant', async () => {
    // Zoom 2: the disc spans 50 source pixels; centred at (50, 25) it sees red only, and no blue.
    const disc = await placeDisc(
      await quadrants(),
      { shape: 'square', crop: { x: 0.25, y: 0.25, zoom: 2, rotation: 0 } },
      100,
    );
    near(pixel(disc, 0.5, 0.5), [...RED, 255]);
    near(pixel(disc, 0.9, 0.5), [...RED, 255]);
    near(pixel(disc, 0.5, 0.9), [...RED, 255]);
    // A square keeps its sides to the edge and rounds its corners.
    expect(pixel(disc, 0.99, 0.5)[3]).toBe(255);
    expect(pixel(disc, 0.005, 0.005)[3]).toBe(0);
  });

  it('moves the image with the crop: centred right of the middle, the disc’s left edge is the quadrants’ seam', async () => {
    // Zoom 2 at (0.625, 0.5): the disc spans x 100..150 and y 25..75 of the image.
    const disc = await placeDisc(
      await quadrants(),
      { shape: 'square', crop: { x: 0.625, y: 0.5, zoom: 2, rotation: 0 } },
      100,
    );
    near(pixel(disc, 0.1, 0.2), [...BLUE, 255]);
    near(pixel(disc, 0.9, 0.8), [...YELLOW, 255]);
  });

  it('turns the artwork clockwise about the disc’s centre, as the studio does', async () => {
    const disc = await placeDisc(
      await quadrants(),
      { shape: 'square', crop: { x: 0.5, y: 0.5, zoom: 2, rotation: 90 } },
      100,
    );
    // Turned 90° clockwise, the top-left (red) is at the top right, the bottom-left (green) at the top left.
    near(pixel(disc, 0.75, 0.25), [...RED, 255]);
    near(pixel(disc, 0.25, 0.25), [...GREEN, 255]);
    near(pixel(disc, 0.75, 0.75), [...BLUE, 255]);
    near(pixel(disc, 0.25, 0.75), [...YELLOW, 255]);
  });

  it('fills with the blank resin where a crop cannot be covered', async () => {
    // A 40×40 image at zoom 1 turned 45° leaves the square disc's corners uncovered.
    const small = await sharp({
      create: { width: 40, height: 40, channels: 3, background: { r: 255, g: 0, b: 0 } },
    })
      .png()
      .toBuffer();
    const disc = await placeDisc(
      small,
      { shape: 'square', crop: { x: 0.5, y: 0.5, zoom: 1, rotation: 45 } },
      100,
    );
    near(pixel(disc, 0.5, 0.5), [...RED, 255]);
    near(pixel(disc, 0.12, 0.12), [DISC_BLANK.r, DISC_BLANK.g, DISC_BLANK.b, 255]);
  });
});

describe('renderDisc', () => {
  it('makes WebP and AVIF renditions with alpha at every disc width and a PNG for sharing', async () => {
    const out = await renderDisc(await quadrants(), { shape: 'round', crop: null }, 10_000);
    expect(out.variants.map((v) => v.width)).toEqual([...DISC_WIDTHS]);
    const meta = await sharp(Buffer.from(out.variants[0]!.file.bytes)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 320, hasAlpha: true });
    for (const v of out.variants) {
      const avif = await sharp(Buffer.from(v.avif.bytes)).metadata();
      // Transparent outside a round disc in AVIF too.
      expect(avif).toMatchObject({ format: 'heif', compression: 'av1', width: v.width, hasAlpha: true });
    }
    const share = await sharp(Buffer.from(out.share.bytes)).metadata();
    expect(share).toMatchObject({ format: 'png', hasAlpha: true });
  });
});
