import sharp, { type OutputInfo, type Sharp } from 'sharp';
import {
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  IMAGE_TOO_SLOW_MESSAGE,
  INVALID_FILE_TYPE_MESSAGE,
} from '#shared/media.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';

/**
 * The image work itself (decode, re-encode, WebP and AVIF variants). It runs only in the image workers
 * (image.worker.ts), never on the main thread: see docs/decisions/026-image-worker-pool.md.
 */

/** Widths of the WebP (and AVIF) renditions; an image is never upscaled to reach one. */
const VARIANT_WIDTHS = [320, 640, 1024, 1600] as const;
/** The stored original is capped to this edge: enough for print previews and zoom, not a 100 MP upload. */
const MAX_ORIGINAL_EDGE = 4096;
/**
 * Refuse decompression bombs before decoding: 10 MB of GIF or PNG can claim billions of pixels. The
 * header's size is checked against this, and libvips refuses to decode past it (limitInputPixels).
 */
export const MAX_INPUT_PIXELS = 100_000_000;
/**
 * An animated GIF stays animated while all its frames together are within this many pixels (e.g. 16
 * frames of 500×500, or 4 of 1000×1000); past it only the first frame is kept. Re-encoding costs
 * about 0.2 s of CPU per megapixel of frames on a quiet core (far more for noisy frames, which the
 * GIF quantiser struggles with), so the 16 MP of issue 14's budget cost 8 s (issue 25 finding 6).
 */
export const MAX_ANIMATED_PIXELS = 4_000_000;
/** Time budget of one image, all its outputs together; libvips stops the work past it. */
export const IMAGE_TIME_BUDGET_MS = 10_000;
const WEBP_QUALITY = 80;
/**
 * AVIF beside each WebP variant (issue 30). Effort 1 of 9: on a 1600 px photograph about as much CPU
 * as the WebP (effort 4 took 15 times that) for about half its bytes; quality 50 looks like WebP's 80.
 */
export const AVIF_OPTIONS = { quality: 50, effort: 1 } as const;

export type ImageType = 'jpeg' | 'png' | 'gif';
export type EncodedFile = { bytes: Uint8Array; ext: 'jpg' | 'png' | 'gif' | 'webp' | 'avif' };
export type EncodedImage = {
  original: EncodedFile;
  /** WebP at each width, and AVIF beside it for still images (sharp makes no animated AVIF). */
  variants: { width: number; file: EncodedFile; avif?: EncodedFile }[];
  width: number;
  height: number;
  animated: boolean;
  /** An animation over the pixel budget, stored as its first frame. */
  flattened: boolean;
};

/** The image type by its magic bytes; the file name and the declared content type are never trusted. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 6) {
    const head = Buffer.from(bytes.subarray(0, 6)).toString('latin1');
    if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  }
  return null;
}

/** Widths to render for an image `width` wide: the standard ones below it, plus its own width if ≤ 1600. */
export function variantWidthsFor(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  if (width <= largest) widths.push(width);
  return widths;
}

/**
 * What to decode, judged from the header alone: the frame size against MAX_INPUT_PIXELS, and every
 * frame counted against MAX_ANIMATED_PIXELS (over it, the animation is flattened to its first frame).
 * `pixels` is what will be decoded: every frame of an animation kept, else one (the upload's price
 * against the account's pixel budget).
 */
export function planDecode(meta: { width: number; height: number; pages: number }, type: ImageType) {
  const framePixels = meta.width * meta.height;
  if (framePixels > MAX_INPUT_PIXELS) {
    throw new AppError('FILE_TOO_LARGE', IMAGE_TOO_MANY_PIXELS_MESSAGE);
  }
  const isAnimation = type === 'gif' && meta.pages > 1;
  const animated = isAnimation && framePixels * meta.pages <= MAX_ANIMATED_PIXELS;
  return {
    animated,
    flattened: isAnimation && !animated,
    pixels: animated ? framePixels * meta.pages : framePixels,
  };
}

/**
 * Decodes and re-encodes: orientation applied, every metadata block (EXIF with GPS, XMP, IPTC, ICC
 * comments) dropped because sharp writes none unless asked, and animation kept for GIFs within the
 * pixel budget. The outputs are made one after another, so one image holds one libuv thread.
 */
export async function encodeImage(
  bytes: Uint8Array,
  type: ImageType,
  budgetMs = IMAGE_TIME_BUDGET_MS,
): Promise<EncodedImage> {
  const deadline = Date.now() + budgetMs;
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: { width: number; height: number; pages: number; format: string | undefined };
  try {
    // Reads the header only (GIF: also counts the frames); no pixel is decoded here.
    const meta = await sharp(source, { limitInputPixels: false }).metadata();
    header = { width: meta.width, height: meta.height, pages: meta.pages ?? 1, format: meta.format };
  } catch {
    throw new AppError('INVALID_FILE_TYPE', INVALID_FILE_TYPE_MESSAGE);
  }
  if (header.format !== type) throw new AppError('INVALID_FILE_TYPE', INVALID_FILE_TYPE_MESSAGE);
  const { animated, flattened } = planDecode(header, type);
  // GIFs are read with every frame as before (identical outputs), unless flattened: `animated: false`
  // decodes the first frame only (sharp's default `pages: 1`).
  const allFrames = type === 'gif' && !flattened;

  const input = (): Sharp => {
    const seconds = Math.ceil((deadline - Date.now()) / 1000);
    if (seconds <= 0) throw new AppError('UNPROCESSABLE', IMAGE_TOO_SLOW_MESSAGE);
    return sharp(source, { animated: allFrames, limitInputPixels: MAX_INPUT_PIXELS })
      .timeout({ seconds })
      .rotate();
  };
  const run = async <T>(make: () => Promise<T>, invalid: string): Promise<T> => {
    try {
      return await make();
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof Error && /timeout/i.test(err.message)) {
        throw new AppError('UNPROCESSABLE', IMAGE_TOO_SLOW_MESSAGE);
      }
      // Truncated or corrupt files pass the magic-byte check but fail to decode.
      throw new AppError('INVALID_FILE_TYPE', invalid);
    }
  };

  const bounded = () =>
    input().resize({
      width: MAX_ORIGINAL_EDGE,
      height: MAX_ORIGINAL_EDGE,
      fit: 'inside',
      withoutEnlargement: true,
    });
  const original: { data: Buffer; info: OutputInfo } = await run(() => {
    const pipeline =
      type === 'jpeg' ? bounded().jpeg({ quality: 90 }) : type === 'png' ? bounded().png() : bounded().gif();
    return pipeline.toBuffer({ resolveWithObject: true });
  }, INVALID_FILE_TYPE_MESSAGE);
  const width = original.info.width;
  const height = animated ? (original.info.pageHeight ?? original.info.height) : original.info.height;

  const variants: EncodedImage['variants'] = [];
  for (const w of variantWidthsFor(width)) {
    const data = await run(
      () => input().resize({ width: w, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer(),
      INVALID_FILE_TYPE_MESSAGE,
    );
    const avif = animated
      ? undefined
      : await run(
          () => input().resize({ width: w, withoutEnlargement: true }).avif(AVIF_OPTIONS).toBuffer(),
          INVALID_FILE_TYPE_MESSAGE,
        );
    variants.push({
      width: w,
      file: { bytes: data, ext: 'webp' },
      ...(avif ? { avif: { bytes: avif, ext: 'avif' as const } } : {}),
    });
  }
  return {
    original: { bytes: original.data, ext: type === 'jpeg' ? 'jpg' : type },
    variants,
    width,
    height,
    animated,
    flattened,
  };
}
