import sharp from 'sharp';

/** A multipart/form-data body with one file part (and optional text fields) for app.inject. */
export function multipartBody(
  file: { field?: string; filename: string; contentType: string; bytes: Buffer } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----artchip${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function pngImage(width = 1200, height = 900, color = '#3366ff'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF with a camera owner, a GPS position and a rotate-90 orientation. */
export function jpegWithExif(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#cc3300' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Copyright: 'Secret Owner', Make: 'SpyCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
}

/** A 4-frame animated GIF. */
export async function animatedGif(width = 400, height = 300): Promise<Buffer> {
  const frames = await Promise.all(
    [0, 1, 2, 3].map((i) =>
      sharp({ create: { width, height, channels: 3, background: { r: i * 60, g: 40, b: 255 - i * 60 } } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: [100, 100, 100, 100], loop: 0 })
    .toBuffer();
}

/**
 * The issue-14 upload bomb: an animated GIF of `frames` identical frames of width × height, a few
 * kilobytes of file for tens of megapixels of frames. Built by repeating the image block of a
 * one-frame GIF (cheap to encode) rather than encoding every frame.
 */
export async function hostileGif(frames: number, width: number, height: number): Promise<Buffer> {
  const one = await sharp({ create: { width, height, channels: 3, background: '#6699cc' } })
    .gif()
    .toBuffer();
  const packed = one[10]!;
  let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  const head = one.subarray(0, at);
  const skipSubBlocks = () => {
    while (one[at] !== 0) at += one[at]! + 1;
    at += 1;
  };
  let image: Buffer | null = null;
  while (at < one.length && one[at] !== 0x3b) {
    if (one[at] === 0x21) {
      at += 2;
      skipSubBlocks();
    } else if (one[at] === 0x2c) {
      const start = at;
      const local = one[at + 9]!;
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0) + 1;
      skipSubBlocks();
      image = one.subarray(start, at);
    } else throw new Error(`unexpected GIF block 0x${one[at]!.toString(16)}`);
  }
  if (!image) throw new Error('no image block in the GIF');
  const loop = Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 0x03, 0x01, 0, 0, 0]);
  const delay = Buffer.from([0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00]);
  const blocks = Array.from({ length: frames }, () => [delay, image]).flat();
  return Buffer.concat([head, loop, ...blocks, Buffer.from([0x3b])]);
}

/** A small valid PNG whose header claims width × height (IHDR rewritten, its CRC recomputed). */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const { crc32 } = await import('node:zlib');
  const png = Buffer.from(await pngImage(8, 8));
  // Signature (8) + IHDR length (4), then "IHDR" (4) + 13 bytes of data, then the CRC of those 17.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
