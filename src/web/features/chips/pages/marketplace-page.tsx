import { SaveSearchButton } from '#web/features/social/index.ts';
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from '#web/lib/router.tsx';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { BRAND } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { MintButton } from '#web/features/mint/index.ts';
import { marketplaceQueryOptions } from '../api/list-marketplace.ts';
import { ChipGrid } from '../components/chip-grid.tsx';
import { LiveAuctionLink } from '../components/live-auction-link.tsx';
import { type ChangeFilters, MarketplaceFilterBar } from '../components/marketplace-filter-bar.tsx';
import { MarketplaceFilterSheet } from '../components/marketplace-filter-sheet.tsx';
import { MarketplaceStatsPanel } from '../components/marketplace-stats.tsx';
import {
  FILTER_KEYS,
  type FilterKey,
  hasActiveFilters,
  readFilters,
  replacesHistory,
} from '../lib/marketplace-filters.ts';

const SKELETON_COUNT = 6;

/** Loads the next page when the end of the grid scrolls into view; the button does the same by keyboard. */
function useLoadMoreWhenVisible(onVisible: () => void, isEnabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || !isEnabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && onVisible(),
      {
        rootMargin: '600px 0px',
      },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [onVisible, isEnabled]);
  return ref;
}

/**
 * The marketplace's filters as the URL query: each choice is a history entry (Back undoes it, a link
 * shares it, the server renders it); pauses while typing in one field replace the entry they added.
 */
function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const typing = useRef<{ key: FilterKey | null; search: string }>({ key: null, search: '' });

  const update = (edit: (next: URLSearchParams) => void, typingKey?: FilterKey) => {
    // Back, forward or a link moved the URL since our last change: this pause adds an entry again.
    const typingBefore = typing.current.search === params.toString() ? typing.current.key : null;
    const replace = replacesHistory(typingBefore, typingKey);
    // From the router's current query, so two fields settling in one tick both keep their change.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        edit(next);
        typing.current = { key: typingKey ?? null, search: next.toString() };
        return next;
      },
      { replace },
    );
  };
  const changeFilters: ChangeFilters = (changes, options) =>
    update((next) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
    }, options?.typing);
  const clearFilters = () =>
    update((next) => {
      for (const key of FILTER_KEYS) next.delete(key);
    });
  return { filters: readFilters(params), changeFilters, clearFilters };
}

export default function MarketplacePage() {
  usePageTitle('Marketplace');
  const { filters, changeFilters, clearFilters } = useUrlFilters();
  const isFiltered = hasActiveFilters(filters);
  const query = useInfiniteQuery({ ...marketplaceQueryOptions(filters), placeholderData: keepPreviousData });
  const chips = query.data?.pages.flatMap((page) => page.items) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetching } = query;

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const sentinelRef = useLoadMoreWhenVisible(loadMore, Boolean(hasNextPage) && !query.isError);

  let results;
  if (query.isError && chips.length === 0) {
    results = (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-medium text-red-900">Failed to load marketplace. Please try again.</p>
        <Button variant="secondary" className="mt-4" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!query.isPending && chips.length === 0) {
    results = isFiltered ? (
      <div className="rounded-lg border border-gray-200 bg-gray-50 p-10 text-center">
        <p className="text-lg font-medium text-gray-900">No {BRAND.plural} match your search</p>
        <p className="mt-1 text-gray-700">Try other words or fewer filters.</p>
        <Button variant="secondary" className="mt-4" onClick={clearFilters}>
          Clear filters
        </Button>
      </div>
    ) : (
      <div className="rounded-lg border border-gray-200 bg-gray-50 p-10 text-center">
        <p className="text-lg font-medium text-gray-900">
          No {BRAND.plural} available yet. Be the first to create one!
        </p>
        <MintButton className="mt-4" />
      </div>
    );
  } else {
    results = (
      <>
        <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <ChipGrid
            chips={chips}
            isLoading={query.isPending || isFetchingNextPage}
            skeletonCount={query.isPending ? SKELETON_COUNT : 6}
            label={`${BRAND.plural} for sale`}
            density="compact"
          />
        </div>
        <div ref={sentinelRef} aria-hidden="true" />
        {query.isFetchNextPageError && (
          <p role="alert" className="mt-6 text-center text-sm text-red-800">
            Failed to load marketplace. Please try again.
          </p>
        )}
        {hasNextPage && (
          <div className="mt-8 text-center">
            <Button variant="secondary" onClick={loadMore} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <div>
      {/* Art first (issue 13): a compact hero with one line of real figures, then the grid. */}
      <section className="border-b border-gray-200 bg-gradient-to-b from-brand-50 to-white">
        {/* One row from lg whatever the figures grow to: the description gives way, never the row
            (a busy day's figures wrapped under the title and pushed the second row of art off screen). */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 md:py-4 lg:flex-nowrap">
          <div className="min-w-0 lg:flex-1">
            <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">{BRAND.name} Marketplace</h1>
            <p className="mt-0.5 text-sm text-gray-700 lg:truncate">
              <span className="hidden sm:inline lg:hidden 2xl:inline">Physical art you can hold: </span>
              {BRAND.chipSizeMm} mm chips sealed in resin, each with an NFC tag that proves it is genuine.
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2 lg:shrink-0 lg:flex-nowrap">
            <section aria-labelledby="market-stats">
              <h2 id="market-stats" className="sr-only">
                Marketplace at a glance
              </h2>
              <MarketplaceStatsPanel keys={['chipsListed', 'activeCreators', 'totalSales']} variant="line" />
            </section>
            <MintButton size="md" />
          </div>
        </div>
      </section>

      <section aria-labelledby="market-listings" className="mx-auto max-w-7xl px-4 pt-3 pb-8">
        <h2 id="market-listings" className="sr-only">
          {BRAND.plural} for sale
        </h2>
        <div className="mb-3 hidden items-start gap-2 md:flex">
          <div className="min-w-0 flex-1">
            <MarketplaceFilterBar
              filters={filters}
              onChange={changeFilters}
              onClear={clearFilters}
              hasFilters={isFiltered}
            />
          </div>
          <SaveSearchButton />
        </div>
        <div className="mb-3 flex items-start gap-2 md:hidden">
          <div className="min-w-0 flex-1">
            <MarketplaceFilterBar
              filters={filters}
              onChange={changeFilters}
              onClear={clearFilters}
              hasFilters={isFiltered}
              fields="search"
            />
          </div>
          <MarketplaceFilterSheet
            filters={filters}
            onChange={changeFilters}
            onClear={clearFilters}
            hasFilters={isFiltered}
          />
        </div>
        <div className="mb-3 flex justify-end md:hidden">
          <SaveSearchButton />
        </div>
        <p role="status" className="sr-only">
          {query.isPending || (isFetching && query.isPlaceholderData)
            ? `Loading ${BRAND.plural}`
            : `${chips.length} ${chips.length === 1 ? BRAND.name : BRAND.plural} shown`}
        </p>
        {results}
      </section>

      <section aria-labelledby="market-live" className="bg-gray-900">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-14 text-center">
          <h2 id="market-live" className="text-3xl font-bold text-white">
            Live Auctions
          </h2>
          <p className="max-w-2xl text-gray-200">
            Watch {BRAND.plural} being made and bid on them live. Auctions run on our live-shopping partner
            and open in a new tab.
          </p>
          <LiveAuctionLink variant="secondary" noteClassName="text-gray-200" />
        </div>
      </section>
    </div>
  );
}
