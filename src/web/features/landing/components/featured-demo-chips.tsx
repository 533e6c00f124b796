import { Link } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { isDemoChip } from '#shared/chips.schemas.ts';
import { BrowseMarketplace } from './browse-marketplace.tsx';
import { ChipGrid, useFeaturedChips } from '#web/features/chips/index.ts';

/** The landing page shows three demo chips (PRODUCT.md: real records of the demo catalogue). */
const DEMO_CHIP_COUNT = 3;

/** Three featured chips that the demo-banner rule marks, each linking to its page and creator gallery. */
export function FeaturedDemoChips() {
  const featured = useFeaturedChips();
  const demos = (featured.data ?? [])
    .filter((chip) => chip.isDemo || isDemoChip(chip))
    .slice(0, DEMO_CHIP_COUNT);

  if (featured.isError) {
    return (
      <p className="text-center text-gray-700">
        Featured {BRAND.plural} could not be loaded.{' '}
        <Link to={ROUTES.marketplace} className="font-medium text-brand-700 underline">
          Browse the marketplace
        </Link>
        .
      </p>
    );
  }
  if (featured.data && demos.length === 0) return <BrowseMarketplace className="text-center text-gray-700" />;
  return (
    <ChipGrid
      chips={demos}
      isLoading={featured.isPending}
      skeletonCount={DEMO_CHIP_COUNT}
      label={`Featured ${BRAND.plural}`}
      hasAboveFold={false}
    />
  );
}
