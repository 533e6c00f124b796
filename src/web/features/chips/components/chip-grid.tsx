import type { ReactNode } from 'react';
import { BRAND } from '#shared/brand.ts';
import type { Chip } from '#shared/chips.schemas.ts';
import { ChipCard, ChipCardSkeleton } from './chip-card.tsx';

/** Cards in the first row load their image eagerly (3 columns on large screens). */
const ABOVE_FOLD_COUNT = 3;

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
};

/** A responsive grid of ChipCards: 1 column, 2 from sm, 3 from lg; skeletons while loading. */
export function ChipGrid({
  chips,
  isLoading = false,
  skeletonCount = 6,
  label,
  headingLevel = 'h3',
  renderAction,
  hasAboveFold = true,
}: ChipGridProps) {
  return (
    <div aria-busy={isLoading || undefined}>
      <ul aria-label={label} className="grid list-none grid-cols-1 gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3">
        {chips.map((chip, index) => (
          <li key={chip.id}>
            <ChipCard
              chip={chip}
              headingLevel={headingLevel}
              isAboveFold={hasAboveFold && index < ABOVE_FOLD_COUNT}
              action={renderAction?.(chip)}
            />
          </li>
        ))}
        {isLoading &&
          Array.from({ length: skeletonCount }, (_, i) => (
            <li key={`skeleton-${i}`} aria-hidden="true" data-testid="chip-card-skeleton">
              <ChipCardSkeleton />
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
