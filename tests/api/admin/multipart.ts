import sharp from 'sharp';

type FilePart = { field: string; filename: string; contentType: string; bytes: Buffer };

/** A multipart/form-data body with text fields and any number of file parts, for app.inject. */
export function formBody(fields: Record<string, string | string[]>, files: FilePart[] = []) {
  const boundary = `----admin${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of [value].flat()) {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`),
      );
    }
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
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

export async function pngFile(field = 'image', color = '#3366ff'): Promise<FilePart> {
  const bytes = await sharp({ create: { width: 400, height: 400, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { field, filename: `${field}.png`, contentType: 'image/png', bytes };
}
