import { lazy, Suspense, useState } from 'react';
import { ImageOff } from 'lucide-react';
import { Link } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { formatUsd, parseUsdToCents } from '#shared/money.ts';
import type { MyArtchipItem } from '#shared/orders.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useMyArtchip } from '#web/lib/api/list-my-artchip.ts';
import { ImagesDialog } from './images-dialog.tsx';

// The owner actions and their dialogs are one chunk, shared with the chip page (orders/index.ts).
const ChipOwnerActions = lazy(async () => ({
  default: (await import('./chip-owner-actions.tsx')).ChipOwnerActions,
}));

const STATUS_TONES: Record<string, 'gray' | 'green' | 'red' | 'yellow' | 'blue' | 'brand'> = {
  'Pending Creation': 'yellow',
  Pending: 'yellow',
  'Live in Marketplace': 'green',
  Inactive: 'gray',
  Sold: 'red',
  'In Vault': 'blue',
  Owned: 'brand',
  'Taken Down': 'red',
};

/** Spec §4 chip status (user view); anything the dashboard does not know reads 'Unknown'. */
function collectionStatusLabel(status: string): string {
  return status in STATUS_TONES ? status : 'Unknown';
}

function formatPrice(priceUsd: string | null | undefined): string | null {
  if (!priceUsd) return null;
  try {
    return formatUsd(parseUsdToCents(priceUsd));
  } catch {
    return null;
  }
}

function CollectionItem({ item }: { item: MyArtchipItem }) {
  const chip = item.artchip;
  const status = collectionStatusLabel(item.userStatus);
  // A sold chip shows what it sold for: its old list price is nobody's asking price any more.
  const soldFor = chip?.status === 'sold' && chip.lastSale ? formatUsd(chip.lastSale.priceCents) : null;
  const price = soldFor ? `sold for ${soldFor}` : formatPrice(chip?.priceUsd);
  const frame = chip?.shape === 'round' ? 'rounded-full' : 'rounded-xl';
  const [isImagesOpen, setIsImagesOpen] = useState(false);
  // Extra images join a chip that has its artwork: before that (a surprize mint still being made) the
  // first upload would become the artwork itself, which is the studio's to make.
  const canAddImages = Boolean(chip?.originalImageUrl) && (item.isCreator || item.isOwner);

  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
      <div className="bg-gray-50 p-4">
        {item.imageUrl ? (
          <img
            src={item.imageUrl}
            alt={item.title}
            width={400}
            height={400}
            loading="lazy"
            className={cn('aspect-square w-full bg-gray-100 object-cover', frame)}
          />
        ) : (
          <div
            role="img"
            aria-label={`${item.title} (artwork in the making)`}
            className={cn(
              'flex aspect-square w-full items-center justify-center bg-gray-100 text-gray-700',
              frame,
            )}
          >
            <ImageOff className="h-10 w-10" aria-hidden="true" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="font-semibold text-gray-900">{item.title}</h3>
          <Badge tone={STATUS_TONES[status] ?? 'gray'}>{status}</Badge>
        </div>
        <p className="text-sm text-gray-700">
          {item.isCreator && item.isOwner
            ? 'Created and owned by you'
            : item.isCreator
              ? 'Created by you'
              : 'Owned by you'}
          {price ? ` · ${price}` : ''}
        </p>
        {item.kind === 'mint' && (
          <p className="text-sm text-gray-800">
            Your mint is paid. We are making your {BRAND.name}; you can activate it once it is ready.
          </p>
        )}
        {chip && (
          <div className="mt-auto space-y-3">
            <ChipOwnerActions
              chip={chip}
              showCustody={item.isOwner}
              leading={
                <>
                  <Button asChild size="sm" variant="secondary">
                    {/* An internal page opens in this tab (issue 13); Back returns to the collection. */}
                    <Link to={ROUTES.chip(chip.creatorUsername, chip.slug)} aria-label={`View ${item.title}`}>
                      View
                    </Link>
                  </Button>
                  {canAddImages && (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Images of ${item.title}`}
                      onClick={() => setIsImagesOpen(true)}
                    >
                      Images
                    </Button>
                  )}
                </>
              }
            />
          </div>
        )}
        {chip && isImagesOpen && <ImagesDialog chip={chip} open onOpenChange={setIsImagesOpen} />}
      </div>
    </li>
  );
}

const LOADING = (
  <div
    role="status"
    aria-label="Loading your collection"
    className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
  >
    {[0, 1, 2].map((i) => (
      <Skeleton key={i} className="aspect-square w-full" />
    ))}
  </div>
);

/** The dashboard's My Collection grid: made and owned chips, and paid mints still being made. */
export function MyArtchipCollection() {
  const collection = useMyArtchip();
  if (collection.isPending) return LOADING;
  if (collection.isError) {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        Failed to load your collection. Please try again.
      </p>
    );
  }
  if (collection.data.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-gray-300 p-10 text-center text-gray-800">
        You have no {BRAND.plural} yet. Mint one or buy one in the marketplace.
      </p>
    );
  }
  return (
    <Suspense fallback={LOADING}>
      <ul aria-label={`My ${BRAND.plural}`} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {collection.data.map((item) => (
          <CollectionItem
            key={`${item.kind}-${item.artchip?.id ?? item.orderId ?? item.title}`}
            item={item}
          />
        ))}
      </ul>
    </Suspense>
  );
}
