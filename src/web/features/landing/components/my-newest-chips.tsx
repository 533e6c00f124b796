import { Link } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { MyArtchipItem } from '#shared/orders.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { CHIP_CARD_SIZES, ChipCardSkeleton, ChipImage } from '#web/features/chips/index.ts';
import { MintButton } from '#web/features/mint/index.ts';
import { NEWEST_CHIPS_COUNT, useMyNewestChips } from '../api/get-my-newest-chips.ts';

function ownershipText(item: MyArtchipItem): string {
  if (item.kind === 'mint') return `Your paid mint: we are making your ${BRAND.name}.`;
  if (item.isCreator && item.isOwner) return 'Created and owned by you';
  return item.isCreator ? 'Created by you' : 'Owned by you';
}

/** One of the user's chips (or a paid mint still being made) with its status as they see it. */
function MyChipCard({ item, isAboveFold }: { item: MyArtchipItem; isAboveFold: boolean }) {
  const chip = item.artchip;
  // A mint has no chip yet: its uploaded image (none for a surprize mint) stands in.
  const image = chip ?? {
    title: item.title,
    imageUrl: item.imageUrl,
    imageVariants: [],
    imageWidth: null,
    imageHeight: null,
    shape: 'square' as const,
  };
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
      <div className="bg-gray-50 p-4">
        <ChipImage chip={image} sizes={CHIP_CARD_SIZES} isAboveFold={isAboveFold} />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="text-lg leading-snug font-semibold text-gray-900">
            {chip ? (
              <Link
                to={ROUTES.chip(chip.creatorUsername, chip.slug)}
                className="hover:text-brand-700 hover:underline"
              >
                {item.title}
              </Link>
            ) : (
              item.title
            )}
          </h3>
          <Badge tone={item.kind === 'mint' ? 'yellow' : 'brand'} className="shrink-0">
            {item.userStatus}
          </Badge>
        </div>
        <p className="text-sm text-gray-700">{ownershipText(item)}</p>
      </div>
    </article>
  );
}

/** The signed-in home's newest chips: made, bought and vaulted ones, and paid mints being made. */
export function MyNewestChips() {
  const mine = useMyNewestChips();
  if (mine.isError) {
    return (
      <p role="alert" className="text-gray-800">
        Your {BRAND.plural} could not be loaded. Please try again later.
      </p>
    );
  }
  if (mine.data?.length === 0) {
    return (
      <div className="rounded-lg border border-gray-200 bg-gray-50 p-10 text-center">
        <p className="text-lg font-medium text-gray-900">You haven&apos;t minted any {BRAND.plural} yet.</p>
        <MintButton className="mt-4" />
      </div>
    );
  }
  return (
    <div aria-busy={mine.isPending || undefined}>
      <ul
        aria-label={`Your newest ${BRAND.plural}`}
        className="grid list-none grid-cols-1 gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3"
      >
        {mine.data
          ? mine.data.map((item, index) => (
              <li key={`${item.kind}-${item.artchip?.id ?? item.orderId ?? item.title}`}>
                <MyChipCard item={item} isAboveFold={index < NEWEST_CHIPS_COUNT} />
              </li>
            ))
          : Array.from({ length: NEWEST_CHIPS_COUNT }, (_, i) => (
              <li key={`skeleton-${i}`} aria-hidden="true">
                <ChipCardSkeleton />
              </li>
            ))}
      </ul>
      {mine.isPending && (
        <p role="status" className="sr-only">
          Loading {BRAND.plural}…
        </p>
      )}
    </div>
  );
}
