import { BRAND } from '#shared/brand.ts';
import { ArrowDownIcon, ArrowUpIcon } from '#web/components/ui/inline-icons.tsx';
import { formatClockTime } from '#web/lib/dates.ts';
import { useDisplayTimeZone } from '#web/lib/hydration.ts';
import { useTokenPrice } from '#web/lib/api/get-token-price.ts';
import { PriceTickerLoading } from './price-ticker-loading.tsx';

/** The bar above the header. A failed fetch keeps the loading text, as the spec says. */
export default function PriceTicker() {
  const { data } = useTokenPrice();
  const timeZone = useDisplayTimeZone();
  if (!data) return <PriceTickerLoading />;
  return (
    <div className="bg-gray-900 text-sm text-white" role="status" aria-live="polite">
      <div className="mx-auto flex max-w-7xl items-center justify-center gap-3 px-4 py-1.5">
        <span className="font-semibold">{BRAND.ticker}</span>
        <span>{data.formatted_price}</span>
        <span
          className={`inline-flex items-center gap-0.5 font-medium ${data.change_24h >= 0 ? 'text-green-400' : 'text-red-400'}`}
        >
          {data.change_24h >= 0 ? (
            <ArrowUpIcon className="h-3.5 w-3.5" aria-label="up" />
          ) : (
            <ArrowDownIcon className="h-3.5 w-3.5" aria-label="down" />
          )}
          {data.formatted_change}
        </span>
        {data.is_fallback && <span className="text-gray-300">(launch price; no live price yet)</span>}
        <span className="hidden text-gray-300 sm:inline">
          Updated {formatClockTime(new Date(data.last_updated), timeZone)}
        </span>
      </div>
    </div>
  );
}
