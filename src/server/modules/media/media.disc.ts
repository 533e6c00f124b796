import sharp, { type Sharp } from 'sharp';
import {
  artworkSize,
  aspectOf,
  clampCrop,
  DEFAULT_CROP,
  SQUARE_CORNER_RATIO,
  type ChipCrop,
  type DiscShape,
} from '#shared/chip-crop.ts';
import { IMAGE_TOO_SLOW_MESSAGE, INVALID_FILE_TYPE_MESSAGE } from '#shared/media.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import { AVIF_OPTIONS, MAX_INPUT_PIXELS, type EncodedFile } from './media.encode.ts';

/**
 * The chip as it will be made (docs/decisions/055-placed-disc-variants.md): the artwork placed in the
 * 54 mm disc by the creator's crop (src/shared/chip-crop.ts, the geometry the mint studio, the disc
 * render and the production sheet share), masked to its shape, transparent outside. Made once per
 * chip and design, in the image workers (never on the request thread), as WebP renditions for pages
 * and one PNG for link previews and e-mail.
 */

/** Widths of the placed disc's WebP renditions (the disc is square); the largest is the render. */
export const DISC_WIDTHS = [320, 640, 1024] as const;
/** The PNG rendition (link previews, e-mail clients without WebP). */
const DISC_SHARE_WIDTH = 600;
/** What the resin shows where the artwork does not reach (the disc render's bg-gray-100). */
export const DISC_BLANK = { r: 243, g: 244, b: 246, alpha: 1 } as const;
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 } as const;
const WEBP_QUALITY = 82;
/** libvips' WebP effort (0–6, default 4): 2 halves the encoding time for a few percent in size. */
const WEBP_EFFORT = 2;

export type DiscDesign = { shape: DiscShape; crop: ChipCrop | null };
export type RenderedDisc = {
  variants: { width: number; file: EncodedFile; avif: EncodedFile }[];
  share: EncodedFile;
};

type Raw = { data: Buffer; width: number; height: number };

function raw(image: Raw) {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } });
}

async function toRaw(pipeline: Sharp): Promise<Raw> {
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The disc's outline as an SVG mask of side `side` px. */
function maskSvg(shape: DiscShape, side: number): Buffer {
  const body =
    shape === 'round'
      ? `<circle cx="${side / 2}" cy="${side / 2}" r="${side / 2}" fill="#fff"/>`
      : `<rect width="${side}" height="${side}" rx="${side * SQUARE_CORNER_RATIO}" fill="#fff"/>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">${body}</svg>`,
  );
}

/**
 * The placed disc, `side` px across, as raw RGBA. Only the part of the image that can reach the disc
 * is cut out first (a square of the disc's side, or of its diagonal when turned, around the crop's
 * centre, padded where it leaves the image), so zoom 8 costs no more than zoom 1; it is then scaled, turned about its centre and cut
 * to the disc, which is filled with the blank resin colour and masked to its outline.
 */
export async function placeDisc(source: Buffer, design: DiscDesign, side: number): Promise<Raw> {
  const oriented = await toRaw(sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).rotate());
  const { width: W, height: H } = oriented;
  const aspect = aspectOf(W, H);
  const crop = clampCrop(design.crop ?? DEFAULT_CROP, { aspect, shape: design.shape });
  const size = artworkSize(aspect, crop.zoom);
  // Output pixels per source pixel.
  const scale = (size.width * side) / W;
  const cx = crop.x * W;
  const cy = crop.y * H;
  // Half the disc's side (upright) or diagonal (turned), in source pixels, and a pixel to spare.
  const reach = crop.rotation === 0 ? 0.5 : Math.SQRT1_2;
  const half = Math.ceil((side * reach) / scale) + 1;
  const left = Math.floor(cx) - half;
  const top = Math.floor(cy) - half;
  const n = 2 * half;
  // The region's part inside the image, then padded to n × n where it leaves the image.
  const inLeft = Math.max(0, left);
  const inTop = Math.max(0, top);
  const inRight = Math.min(W, left + n);
  const inBottom = Math.min(H, top + n);
  let region: Raw;
  if (inRight <= inLeft || inBottom <= inTop) {
    region = await toRaw(sharp({ create: { width: n, height: n, channels: 4, background: TRANSPARENT } }));
  } else {
    const cut = await toRaw(
      raw(oriented).extract({ left: inLeft, top: inTop, width: inRight - inLeft, height: inBottom - inTop }),
    );
    region = await toRaw(
      raw(cut).extend({
        left: inLeft - left,
        top: inTop - top,
        right: left + n - inRight,
        bottom: top + n - inBottom,
        background: TRANSPARENT,
      }),
    );
  }
  // Scaled: the crop's centre moves with it.
  const m = Math.max(1, Math.round(n * scale));
  const s = m / n;
  const scaled = await toRaw(raw(region).resize(m, m, { fit: 'fill', kernel: 'lanczos3' }));
  let px = (cx - left) * s;
  let py = (cy - top) * s;
  let turned = scaled;
  if (crop.rotation !== 0) {
    // libvips turns clockwise about the image's centre and grows the canvas to the turned bounds,
    // keeping the centre in the centre, as CSS rotate() does on screen.
    turned = await toRaw(raw(scaled).rotate(crop.rotation, { background: TRANSPARENT }));
    const theta = (crop.rotation * Math.PI) / 180;
    const dx = px - scaled.width / 2;
    const dy = py - scaled.height / 2;
    px = turned.width / 2 + dx * Math.cos(theta) - dy * Math.sin(theta);
    py = turned.height / 2 + dx * Math.sin(theta) + dy * Math.cos(theta);
  }
  const cutLeft = Math.round(px - side / 2);
  const cutTop = Math.round(py - side / 2);
  // The disc's square from the turned region (it always lies inside: the region covers the diagonal).
  const disc = await toRaw(
    raw(turned).extract({
      left: Math.min(Math.max(0, cutLeft), turned.width - side),
      top: Math.min(Math.max(0, cutTop), turned.height - side),
      width: side,
      height: side,
    }),
  );
  const filled = await toRaw(
    sharp({ create: { width: side, height: side, channels: 4, background: DISC_BLANK } }).composite([
      { input: disc.data, raw: { width: side, height: side, channels: 4 } },
    ]),
  );
  return toRaw(raw(filled).composite([{ input: maskSvg(design.shape, side), blend: 'dest-in' }]));
}

/**
 * The placed disc's renditions: WebP and AVIF at DISC_WIDTHS and a PNG at DISC_SHARE_WIDTH. Truncated or
 * corrupt artwork is refused as an upload would be; libvips stops past the time budget.
 */
export async function renderDisc(
  bytes: Uint8Array,
  design: DiscDesign,
  budgetMs: number,
): Promise<RenderedDisc> {
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const deadline = Date.now() + budgetMs;
  const within = () => {
    if (Date.now() > deadline) throw new AppError('UNPROCESSABLE', IMAGE_TOO_SLOW_MESSAGE);
  };
  try {
    const largest = DISC_WIDTHS[DISC_WIDTHS.length - 1]!;
    const disc = await placeDisc(source, design, largest);
    within();
    const variants: RenderedDisc['variants'] = [];
    for (const width of DISC_WIDTHS) {
      const pipeline = width === largest ? raw(disc) : raw(disc).resize(width, width);
      variants.push({
        width,
        file: {
          bytes: await pipeline.clone().webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toBuffer(),
          ext: 'webp',
        },
        avif: { bytes: await pipeline.avif(AVIF_OPTIONS).toBuffer(), ext: 'avif' },
      });
      within();
    }
    const share = await raw(disc).resize(DISC_SHARE_WIDTH, DISC_SHARE_WIDTH).png().toBuffer();
    return { variants, share: { bytes: share, ext: 'png' } };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('INVALID_FILE_TYPE', INVALID_FILE_TYPE_MESSAGE);
  }
}
