import type { ImageVariant } from '#shared/chips.schemas.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  FILE_TOO_LARGE_MESSAGE,
  IMAGE_PIXELS_SPENT_MESSAGE,
  INVALID_FILE_TYPE_MESSAGE,
  MAX_IMAGE_BYTES,
  TOO_MANY_UPLOADS_MESSAGE,
  type MediaUploadResult,
} from '#shared/media.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { clientNetworkKey } from '#server/lib/client-network.ts';
import { hitRateLimit, spendAllowance } from '#server/platform/rate-limit/index.ts';
import { insertMediaIfAbsent, type MediaRow } from './media.repo.ts';
import { getMediaStorage, MEDIA_CONTENT_TYPES } from './media.storage.ts';
import { planDecode, sniffImageType, type EncodedFile } from './media.encode.ts';
import { readImageHeader } from './media.header.ts';
import { encodeInWorker } from './media.pool.ts';

/** Uploads one account may make (POST /api/media, chip media) per window (issue 14). */
export const UPLOADS_PER_ACCOUNT = { max: 10, windowMs: 10 * 60_000 };
/** Uploads one client (IPv4 address or IPv6 /64) may make per window, whichever accounts it signs in with. */
export const UPLOADS_PER_CLIENT = { max: 25, windowMs: 10 * 60_000 };

/**
 * Pixels of images one account may have processed per window (issue 25), each image priced before it
 * is queued at what will be decoded: its frame, or every frame of an animation kept (at most 4 MP).
 * Ten photos of 24 MP fit; three images of 100 MP fill it.
 */
export const PIXELS_PER_ACCOUNT = { max: 300_000_000, windowMs: 10 * 60_000 };

/**
 * Counts an upload against the account's and the client's allowances (off with RATE_LIMIT=false);
 * past either, 429 before any image work.
 */
export async function assertUploadAllowed(
  ctx: ServiceContext,
  who: { userId: number; clientIp: string },
): Promise<void> {
  if (!ctx.config.rateLimit) return;
  const checks = await Promise.all([
    hitRateLimit(ctx.db, `upload|user:${who.userId}`, UPLOADS_PER_ACCOUNT),
    // Stored as a hash, as the checkout's per-client allowance is: no IP address in the database.
    hitRateLimit(ctx.db, `upload|client:${hashToken(clientNetworkKey(who.clientIp))}`, UPLOADS_PER_CLIENT),
  ]);
  const refused = checks.filter((c) => !c.allowed);
  if (refused.length === 0) return;
  const retryAfter = Math.max(...refused.map((c) => c.retryAfterSeconds));
  throw new AppError('RATE_LIMITED', TOO_MANY_UPLOADS_MESSAGE, {
    headers: { 'retry-after': String(retryAfter) },
  });
}

/** Spends an image's pixels from the account's budget (off with RATE_LIMIT=false); past it, 429. */
async function spendPixels(ctx: ServiceContext, userId: number, pixels: number): Promise<void> {
  if (!ctx.config.rateLimit) return;
  const spent = await spendAllowance(ctx.db, `upload-pixels|user:${userId}`, pixels, PIXELS_PER_ACCOUNT);
  if (spent.allowed) return;
  throw new AppError('RATE_LIMITED', IMAGE_PIXELS_SPENT_MESSAGE, {
    headers: { 'retry-after': String(spent.retryAfterSeconds) },
  });
}

/** Reads a stream into memory, refusing it as soon as it passes `limit` bytes. */
async function readLimited(stream: Readable, limit: number): Promise<Buffer> {
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

/** Bytes from a worker arrive as a Uint8Array; a Buffer view of them, without copying. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function contentName(file: EncodedFile): string {
  return `${crypto.createHash('sha256').update(file.bytes).digest('hex')}.${file.ext}`;
}

/**
 * The one upload pipeline for every image (mint dialog, chip media, admin forms, demo seed): checks
 * size, magic bytes and the header's pixels, re-encodes without metadata, stores the original and
 * WebP and AVIF variants under content-addressed names, and records a media row (deduplicated by content).
 * `chargePixels` (the user upload routes) spends the image's pixels from the uploader's budget first.
 */
export async function processUpload(
  ctx: ServiceContext,
  input: Buffer | Readable,
  options: { uploaderId: number | null; chargePixels?: boolean },
): Promise<MediaRow> {
  const bytes = Buffer.isBuffer(input) ? input : await readLimited(input, MAX_IMAGE_BYTES);
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
  const type = sniffImageType(bytes);
  if (!type) throw new AppError('INVALID_FILE_TYPE', INVALID_FILE_TYPE_MESSAGE);
  const header = readImageHeader(bytes, type);
  if (!header) throw new AppError('INVALID_FILE_TYPE', INVALID_FILE_TYPE_MESSAGE);
  // Over 100 MP: 413 here, before waiting for a worker (which checks again with libvips' own reading).
  const { pixels } = planDecode(header, type);
  if (options.chargePixels && options.uploaderId !== null) await spendPixels(ctx, options.uploaderId, pixels);

  // The CPU work runs in an image worker thread, one image per account at a time; this request waits
  // for it (media.pool.ts).
  const owner = options.uploaderId === null ? 'system' : `account:${options.uploaderId}`;
  const image = await encodeInWorker(ctx.config, bytes, type, owner);
  const storage = getMediaStorage(ctx);
  const originalName = contentName(image.original);
  await storage.put(originalName, asBuffer(image.original.bytes), MEDIA_CONTENT_TYPES[image.original.ext]!);
  const variants: ImageVariant[] = [];
  for (const v of image.variants) {
    const name = contentName(v.file);
    await storage.put(name, asBuffer(v.file.bytes), MEDIA_CONTENT_TYPES.webp!);
    const avifName = v.avif ? contentName(v.avif) : null;
    if (avifName) await storage.put(avifName, asBuffer(v.avif!.bytes), MEDIA_CONTENT_TYPES.avif!);
    variants.push({
      width: v.width,
      url: storage.urlFor(name),
      ...(avifName ? { avifUrl: storage.urlFor(avifName) } : {}),
    });
  }

  return insertMediaIfAbsent(ctx.db, {
    hash: originalName.split('.')[0]!,
    uploaderId: options.uploaderId,
    mime: MEDIA_CONTENT_TYPES[image.original.ext]!,
    width: image.width,
    height: image.height,
    animated: image.animated,
    originalUrl: storage.urlFor(originalName),
    variants,
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
