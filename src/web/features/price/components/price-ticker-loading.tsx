import { BRAND } from '#shared/brand.ts';

/** The bar's text before a price is known (and while its code loads): the spec's loading text. */
export function PriceTickerLoading() {
  return (
    <div className="bg-gray-900 text-sm text-white" role="status" aria-live="polite">
      <div className="mx-auto flex max-w-7xl items-center justify-center gap-3 px-4 py-1.5">
        <span>Loading {BRAND.ticker} price...</span>
      </div>
    </div>
  );
}
