import type { ServiceContext } from '#server/lib/service-context.ts';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import {
  FILE_TOO_LARGE_MESSAGE,
  INVALID_FILE_TYPE_MESSAGE,
  MAX_IMAGE_BYTES,
  type MediaUploadResult,
} from '#shared/media.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import { insertMediaIfAbsent, type MediaRow } from './media.repo.ts';
import { getMediaStorage, MEDIA_CONTENT_TYPES } from './media.storage.ts';

/** Widths of the WebP renditions; an image is never upscaled to reach one. */
export const VARIANT_WIDTHS = [320, 640, 1024, 1600] as const;
/** The stored original is capped to this edge: enough for print previews and zoom, not a 100 MP upload. */
const MAX_ORIGINAL_EDGE = 4096;
/** Refuse decompression bombs: 10 MB of GIF or PNG can claim billions of pixels. */
const MAX_INPUT_PIXELS = 100_000_000;
const WEBP_QUALITY = 80;

type ImageType = 'jpeg' | 'png' | 'gif';

/** The image type by its magic bytes; the file name and the declared content type are never trusted. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (bytes.length >= 6) {
    const head = bytes.subarray(0, 6).toString('latin1');
    if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  }
  return null;
}

/** Reads a stream into memory, refusing it as soon as it passes `limit` bytes. */
export async function readLimited(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buf.length;
    if (size > limit) {
      stream.destroy();
      throw new AppError('FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
    }
    chunks.push(buf);
  }
  if ((stream as Readable & { truncated?: boolean }).truncated) {
    throw new AppError('FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
  }
  return Buffer.concat(chunks);
}

type EncodedFile = { bytes: Buffer; ext: keyof typeof MEDIA_CONTENT_TYPES };
type EncodedImage = {
  original: EncodedFile;
  variants: { width: number; file: EncodedFile }[];
  width: number;
  height: number;
  animated: boolean;
};

/** Widths to render for an image `width` wide: the standard ones below it, plus its own width if ≤ 1600. */
export function variantWidthsFor(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  if (width <= largest) widths.push(width);
  return widths;
}

/**
 * Decodes and re-encodes: orientation applied, every metadata block (EXIF with GPS, XMP, IPTC, ICC
 * comments) dropped because sharp writes none unless asked, and animation kept for GIFs.
 */
async function encodeImage(bytes: Buffer, type: ImageType): Promise<EncodedImage> {
  const isGif = type === 'gif';
  const input = () => sharp(bytes, { animated: isGif, limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { animated: isGif, limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new AppError('INVALID_FILE_TYPE', INVALID_FILE_TYPE_MESSAGE);
  }
  if (meta.format !== type) {
    throw new AppError('INVALID_FILE_TYPE', INVALID_FILE_TYPE_MESSAGE);
  }
  const animated = isGif && (meta.pages ?? 1) > 1;
  const bounded = () =>
    input().resize({
      width: MAX_ORIGINAL_EDGE,
      height: MAX_ORIGINAL_EDGE,
      fit: 'inside',
      withoutEnlargement: true,
    });

  let original: { data: Buffer; info: OutputInfo };
  try {
    const pipeline =
      type === 'jpeg' ? bounded().jpeg({ quality: 90 }) : type === 'png' ? bounded().png() : bounded().gif();
    original = await pipeline.toBuffer({ resolveWithObject: true });
  } catch {
    // Truncated or corrupt files pass the magic-byte check but fail to decode.
    throw new AppError('INVALID_FILE_TYPE', INVALID_FILE_TYPE_MESSAGE);
  }
  const width = original.info.width;
  const height = animated ? (original.info.pageHeight ?? original.info.height) : original.info.height;

  const variants = await Promise.all(
    variantWidthsFor(width).map(async (w) => ({
      width: w,
      file: {
        bytes: await input()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer(),
        ext: 'webp' as const,
      },
    })),
  );
  return {
    original: { bytes: original.data, ext: type === 'jpeg' ? 'jpg' : type },
    variants,
    width,
    height,
    animated,
  };
}

function contentName(file: EncodedFile): string {
  return `${crypto.createHash('sha256').update(file.bytes).digest('hex')}.${file.ext}`;
}

/**
 * The one upload pipeline for every image (mint dialog, chip media, admin forms, demo seed): checks
 * size and magic bytes, re-encodes without metadata, stores the original and WebP variants under
 * content-addressed names, and records a media row (deduplicated by content).
 */
export async function processUpload(
  ctx: ServiceContext,
  input: Buffer | Readable,
  options: { uploaderId: number | null },
): Promise<MediaRow> {
  const bytes = Buffer.isBuffer(input) ? input : await readLimited(input, MAX_IMAGE_BYTES);
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
  const type = sniffImageType(bytes);
  if (!type) throw new AppError('INVALID_FILE_TYPE', INVALID_FILE_TYPE_MESSAGE);

  const image = await encodeImage(bytes, type);
  const storage = getMediaStorage(ctx);
  const originalName = contentName(image.original);
  const variantNames = image.variants.map((v) => ({
    width: v.width,
    name: contentName(v.file),
    file: v.file,
  }));
  await storage.put(originalName, image.original.bytes, MEDIA_CONTENT_TYPES[image.original.ext]!);
  for (const v of variantNames) await storage.put(v.name, v.file.bytes, MEDIA_CONTENT_TYPES.webp!);

  return insertMediaIfAbsent(ctx.db, {
    hash: originalName.split('.')[0]!,
    uploaderId: options.uploaderId,
    mime: MEDIA_CONTENT_TYPES[image.original.ext]!,
    width: image.width,
    height: image.height,
    animated: image.animated,
    originalUrl: storage.urlFor(originalName),
    variants: variantNames.map((v) => ({ width: v.width, url: storage.urlFor(v.name) })),
  });
}

/** Media row → POST /api/media response. */
export function toMediaUploadResult(row: MediaRow): MediaUploadResult {
  return {
    id: row.id,
    url: row.originalUrl,
    variants: row.variants,
    width: row.width,
    height: row.height,
    animated: row.animated,
  };
}
