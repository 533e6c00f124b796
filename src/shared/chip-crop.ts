/**
 * How artwork sits in a chip's 54 mm disc: one geometry for the mint studio, the disc render and the
 * production sheet, so what the creator places is what gets printed. Zod-free on purpose: the disc
 * render is part of public pages' first script.
 *
 * A crop is { x, y, zoom, rotation }: (x, y) is the point of the image (fractions 0..1 of its width
 * and height) that sits at the disc's centre; zoom 1 scales the image so that it just covers the disc
 * (its shorter side equals the disc's side), zoom 2 twice that; rotation turns the image about the
 * disc's centre, in degrees, clockwise.
 */

/** The chip's outline: a round disc, or a square with rounded corners. */
export type DiscShape = 'round' | 'square';

/** Where the artwork sits in the disc (see above). */
export type ChipCrop = { x: number; y: number; zoom: number; rotation: number };

export const CROP_ZOOM_MIN = 1;
export const CROP_ZOOM_MAX = 8;
export const CROP_ROTATION_MIN = -180;
export const CROP_ROTATION_MAX = 180;

/** Centred, just covering the disc, upright: how chips minted before the studio are made. */
export const DEFAULT_CROP: ChipCrop = { x: 0.5, y: 0.5, zoom: 1, rotation: 0 };

/** The corner radius of a square chip, as a fraction of its side (about 6 mm of 54 mm). */
export const SQUARE_CORNER_RATIO = 0.11;

/**
 * The artwork's box in disc units (the disc's side is 1): its size, its top-left corner, and the
 * rotation about (originX, originY), given as fractions of the box. CSS applies it as percentages
 * (left, top, width, height, transform-origin, rotate), so it renders alike at any size.
 */
export type ArtworkPlacement = {
  left: number;
  top: number;
  width: number;
  height: number;
  originX: number;
  originY: number;
  rotation: number;
};

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** An image's width / height; unknown or broken sizes count as square. */
export function aspectOf(width: number | null | undefined, height: number | null | undefined): number {
  return width && height && width > 0 && height > 0 ? width / height : 1;
}

/** The image's size in disc units at `zoom`: at zoom 1 its shorter side is the disc's side. */
export function artworkSize(aspect: number, zoom: number): { width: number; height: number } {
  return aspect >= 1 ? { width: aspect * zoom, height: zoom } : { width: zoom, height: zoom / aspect };
}

/** The placement of the image for a crop (see ArtworkPlacement). */
export function placeArtwork(crop: ChipCrop, aspect: number): ArtworkPlacement {
  const { width, height } = artworkSize(aspect, crop.zoom);
  return {
    left: 0.5 - crop.x * width,
    top: 0.5 - crop.y * height,
    width,
    height,
    originX: crop.x,
    originY: crop.y,
    rotation: crop.rotation,
  };
}

/** The placement as CSS values (percentages of the disc): the disc render and the printed sheet share them. */
export type ArtworkCss = {
  left: string;
  top: string;
  width: string;
  height: string;
  transformOrigin: string;
  transform: string;
};

/** CSS for the artwork of a crop (see placeArtwork), to set on an absolutely positioned image. */
export function artworkCss(crop: ChipCrop, aspect: number): ArtworkCss {
  const p = placeArtwork(crop, aspect);
  const pct = (value: number) => `${Number((value * 100).toFixed(3))}%`;
  return {
    left: pct(p.left),
    top: pct(p.top),
    width: pct(p.width),
    height: pct(p.height),
    transformOrigin: `${pct(p.originX)} ${pct(p.originY)}`,
    transform: `rotate(${p.rotation}deg)`,
  };
}

/** An angle in degrees brought into −180..180. */
export function normalizeRotation(degrees: number): number {
  const turned = ((((degrees + 180) % 360) + 360) % 360) - 180;
  // −180 and 180 are the same turn; keep the one the caller was nearer to.
  return turned === -180 && degrees > 0 ? 180 : turned;
}

/**
 * The crop within bounds, moved so that the disc stays covered by the image wherever the zoom allows:
 * in the image's own axes the disc reaches `r` from its centre (a circle) or r(|cos θ| + |sin θ|) (a
 * square turned by θ), and the centre may go no nearer the image's edges than that. Where the image
 * is too small for that along an axis, the centre stays in the middle of that axis.
 */
export function clampCrop(crop: ChipCrop, options: { aspect: number; shape: DiscShape }): ChipCrop {
  const zoom = clamp(Number.isFinite(crop.zoom) ? crop.zoom : 1, CROP_ZOOM_MIN, CROP_ZOOM_MAX);
  const rotation = normalizeRotation(Number.isFinite(crop.rotation) ? crop.rotation : 0);
  const { width, height } = artworkSize(options.aspect, zoom);
  const turn = (rotation * Math.PI) / 180;
  const reach = options.shape === 'round' ? 0.5 : 0.5 * (Math.abs(Math.cos(turn)) + Math.abs(Math.sin(turn)));
  const within = (value: number, size: number) => {
    const margin = reach / size;
    if (margin >= 0.5) return 0.5;
    return clamp(Number.isFinite(value) ? value : 0.5, margin, 1 - margin);
  };
  return { x: within(crop.x, width), y: within(crop.y, height), zoom, rotation };
}

/**
 * The crop after the artwork is dragged by (dx, dy), measured on screen in disc units (a drag across
 * the whole disc is 1). The image moves with the pointer, so the point at the centre moves the other
 * way, through the rotation into the image's own axes. Clamp the result with clampCrop.
 */
export function panCrop(crop: ChipCrop, dx: number, dy: number, aspect: number): ChipCrop {
  const { width, height } = artworkSize(aspect, crop.zoom);
  const turn = (crop.rotation * Math.PI) / 180;
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  // Screen → image axes: rotate by −θ.
  const ix = dx * cos + dy * sin;
  const iy = -dx * sin + dy * cos;
  return { ...crop, x: crop.x - ix / width, y: crop.y - iy / height };
}

/** The crop as stored: a few decimals are far finer than a printer's dot. */
export function roundCrop(crop: ChipCrop): ChipCrop {
  const round = (value: number, places: number) => Number(value.toFixed(places));
  return {
    x: round(crop.x, 4),
    y: round(crop.y, 4),
    zoom: round(crop.zoom, 3),
    rotation: round(crop.rotation, 1),
  };
}

/** A short description for people: "zoom 1.5×, turned 90°, centre at 40% across and 55% down". */
export function describeCrop(crop: ChipCrop): string {
  const percent = (value: number) => `${Math.round(value * 100)}%`;
  const rotation = Math.round(crop.rotation);
  const turned = rotation === 0 ? 'upright' : `turned ${rotation}°`;
  return `zoom ${crop.zoom.toFixed(1)}×, ${turned}, centre at ${percent(crop.x)} across and ${percent(crop.y)} down`;
}
