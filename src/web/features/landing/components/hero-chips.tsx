import { BRAND } from '#shared/brand.ts';
import { ChipGrid, useFeaturedChips } from '#web/features/chips/index.ts';
import { BrowseMarketplace } from './browse-marketplace.tsx';

/** The hero shows six chips on wide screens, four on phones (two rows of two). */
const HERO_CHIP_COUNT = 6;

/**
 * Real chips in the landing's first screen (issue 13: art first): the newest listed ones, from the
 * same featured read as the demo section below, so the page makes no extra request.
 */
export function HeroChips() {
  const featured = useFeaturedChips();
  const chips = (featured.data ?? []).slice(0, HERO_CHIP_COUNT);
  if (featured.isError || (featured.data && chips.length === 0)) {
    return (
      <BrowseMarketplace className="rounded-xl border border-gray-200 bg-white p-6 text-center text-gray-700" />
    );
  }
  return (
    <ChipGrid
      chips={chips}
      isLoading={featured.isPending}
      skeletonCount={HERO_CHIP_COUNT}
      label={`Newest ${BRAND.plural}`}
      density="compact"
      // Phones: two rows of two, so the buttons and the chips share the first screen.
      gridClassName="grid-cols-2 gap-3 sm:grid-cols-3 [&>li:nth-child(n+5)]:hidden sm:[&>li:nth-child(n+5)]:block"
    />
  );
}
