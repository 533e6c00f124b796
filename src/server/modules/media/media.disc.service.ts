import type { ImageVariant } from '#shared/chips.schemas.ts';
import crypto from 'node:crypto';
import type { ChipCrop, DiscShape } from '#shared/chip-crop.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { renderDiscInWorker } from './media.pool.ts';
import { getMediaStorage, MEDIA_CONTENT_TYPES, MEDIA_NAME_PATTERN } from './media.storage.ts';

/**
 * A chip's placed disc as stored (media.disc.ts makes it): WebP renditions for pages (`url` is the
 * largest), a PNG for link previews and e-mail, and the key of the artwork and design it shows.
 */
export type PlacedDisc = {
  url: string;
  variants: ImageVariant[];
  shareUrl: string;
  key: string;
};

/** Bumped when the rendering changes, so every chip's disc is made again. */
const DISC_RENDER_VERSION = 1;

/** The stored file an image URL names (`/media/<sha256>.<ext>` or the bucket's URL), or null. */
function storedMediaName(url: string | null | undefined): string | null {
  const name = url?.split(/[?#]/)[0]?.split('/').pop() ?? '';
  return MEDIA_NAME_PATTERN.test(name) ? name : null;
}

/** What a disc shows: the stored artwork, the shape and the crop; equal keys, equal discs. */
export function placedDiscKey(
  artworkUrl: string,
  design: { shape: DiscShape; crop: ChipCrop | null },
): string {
  const crop = design.crop ? [design.crop.x, design.crop.y, design.crop.zoom, design.crop.rotation] : null;
  const text = JSON.stringify([DISC_RENDER_VERSION, storedMediaName(artworkUrl), design.shape, crop]);
  return crypto.createHash('sha256').update(text).digest('hex').slice(0, 32);
}

function contentName(bytes: Uint8Array, ext: string): string {
  return `${crypto.createHash('sha256').update(bytes).digest('hex')}.${ext}`;
}

/**
 * Makes a chip's placed disc from its stored artwork (the re-encoded original) and design, in an
 * image worker, and stores its files (content-addressed, like every upload). Null when the artwork is
 * not a stored upload (an outside URL, or a file no longer there): the chip then shows its artwork.
 * Call it outside transactions: it reads and writes files and waits for a worker.
 */
export async function renderPlacedDisc(
  ctx: ServiceContext,
  input: { artworkUrl: string | null | undefined; shape: DiscShape; crop: ChipCrop | null; owner?: string },
): Promise<PlacedDisc | null> {
  const name = storedMediaName(input.artworkUrl);
  if (!name) return null;
  const storage = getMediaStorage(ctx);
  const stored = await storage.get(name);
  if (!stored) {
    ctx.log.warn({ artwork: name }, 'the artwork of a chip is missing from storage; no placed disc');
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  const design = { shape: input.shape, crop: input.crop };
  const disc = await renderDiscInWorker(ctx.config, Buffer.concat(chunks), design, input.owner ?? 'system');
  const variants: ImageVariant[] = [];
  for (const v of disc.variants) {
    const file = contentName(v.file.bytes, 'webp');
    await storage.put(file, Buffer.from(v.file.bytes), MEDIA_CONTENT_TYPES.webp!);
    const avif = contentName(v.avif.bytes, 'avif');
    await storage.put(avif, Buffer.from(v.avif.bytes), MEDIA_CONTENT_TYPES.avif!);
    variants.push({ width: v.width, url: storage.urlFor(file), avifUrl: storage.urlFor(avif) });
  }
  const shareName = contentName(disc.share.bytes, 'png');
  await storage.put(shareName, Buffer.from(disc.share.bytes), MEDIA_CONTENT_TYPES.png!);
  return {
    url: variants[variants.length - 1]!.url,
    variants,
    shareUrl: storage.urlFor(shareName),
    key: placedDiscKey(input.artworkUrl!, design),
  };
}
