import { useId, useState } from 'react';
import { BRAND } from '#shared/brand.ts';
import type { ChipCrop, DiscShape } from '#shared/chip-crop.ts';
import { ChipDisc, useTrueSizeScale } from '#web/components/chip-disc.tsx';
import { Button } from '#web/components/ui/button.tsx';

/** An ID-1 bank card (ISO/IEC 7810): 85.60 × 53.98 mm, corners of 3.18 mm. */
const CARD = { width: 85.6, height: 53.98, radius: 3.18 } as const;

/** Pixels per millimetre of the to-scale drawing when it is not at actual size. */
const DRAWING_PX_PER_MM = 2;

type SizeComparisonProps = {
  imageUrl: string;
  aspect: number;
  shape: DiscShape;
  crop: ChipCrop;
  title: string;
};

/**
 * The chip as it will be made, beside a bank card drawn to the same scale; "Actual size on screen"
 * draws both at their real size (as far as the screen allows, see useTrueSizeScale), and the disc
 * turns over to show its magnetic back.
 */
export function SizeComparison({ imageUrl, aspect, shape, crop, title }: SizeComparisonProps) {
  const toggleId = useId();
  const [isActualSize, setIsActualSize] = useState(false);
  const [isFlipped, setIsFlipped] = useState(false);
  const scale = useTrueSizeScale(isActualSize);
  const length = (mm: number) =>
    isActualSize ? `${Number((mm * scale).toFixed(3))}mm` : `${mm * DRAWING_PX_PER_MM}px`;
  const name = title.trim() || `your ${BRAND.name}`;
  const side = isFlipped ? 'magnetic back' : 'front';

  return (
    <section aria-labelledby={`${toggleId}-heading`} className="min-w-0 space-y-3">
      <h3 id={`${toggleId}-heading`} className="text-sm font-semibold text-gray-900">
        Your {BRAND.name} at {BRAND.chipSizeMm} mm
      </h3>
      <div
        role="region"
        aria-label="Size comparison"
        tabIndex={0}
        className="overflow-x-auto rounded-md bg-gray-50 p-3 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        <div className="flex flex-wrap items-end gap-4">
          <figure className="flex flex-col items-center gap-1">
            <ChipDisc
              imageUrl={imageUrl}
              imageAspect={aspect}
              alt={`${name}: a ${shape} ${BRAND.name}, ${BRAND.chipSizeMm} mm, ${side}`}
              shape={shape}
              crop={crop}
              flipped={isFlipped}
              size={length(BRAND.chipSizeMm)}
              trueSize={isActualSize}
            />
            <figcaption className="text-xs text-gray-800">
              {BRAND.name} · {BRAND.chipSizeMm} mm
            </figcaption>
          </figure>
          <figure className="flex flex-col items-center gap-1">
            <svg
              role="img"
              aria-label={`Outline of a bank card, ${CARD.width} × 54 mm, drawn to the same scale`}
              viewBox={`0 0 ${CARD.width} ${CARD.height}`}
              style={{ width: length(CARD.width), height: length(CARD.height) }}
              className="text-gray-600"
            >
              <rect
                x="0.25"
                y="0.25"
                width={CARD.width - 0.5}
                height={CARD.height - 0.5}
                rx={CARD.radius}
                fill="none"
                stroke="currentColor"
                strokeWidth="0.5"
                strokeDasharray="2 1.2"
              />
              {/* The contact chip and the number line, so the outline reads as a card. */}
              <rect
                x="8"
                y="17"
                width="11"
                height="8.5"
                rx="1.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="0.5"
              />
              <line
                x1="8"
                y1="36"
                x2="60"
                y2="36"
                stroke="currentColor"
                strokeWidth="0.6"
                strokeDasharray="5 2"
              />
            </svg>
            <figcaption className="text-xs text-gray-800">Bank card · 85.6 × 54 mm</figcaption>
          </figure>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={toggleId} className="flex items-center gap-2 text-sm text-gray-900">
          <input
            id={toggleId}
            type="checkbox"
            checked={isActualSize}
            onChange={(e) => setIsActualSize(e.target.checked)}
            className="h-4 w-4"
          />
          Actual size on screen
        </label>
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={isFlipped}
          onClick={() => setIsFlipped(!isFlipped)}
        >
          Show the back
        </Button>
      </div>
      {isActualSize && (
        <p className="text-xs text-gray-700">
          Drawn at {BRAND.chipSizeMm} mm on this screen: hold a bank card against its outline to compare.
          Phones and tablets do not tell a page their true pixel size, so there it is close, not exact.
        </p>
      )}
    </section>
  );
}
