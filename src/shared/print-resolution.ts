/**
 * How sharp an image prints on a chip at the creator's chosen zoom. The disc is BRAND.chipSizeMm
 * (54 mm) across; at zoom 1 the image's shorter side just covers it (chip-crop.ts), so the source
 * pixels across the disc are that side divided by the zoom, and dpi = those pixels / (54 / 25.4).
 * Print shops call 300 dpi sharp; under 150 dpi blur and jagged edges show at arm's length.
 * Zod-free and pure: the mint studio shows it live as the zoom moves.
 */
import { BRAND } from './brand.ts';

/** Dots per inch from which a print looks sharp. */
export const SHARP_PRINT_DPI = 300;

/** Below this a print looks visibly blurred or blocky. */
export const BLURRY_PRINT_DPI = 150;

const MM_PER_INCH = 25.4;

/** 'sharp' at 300 dpi or more, 'soft' from 150, 'blurry' below 150. */
export type PrintQuality = 'sharp' | 'soft' | 'blurry';

/** The disc's width in inches (54 mm ≈ 2.13 in). */
export function discInches(chipSizeMm: number = BRAND.chipSizeMm): number {
  return chipSizeMm / MM_PER_INCH;
}

/**
 * Dots per inch the image gives across the disc at `zoom`: its shorter side in pixels, divided by the
 * zoom, over the disc's width in inches. 0 for an unknown or broken size.
 */
export function printDpi(image: { width: number; height: number }, zoom: number): number {
  const side = Math.min(image.width, image.height);
  if (!(side > 0) || !(zoom > 0) || !Number.isFinite(side) || !Number.isFinite(zoom)) return 0;
  return side / zoom / discInches();
}

/** The quality class of a dpi figure (see PrintQuality). */
export function printQuality(dpi: number): PrintQuality {
  if (dpi >= SHARP_PRINT_DPI) return 'sharp';
  return dpi >= BLURRY_PRINT_DPI ? 'soft' : 'blurry';
}

/** What the mint studio says about an image at a zoom: its quality and the sentence explaining it. */
export type PrintResolution = { dpi: number; quality: PrintQuality; message: string };

/**
 * "This picture gives about 94 dpi at 54 mm; prints look sharp from 300 dpi." plus advice when it is
 * below that: the pixels it would need across the disc, and that zooming in lowers it.
 */
export function describePrintResolution(
  image: { width: number; height: number },
  zoom: number,
): PrintResolution {
  const dpi = printDpi(image, zoom);
  const quality = printQuality(dpi);
  const rounded = Math.round(dpi);
  const size = `${BRAND.chipSizeMm} mm`;
  const base = `This picture gives about ${rounded} dpi at ${size}; prints look sharp from ${SHARP_PRINT_DPI} dpi.`;
  if (quality === 'sharp') return { dpi, quality, message: base };
  const neededPixels = Math.ceil(SHARP_PRINT_DPI * discInches() * zoom);
  const advice = `For a sharp chip at this zoom, use an image at least ${neededPixels} pixels on its shorter side${zoom > 1 ? ', or zoom out' : ''}.`;
  const warning =
    quality === 'blurry' ? 'It will print visibly blurred or blocky.' : 'It may print slightly soft.';
  return { dpi, quality, message: `${base} ${warning} ${advice}` };
}
