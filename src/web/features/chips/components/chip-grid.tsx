import type { ReactNode } from 'react';
import { BRAND } from '#shared/brand.ts';
import type { Chip } from '#shared/chips.schemas.ts';
import { cn } from '#web/components/ui/cn.ts';
import { ChipCard, ChipCardSkeleton } from './chip-card.tsx';

/** Cards of the first screen load their image eagerly: the first row of 3, or two rows of 6 compact ones. */
const ABOVE_FOLD_COUNT = { comfortable: 3, compact: 12 } as const;

const GRID_CLASSES = {
  comfortable: 'grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3',
  compact: 'grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6',
} as const;

export type ChipGridProps = {
  chips: Chip[];
  /** While true, `skeletonCount` placeholder cards follow the chips already shown. */
  isLoading?: boolean;
  skeletonCount?: number;
  /** What the grid holds, for screen readers ("Artchips for sale"). */
  label: string;
  headingLevel?: 'h2' | 'h3';
  /** An extra action per card (e.g. MakeOfferButton). */
  renderAction?: (chip: Chip) => ReactNode;
  /** Set false when the grid is far down the page, so no image loads eagerly. */
  hasAboveFold?: boolean;
  /** Compact cards, 2 columns on phones up to 6 on wide screens: art first (the marketplace). */
  density?: 'comfortable' | 'compact';
  /** Replaces the columns and gaps of the density (e.g. a hero's 3 columns). */
  gridClassName?: string;
};

/** A responsive grid of ChipCards (1, 2 from sm, 3 from lg; compact: 2 up to 6); skeletons while loading. */
export function ChipGrid({
  chips,
  isLoading = false,
  skeletonCount = 6,
  label,
  headingLevel = 'h3',
  renderAction,
  hasAboveFold = true,
  density = 'comfortable',
  gridClassName,
}: ChipGridProps) {
  return (
    <div aria-busy={isLoading || undefined}>
      <ul aria-label={label} className={cn('grid list-none p-0', gridClassName ?? GRID_CLASSES[density])}>
        {chips.map((chip, index) => (
          <li key={chip.id}>
            <ChipCard
              chip={chip}
              headingLevel={headingLevel}
              isAboveFold={hasAboveFold && index < ABOVE_FOLD_COUNT[density]}
              action={renderAction?.(chip)}
              density={density}
            />
          </li>
        ))}
        {isLoading &&
          Array.from({ length: skeletonCount }, (_, i) => (
            <li key={`skeleton-${i}`} aria-hidden="true" data-testid="chip-card-skeleton">
              <ChipCardSkeleton density={density} />
            </li>
          ))}
      </ul>
      {isLoading && (
        <p role="status" className="sr-only">
          Loading {BRAND.plural}…
        </p>
      )}
    </div>
  );
}
