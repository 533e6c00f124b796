import { useState } from 'react';
import { RotateCw } from 'lucide-react';
import { BRAND } from '#shared/brand.ts';
import type { ChipCrop } from '#shared/chip-crop.ts';
import type { Chip } from '#shared/chips.schemas.ts';
import { ChipDisc } from '#web/components/chip-disc.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SizeCue } from './size-cue.tsx';

type ObjectChip = Pick<Chip, 'title' | 'imageUrl' | 'imageWidth' | 'imageHeight' | 'shape'> &
  Partial<Pick<Chip, 'crop' | 'imagePlaced'>>;

/**
 * Where the artwork sits in the disc: a placed disc (the server's picture of the chip as made) is
 * already placed and square; bare artwork is placed by the studio's crop.
 */
function placementOf(chip: ObjectChip): { crop: ChipCrop | null; aspect: number | null } {
  if (chip.imagePlaced) return { crop: null, aspect: 1 };
  const aspect = chip.imageWidth && chip.imageHeight ? chip.imageWidth / chip.imageHeight : null;
  return { crop: chip.crop ?? null, aspect };
}

/** The chip as the object it is: the resin disc (front and magnetic back) and its size to scale. */
export function ChipObject({ chip }: { chip: ObjectChip }) {
  const [isFlipped, setIsFlipped] = useState(false);
  const shape = chip.shape;
  const { crop, aspect } = placementOf(chip);
  return (
    <section aria-labelledby="object-heading" className="rounded-2xl border border-gray-200 p-5">
      <h2 id="object-heading" className="text-lg font-semibold text-gray-900">
        In your hand
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        A {BRAND.chipSizeMm} mm {shape} disc: the artwork sealed under a resin dome, an NFC tag inside and a
        magnetic back.
      </p>
      <div className="mt-5 flex flex-col items-center gap-6 sm:flex-row sm:items-center sm:justify-around">
        <div className="flex flex-col items-center gap-3">
          <ChipDisc
            imageUrl={chip.imageUrl}
            alt={
              isFlipped
                ? `The magnetic back of the ${shape} ${BRAND.name}`
                : `${chip.title} as a ${shape} resin ${BRAND.name}`
            }
            shape={shape}
            crop={crop}
            imageAspect={aspect}
            size="9rem"
            flipped={isFlipped}
          />
          <Button variant="ghost" size="sm" aria-pressed={isFlipped} onClick={() => setIsFlipped((f) => !f)}>
            <RotateCw className="h-4 w-4" aria-hidden="true" />
            Turn over
          </Button>
        </div>
        <SizeCue shape={shape} />
      </div>
    </section>
  );
}
