import type { ImageType } from './media.encode.ts';

/**
 * An image's size read from its header on the request's thread, without sharp: what an upload will
 * cost is known (and charged to the account's pixel budget, docs/decisions/039-fair-image-queue.md)
 * before it waits for an image worker. The worker reads the header again with sharp and enforces the
 * pixel limits on what libvips itself sees; this reading only prices the upload.
 */
export type ImageHeader = { width: number; height: number; pages: number };

/** The header of a JPEG, PNG or GIF (`type` from sniffImageType), or null when it cannot be read. */
export function readImageHeader(bytes: Uint8Array, type: ImageType): ImageHeader | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = type === 'png' ? pngHeader(view) : type === 'gif' ? gifHeader(view) : jpegHeader(view);
  if (!header || header.width < 1 || header.height < 1) return null;
  return header;
}

/** PNG: the IHDR chunk comes first. An APNG's extra frames are not decoded (libvips reads the first). */
function pngHeader(b: Buffer): ImageHeader | null {
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20), pages: 1 };
}

/**
 * GIF: the logical screen, grown to hold any frame that reaches past it, and the number of frames
 * (image descriptors), counted by walking the blocks without decoding. A damaged tail ends the count.
 */
function gifHeader(b: Buffer): ImageHeader | null {
  if (b.length < 13) return null;
  let width = b.readUInt16LE(6);
  let height = b.readUInt16LE(8);
  const packed = b[10]!;
  let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  let pages = 0;
  const skipSubBlocks = (): boolean => {
    while (at < b.length && b[at] !== 0) at += b[at]! + 1;
    at += 1;
    return at <= b.length;
  };
  while (at < b.length && b[at] !== 0x3b) {
    if (b[at] === 0x21) {
      at += 2;
      if (!skipSubBlocks()) break;
    } else if (b[at] === 0x2c) {
      if (at + 10 > b.length) break;
      width = Math.max(width, b.readUInt16LE(at + 1) + b.readUInt16LE(at + 5));
      height = Math.max(height, b.readUInt16LE(at + 3) + b.readUInt16LE(at + 7));
      const local = b[at + 9]!;
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0) + 1; // + the LZW code size
      pages++;
      if (!skipSubBlocks()) break;
    } else break;
  }
  return pages > 0 ? { width, height, pages } : null;
}

/** JPEG: the first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC), found by walking the markers. */
function jpegHeader(b: Buffer): ImageHeader | null {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RSTn, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame
    const length = b.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > b.length) return null;
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7), pages: 1 };
    }
    at += 2 + length;
  }
  return null;
}
