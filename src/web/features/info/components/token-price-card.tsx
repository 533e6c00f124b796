import { ArrowDown, ArrowUp } from 'lucide-react';
import { BRAND } from '#shared/brand.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useDisplayTimeZone } from '#web/lib/hydration.ts';
import { useTokenPrice } from '#web/lib/api/get-token-price.ts';

/** The live token price with its 24 h change; the launch price is labelled when no live price is known. */
export function TokenPriceCard() {
  const timeZone = useDisplayTimeZone();
  const { data, isError } = useTokenPrice();
  return (
    <section
      aria-labelledby="token-live-price"
      className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
    >
      <h2 id="token-live-price" className="text-sm font-semibold tracking-wide text-gray-700 uppercase">
        {BRAND.ticker} price
      </h2>
      {data ? (
        <div aria-live="polite">
          <p className="mt-2 flex flex-wrap items-baseline gap-3">
            <span className="text-3xl font-bold text-gray-900">{data.formatted_price}</span>
            <span
              className={`inline-flex items-center gap-0.5 font-semibold ${data.change_24h >= 0 ? 'text-green-700' : 'text-red-700'}`}
            >
              {data.change_24h >= 0 ? (
                <ArrowUp className="h-4 w-4" aria-label="up" />
              ) : (
                <ArrowDown className="h-4 w-4" aria-label="down" />
              )}
              {data.formatted_change}
              <span className="font-normal text-gray-700">&nbsp;24h</span>
            </span>
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-gray-700">
            {data.is_fallback ? (
              <Badge tone="yellow">Launch price: no live price yet</Badge>
            ) : (
              <Badge tone="green">Live</Badge>
            )}
            <span>Updated {new Date(data.last_updated).toLocaleString('en-US', { timeZone })}</span>
          </p>
        </div>
      ) : isError ? (
        <p className="mt-2 text-gray-700">The price could not be loaded. Please try again later.</p>
      ) : (
        <div className="mt-3 space-y-2">
          <span className="sr-only">Loading {BRAND.ticker} price...</span>
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-4 w-56" />
        </div>
      )}
    </section>
  );
}
