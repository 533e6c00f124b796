import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sniffImageType } from './media.encode.ts';
import { readImageHeader } from './media.header.ts';

const still = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } });

async function animation(frames: number, width: number, height: number): Promise<Buffer> {
  const pngs = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({ create: { width, height, channels: 3, background: { r: i * 30, g: 80, b: 160 } } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pngs, { join: { animated: true } })
    .gif({ loop: 0 })
    .toBuffer();
}

/** What the image workers will see: sharp's own reading of the header. */
async function sharpHeader(bytes: Buffer) {
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  return { width: meta.width, height: meta.height, pages: meta.pages ?? 1 };
}

describe('readImageHeader', () => {
  it('reads what sharp reads, for PNG, JPEG (baseline, progressive, with EXIF) and GIF', async () => {
    const images = [
      await still(640, 480).png().toBuffer(),
      await still(801, 333).jpeg().toBuffer(),
      await still(1200, 700).jpeg({ progressive: true }).toBuffer(),
      await still(300, 200)
        .jpeg()
        .withMetadata({ orientation: 6 })
        .withExif({ IFD0: { Make: 'SpyCam' } })
        .toBuffer(),
      await still(50, 40).gif().toBuffer(),
      await animation(6, 320, 240),
    ];
    for (const bytes of images) {
      const type = sniffImageType(bytes)!;
      expect(readImageHeader(bytes, type)).toEqual(await sharpHeader(bytes));
    }
  });

  it('counts every frame of an animation and grows the screen to a frame that passes it', async () => {
    const gif = Buffer.from(await animation(3, 100, 80));
    expect(readImageHeader(gif, 'gif')).toEqual({ width: 100, height: 80, pages: 3 });
    // A screen claiming 10×10 whose frames are 100×80: priced at the frames.
    gif.writeUInt16LE(10, 6);
    gif.writeUInt16LE(10, 8);
    expect(readImageHeader(gif, 'gif')).toEqual({ width: 100, height: 80, pages: 3 });
  });

  it('reads the claim of a header with no pixels behind it (a bomb is priced at what it claims)', async () => {
    const png = Buffer.from(await still(8, 8).png().toBuffer());
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    expect(readImageHeader(png, 'png')).toEqual({ width: 20_000, height: 20_000, pages: 1 });
  });

  it('answers null for headers it cannot read', () => {
    expect(readImageHeader(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'jpeg')).toBeNull();
    expect(readImageHeader(Buffer.from([0xff, 0xd8, 0xff]), 'jpeg')).toBeNull();
    expect(readImageHeader(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'gif')).toBeNull();
    const noIhdr = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Buffer.alloc(20)]);
    expect(readImageHeader(noIhdr, 'png')).toBeNull();
  });
});
