import type { Chip } from '#shared/chips.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { isChipSold } from '../lib/chip-format.ts';

/** "Available" or "Sold" (spec §4 availability). */
export function AvailabilityBadge({
  chip,
  className,
}: {
  chip: Pick<Chip, 'isAvailable' | 'status'>;
  className?: string;
}) {
  return isChipSold(chip) ? (
    <Badge tone="red" className={className}>
      Sold
    </Badge>
  ) : (
    <Badge tone="green" className={className}>
      Available
    </Badge>
  );
}
