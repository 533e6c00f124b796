import { describe, expect, it } from 'vitest';
import {
  artworkSize,
  aspectOf,
  clampCrop,
  DEFAULT_CROP,
  describeCrop,
  normalizeRotation,
  panCrop,
  placeArtwork,
  roundCrop,
} from './chip-crop.ts';

/** Where an image point (fractions of the image) lands in the disc (fractions of the disc side). */
function landing(crop: Parameters<typeof placeArtwork>[0], aspect: number, px: number, py: number) {
  const p = placeArtwork(crop, aspect);
  // The unrotated position, then the rotation about the crop centre, which sits at the disc centre.
  const x = p.left + px * p.width;
  const y = p.top + py * p.height;
  const turn = (p.rotation * Math.PI) / 180;
  const dx = x - 0.5;
  const dy = y - 0.5;
  return {
    x: 0.5 + dx * Math.cos(turn) - dy * Math.sin(turn),
    y: 0.5 + dx * Math.sin(turn) + dy * Math.cos(turn),
  };
}

describe('artworkSize', () => {
  it('scales the shorter side to the disc at zoom 1', () => {
    expect(artworkSize(2, 1)).toEqual({ width: 2, height: 1 });
    expect(artworkSize(0.5, 1)).toEqual({ width: 1, height: 2 });
    expect(artworkSize(1, 3)).toEqual({ width: 3, height: 3 });
  });
  it('counts unknown sizes as square', () => {
    expect(aspectOf(null, 10)).toBe(1);
    expect(aspectOf(0, 0)).toBe(1);
    expect(aspectOf(1600, 800)).toBe(2);
  });
});

describe('placeArtwork', () => {
  it('puts the chosen point of the image at the centre of the disc', () => {
    const crop = { x: 0.25, y: 0.7, zoom: 2.5, rotation: 37 };
    const centre = landing(crop, 1.5, crop.x, crop.y);
    expect(centre.x).toBeCloseTo(0.5, 10);
    expect(centre.y).toBeCloseTo(0.5, 10);
  });

  it('fills the disc exactly with a centred square image at zoom 1', () => {
    expect(placeArtwork(DEFAULT_CROP, 1)).toEqual({
      left: 0,
      top: 0,
      width: 1,
      height: 1,
      originX: 0.5,
      originY: 0.5,
      rotation: 0,
    });
  });

  it('turns clockwise: a quarter turn brings the top edge to the right', () => {
    const top = landing({ x: 0.5, y: 0.5, zoom: 1, rotation: 90 }, 1, 0.5, 0);
    expect(top.x).toBeCloseTo(1, 10);
    expect(top.y).toBeCloseTo(0.5, 10);
  });

  it('zooms about the centre point: at zoom 2 a disc shows half the image across', () => {
    const left = landing({ x: 0.5, y: 0.5, zoom: 2, rotation: 0 }, 1, 0.25, 0.5);
    expect(left.x).toBeCloseTo(0, 10);
  });
});

describe('clampCrop', () => {
  it('keeps a round disc inside a wide image', () => {
    // A 2:1 image at zoom 1 is 2 discs wide: the centre may go from 1/4 to 3/4 across, not at all down.
    expect(clampCrop({ x: 0, y: 0.1, zoom: 1, rotation: 0 }, { aspect: 2, shape: 'round' })).toEqual({
      x: 0.25,
      y: 0.5,
      zoom: 1,
      rotation: 0,
    });
    expect(clampCrop({ x: 0.6, y: 0.5, zoom: 1, rotation: 0 }, { aspect: 2, shape: 'round' }).x).toBe(0.6);
  });

  it('lets a round disc turn freely but needs room for a turned square’s corners', () => {
    const turned = { x: 0.1, y: 0.5, zoom: 2, rotation: 45 };
    expect(clampCrop(turned, { aspect: 1, shape: 'round' }).x).toBeCloseTo(0.25, 10);
    // A square turned 45° reaches 0.5·√2 ≈ 0.707 disc sides along each image axis.
    expect(clampCrop(turned, { aspect: 1, shape: 'square' }).x).toBeCloseTo(Math.SQRT1_2 / 2, 10);
  });

  it('keeps the centre in the middle where the image cannot cover the disc', () => {
    const crop = clampCrop({ x: 0.9, y: 0.1, zoom: 1, rotation: 30 }, { aspect: 1, shape: 'square' });
    expect(crop).toMatchObject({ x: 0.5, y: 0.5 });
  });

  it('bounds zoom to 1..8 and rotation to −180..180', () => {
    expect(clampCrop({ x: 0.5, y: 0.5, zoom: 20, rotation: 270 }, { aspect: 1, shape: 'round' })).toEqual({
      x: 0.5,
      y: 0.5,
      zoom: 8,
      rotation: -90,
    });
    expect(
      clampCrop({ x: 0.5, y: 0.5, zoom: 0.2, rotation: -190 }, { aspect: 1, shape: 'round' }),
    ).toMatchObject({ zoom: 1, rotation: 170 });
    expect(clampCrop({ x: Number.NaN, y: 0.5, zoom: 2, rotation: 0 }, { aspect: 1, shape: 'round' }).x).toBe(
      0.5,
    );
  });

  it('keeps every point of the disc on the image after clamping', () => {
    for (const shape of ['round', 'square'] as const) {
      for (const rotation of [-135, -60, 0, 20, 90, 180]) {
        const crop = clampCrop({ x: 0.02, y: 0.97, zoom: 3, rotation }, { aspect: 1.6, shape });
        const p = placeArtwork(crop, 1.6);
        const turn = (-rotation * Math.PI) / 180;
        // The disc's corners (or rim points), taken back into the image's own axes.
        const rim =
          shape === 'square'
            ? [
                [0, 0],
                [1, 0],
                [1, 1],
                [0, 1],
              ]
            : Array.from({ length: 16 }, (_, i) => [
                0.5 + 0.5 * Math.cos(i / 2.5),
                0.5 + 0.5 * Math.sin(i / 2.5),
              ]);
        for (const [dx, dy] of rim as [number, number][]) {
          const x = 0.5 + (dx - 0.5) * Math.cos(turn) - (dy - 0.5) * Math.sin(turn);
          const y = 0.5 + (dx - 0.5) * Math.sin(turn) + (dy - 0.5) * Math.cos(turn);
          const ix = (x - p.left) / p.width;
          const iy = (y - p.top) / p.height;
          expect(ix).toBeGreaterThanOrEqual(-1e-9);
          expect(ix).toBeLessThanOrEqual(1 + 1e-9);
          expect(iy).toBeGreaterThanOrEqual(-1e-9);
          expect(iy).toBeLessThanOrEqual(1 + 1e-9);
        }
      }
    }
  });
});

describe('panCrop', () => {
  it('moves the image with the pointer', () => {
    // Dragging right by a quarter disc on a 2-disc-wide image moves the centre an eighth to the left.
    expect(panCrop({ x: 0.5, y: 0.5, zoom: 2, rotation: 0 }, 0.25, 0, 1).x).toBeCloseTo(0.375, 10);
  });

  it('follows the rotation: dragging right on a quarter-turned image moves the centre up the image', () => {
    const moved = panCrop({ x: 0.5, y: 0.5, zoom: 2, rotation: 90 }, 0.25, 0, 1);
    expect(moved.x).toBeCloseTo(0.5, 10);
    expect(moved.y).toBeCloseTo(0.625, 10);
    // The point now under the disc centre is the one the pointer dragged there.
    const centre = landing(moved, 1, 0.5, 0.5);
    expect(centre.x).toBeCloseTo(0.75, 10);
    expect(centre.y).toBeCloseTo(0.5, 10);
  });
});

describe('small helpers', () => {
  it('normalizes angles', () => {
    expect(normalizeRotation(180)).toBe(180);
    expect(normalizeRotation(-180)).toBe(-180);
    expect(normalizeRotation(450)).toBe(90);
    expect(normalizeRotation(-270)).toBe(90);
  });
  it('rounds and describes', () => {
    expect(roundCrop({ x: 0.123456, y: 0.5, zoom: 1.23456, rotation: 12.345 })).toEqual({
      x: 0.1235,
      y: 0.5,
      zoom: 1.235,
      rotation: 12.3,
    });
    expect(describeCrop({ x: 0.4, y: 0.55, zoom: 1.5, rotation: 90 })).toBe(
      'zoom 1.5×, turned 90°, centre at 40% across and 55% down',
    );
    expect(describeCrop(DEFAULT_CROP)).toBe('zoom 1.0×, upright, centre at 50% across and 50% down');
  });
});
