import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BLURRY_PRINT_DPI,
  describePrintResolution,
  discInches,
  printDpi,
  printQuality,
  SHARP_PRINT_DPI,
} from './print-resolution.ts';

describe('printDpi', () => {
  it('divides the pixels across the 54 mm disc by its width in inches', () => {
    expect(discInches()).toBeCloseTo(54 / 25.4, 10);
    // 200×150: the shorter side (150 px) covers the disc at zoom 1.
    expect(printDpi({ width: 200, height: 150 }, 1)).toBeCloseTo(150 / (54 / 25.4), 6);
    expect(Math.round(printDpi({ width: 200, height: 200 }, 1))).toBe(94);
    expect(Math.round(printDpi({ width: 3000, height: 2000 }, 1))).toBe(941);
    expect(Math.round(printDpi({ width: 2000, height: 3000 }, 1))).toBe(941);
  });

  it('falls as the zoom rises: zoom 2 shows half the pixels across the disc', () => {
    expect(printDpi({ width: 1276, height: 1276 }, 2)).toBeCloseTo(
      printDpi({ width: 638, height: 638 }, 1),
      6,
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20000 }),
        fc.double({ min: 1, max: 8, noNaN: true }),
        (side, zoom) => {
          expect(printDpi({ width: side, height: side }, zoom)).toBeLessThanOrEqual(
            printDpi({ width: side, height: side }, 1) + 1e-9,
          );
        },
      ),
    );
  });

  it('answers 0 for unknown or broken sizes', () => {
    expect(printDpi({ width: 0, height: 100 }, 1)).toBe(0);
    expect(printDpi({ width: Number.NaN, height: 100 }, 1)).toBe(0);
    expect(printDpi({ width: 100, height: 100 }, 0)).toBe(0);
  });
});

describe('printQuality', () => {
  it('is sharp from 300 dpi, soft from 150, blurry below', () => {
    expect(SHARP_PRINT_DPI).toBe(300);
    expect(BLURRY_PRINT_DPI).toBe(150);
    expect(printQuality(300)).toBe('sharp');
    expect(printQuality(299.9)).toBe('soft');
    expect(printQuality(150)).toBe('soft');
    expect(printQuality(149.9)).toBe('blurry');
    expect(printQuality(0)).toBe('blurry');
  });
});

describe('describePrintResolution', () => {
  it('explains the print size for a sharp image without a warning', () => {
    const result = describePrintResolution({ width: 2000, height: 2000 }, 1);
    expect(result.quality).toBe('sharp');
    expect(result.message).toBe('This picture gives about 941 dpi at 54 mm; prints look sharp from 300 dpi.');
  });

  it('warns that a 200×200 image prints blurred and says what would be sharp', () => {
    const result = describePrintResolution({ width: 200, height: 200 }, 1);
    expect(result.quality).toBe('blurry');
    expect(result.message).toBe(
      'This picture gives about 94 dpi at 54 mm; prints look sharp from 300 dpi. It will print visibly blurred or blocky. For a sharp chip at this zoom, use an image at least 638 pixels on its shorter side.',
    );
  });

  it('warns softly between 150 and 300 dpi, and suggests zooming out when zoomed in', () => {
    // 1000 px at zoom 2: 500 px across the disc, about 235 dpi.
    const result = describePrintResolution({ width: 1500, height: 1000 }, 2);
    expect(result.quality).toBe('soft');
    expect(result.message).toBe(
      'This picture gives about 235 dpi at 54 mm; prints look sharp from 300 dpi. It may print slightly soft. For a sharp chip at this zoom, use an image at least 1276 pixels on its shorter side, or zoom out.',
    );
  });
});
