import type { ReactNode } from 'react';
import { Link } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';
import type { Chip } from '#shared/chips.schemas.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { AvailabilityBadge } from './availability-badge.tsx';
import { ChipImage } from './chip-image.tsx';
import { DemoBanner } from './demo-banner.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { ChipPrice } from './chip-price.tsx';
import { WatchButton } from '#web/features/social/index.ts';

/** Card image widths at the grid's breakpoints (1, 2, then 3 columns inside max-w-7xl). */
export const CHIP_CARD_SIZES =
  '(min-width: 1280px) 400px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 90vw';

/** Compact card image widths: 2 columns on phones up to 6 on wide screens. */
const COMPACT_CHIP_CARD_SIZES =
  '(min-width: 1280px) 200px, (min-width: 1024px) 20vw, (min-width: 768px) 25vw, (min-width: 640px) 33vw, 50vw';

export type ChipCardProps = {
  chip: Chip;
  /** First-screen cards load their image eagerly; the rest lazily. */
  isAboveFold?: boolean;
  /** Heading level of the title, so the card fits the page's outline. */
  headingLevel?: 'h2' | 'h3';
  /** An extra action under the price (e.g. MakeOfferButton). */
  action?: ReactNode;
  /** Compact: a smaller card for dense grids (art first); the demo banner and badge sit on the image. */
  density?: 'comfortable' | 'compact';
};

/** A chip in a grid: image in its frame, title, creator, USD and token price, availability. */
export function ChipCard({
  chip,
  isAboveFold = false,
  headingLevel = 'h3',
  action,
  density = 'comfortable',
}: ChipCardProps) {
  const Heading = headingLevel;
  const href = ROUTES.chip(chip.creatorUsername, chip.slug);
  if (density === 'compact') {
    return (
      <article className="flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm transition-shadow hover:shadow-md">
        {/* A demo card gives the label the room under the disc its padding had, so it is no taller. */}
        <div className={cn('relative bg-gray-50 p-2', chip.isDemo && 'pb-0')}>
          {/* The title link below is the card's accessible link; this one only widens the click target. */}
          <Link to={href} tabIndex={-1} aria-hidden="true" className="block">
            <ChipImage chip={chip} sizes={COMPACT_CHIP_CARD_SIZES} isAboveFold={isAboveFold} />
          </Link>
          <AvailabilityBadge chip={chip} className="absolute right-2 bottom-2" />
          <WatchButton chip={chip} overlay className="absolute top-1.5 right-1.5" />
        </div>
        {/* Below the disc, never over it: the label must not hide the art (issue 27). */}
        {chip.isDemo && <DemoBanner className="px-1 py-0 text-[10px] leading-[14px] tracking-normal" />}
        <div className="flex flex-1 flex-col gap-0.5 px-2.5 pt-1.5 pb-2.5">
          {/* Both links are at least 24 px tall: touch targets a finger can tell apart (WCAG 2.5.8). */}
          <Heading className="truncate text-sm font-semibold text-gray-900" title={chip.title}>
            <Link to={href} className="block truncate leading-6 hover:text-brand-700 hover:underline">
              {chip.title}
            </Link>
          </Heading>
          {/* A flex row, so a long username is cut with an ellipsis rather than hidden whole. */}
          <p className="flex min-w-0 items-baseline gap-1 text-xs text-gray-700">
            <span className="shrink-0">by</span>
            <Link
              to={ROUTES.gallery(chip.creatorUsername)}
              title={`@${chip.creatorUsername}`}
              className="min-w-0 truncate py-1 font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              @{chip.creatorUsername}
            </Link>
          </p>
          <ChipPrice chip={chip} size="xs" />
          {action && <div className="mt-auto pt-1">{action}</div>}
        </div>
      </article>
    );
  }
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      {chip.isDemo && <DemoBanner />}
      <div className="relative bg-gray-50 p-4">
        {/* The title link below is the card's accessible link; this one only widens the click target. */}
        <Link to={href} tabIndex={-1} aria-hidden="true" className="block">
          <ChipImage chip={chip} sizes={CHIP_CARD_SIZES} isAboveFold={isAboveFold} />
        </Link>
        <WatchButton chip={chip} overlay className="absolute top-2 right-2" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <Heading className="text-lg leading-snug font-semibold text-gray-900">
            <Link to={href} className="hover:text-brand-700 hover:underline">
              {chip.title}
            </Link>
          </Heading>
          <AvailabilityBadge chip={chip} className="shrink-0" />
        </div>
        <p className="text-sm text-gray-700">
          by{' '}
          <Link
            to={ROUTES.gallery(chip.creatorUsername)}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            @{chip.creatorUsername}
          </Link>
        </p>
        <ChipPrice chip={chip} />
        {action && <div className="mt-auto pt-2">{action}</div>}
      </div>
    </article>
  );
}

/** A grey placeholder the size of a ChipCard, shown while chips load. */
export function ChipCardSkeleton({ density = 'comfortable' }: { density?: 'comfortable' | 'compact' }) {
  if (density === 'compact') {
    return (
      <div
        className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white"
        aria-hidden="true"
      >
        <div className="bg-gray-50 p-2">
          <Skeleton className="aspect-square w-full rounded-lg" />
        </div>
        <div className="space-y-1.5 px-2.5 pt-1.5 pb-2.5">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
    );
  }
  return (
    <div
      className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white"
      aria-hidden="true"
    >
      <div className="bg-gray-50 p-4">
        <Skeleton className="aspect-square w-full rounded-xl" />
      </div>
      <div className="space-y-3 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-6 w-1/2" />
      </div>
    </div>
  );
}
