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
