import type { Chip } from '#shared/chips.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { AVAILABILITY_LABELS, chipAvailability, type ChipAvailability } from '../lib/chip-format.ts';

const TONES = {
  available: 'green',
  reserved: 'yellow',
  not_for_sale: 'gray',
  sold: 'red',
  removed: 'red',
} as const satisfies Record<ChipAvailability, string>;

/** Available, Reserved, Not for sale, Sold or Taken down: how the chip stands in the marketplace. */
export function AvailabilityBadge({
  chip,
  className,
}: {
  chip: Pick<Chip, 'status' | 'isReserved'> & Partial<Pick<Chip, 'isDemoNotForSale'>>;
  className?: string;
}) {
  const availability = chipAvailability(chip);
  return (
    <Badge tone={TONES[availability]} className={className}>
      {AVAILABILITY_LABELS[availability]}
    </Badge>
  );
}
