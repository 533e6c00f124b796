import { OffersPanel } from '#web/features/offers/components/offers-panel.tsx';
import { MyArtchipCollection } from '#web/features/orders/components/my-artchip-collection.tsx';

/**
 * My Collection: the user's chips (activate, pricing, availability, resale, shipping) and the offers
 * they received and sent. The 'Mint an Artchip' button and `?mint=1` live in the page's MintArea.
 */
export function CollectionTab() {
  return (
    <div className="space-y-12">
      <section aria-labelledby="collection-heading" className="space-y-4">
        <h2 id="collection-heading" className="text-xl font-semibold text-gray-900">
          My Collection
        </h2>
        <MyArtchipCollection />
      </section>
      <section aria-labelledby="offers-heading" className="space-y-4">
        <h2 id="offers-heading" className="text-xl font-semibold text-gray-900">
          Offers
        </h2>
        <OffersPanel />
      </section>
    </div>
  );
}
