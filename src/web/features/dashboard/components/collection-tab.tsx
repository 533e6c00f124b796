import { Suspense } from 'react';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { LazyOffersPanel } from '#web/features/offers/index.ts';
import { MyArtchipCollection } from '#web/features/orders/index.ts';

/** While the offers panel's chunk loads (it is lazy, so chip pages never load it). */
const OFFERS_LOADING = (
  <div role="status" aria-label="Loading your offers" className="space-y-3">
    <Skeleton className="h-24 w-full" />
    <Skeleton className="h-24 w-full" />
  </div>
);

/**
 * My Collection: the user's chips (activate, pricing, availability, resale, shipping) and the offers
 * they received and sent. The 'Mint an Artchip' button and `?mint=1` live in the page's MintArea.
 */
export function CollectionTab() {
  return (
    <div className="space-y-12">
      <section aria-labelledby="collection-heading" className="space-y-4">
        <h2
          id="collection-heading"
          tabIndex={-1}
          className="scroll-mt-24 text-xl font-semibold text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          My Collection
        </h2>
        <MyArtchipCollection />
      </section>
      <section aria-labelledby="offers-heading" className="space-y-4">
        <h2
          id="offers-heading"
          tabIndex={-1}
          className="scroll-mt-24 text-xl font-semibold text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          Offers
        </h2>
        <Suspense fallback={OFFERS_LOADING}>
          <LazyOffersPanel />
        </Suspense>
      </section>
    </div>
  );
}
