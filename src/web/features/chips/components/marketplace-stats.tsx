import { BRAND } from '#shared/brand.ts';
import type { MarketplaceStats } from '#shared/chips.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { useMarketplaceStats } from '../api/get-marketplace-stats.ts';

type StatKey = 'chipsListed' | 'chipsMinted' | 'activeCreators' | 'totalSales' | 'collectors';

const LABELS: Record<StatKey, string> = {
  chipsListed: `${BRAND.plural} Listed`,
  chipsMinted: `${BRAND.plural} Minted`,
  activeCreators: 'Active Creators',
  totalSales: 'Total Sales',
  collectors: 'Collectors',
};

const COUNT_FORMAT = new Intl.NumberFormat('en-US');

const FIELDS = {
  chipsListed: 'chipsListed',
  chipsMinted: 'chipsMinted',
  activeCreators: 'activeCreators',
  totalSales: 'totalSalesCents',
  collectors: 'collectors',
} as const satisfies Record<StatKey, keyof MarketplaceStats['demo']>;

function format(key: StatKey, value: number): string {
  return key === 'totalSales' ? formatUsd(value) : COUNT_FORMAT.format(value);
}

/**
 * A figure with the demo catalogue counted in and marked (decision 056): "6 · incl. 6 demo", never "0"
 * beside demo chips for sale.
 */
function statValue(stats: MarketplaceStats, key: StatKey): { value: string; demo: string | null } {
  const field = FIELDS[key];
  const demo = stats.demo[field];
  return {
    value: format(key, stats[field] + demo),
    demo: demo > 0 ? `incl. ${format(key, demo)} demo` : null,
  };
}

const LINE_LABELS: Record<StatKey, string> = {
  chipsListed: `${BRAND.plural} listed`,
  chipsMinted: `${BRAND.plural} minted`,
  activeCreators: 'active creators',
  totalSales: 'in sales',
  collectors: 'collectors',
};

export type MarketplaceStatsPanelProps = {
  /** Which figures to show, in order. */
  keys: StatKey[];
  /** Cards, or one slim line of figures (above a grid, where art comes first). */
  variant?: 'cards' | 'line';
  className?: string;
};

/** Real marketplace figures from GET /api/artchip/stats; never placeholders. */
export function MarketplaceStatsPanel({ keys, variant = 'cards', className }: MarketplaceStatsPanelProps) {
  const stats = useMarketplaceStats();
  if (stats.isError) {
    return (
      <p className={cn('text-sm text-gray-700', className)}>Marketplace figures are unavailable right now.</p>
    );
  }
  if (variant === 'line') {
    return (
      <dl
        aria-busy={stats.isPending || undefined}
        className={cn('flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm text-gray-700', className)}
      >
        {keys.map((key) => (
          // dt before dd, as a description list needs; the figure is drawn first.
          <div key={key} className="flex items-baseline gap-1 whitespace-nowrap">
            <dt className="order-2">{LINE_LABELS[key]}</dt>
            <dd className="order-1 font-semibold text-gray-900">
              {stats.data ? (
                statValue(stats.data, key).value
              ) : (
                <Skeleton className="inline-block h-4 w-8 align-middle" />
              )}
            </dd>
          </div>
        ))}
        {/* One short note for the slim line (it sits above the grid, where art comes first). */}
        {stats.data && keys.some((key) => statValue(stats.data, key).demo) && (
          <div className="flex items-baseline">
            <dt className="sr-only">Demo catalogue</dt>
            <dd className="text-xs text-gray-700">(incl. demo)</dd>
          </div>
        )}
      </dl>
    );
  }
  return (
    <dl
      aria-busy={stats.isPending || undefined}
      className={cn(
        'grid gap-4',
        keys.length === 4 ? 'grid-cols-2 md:grid-cols-4' : 'grid-cols-1 sm:grid-cols-3',
        className,
      )}
    >
      {keys.map((key) => (
        <div key={key} className="rounded-xl border border-gray-200 bg-white p-5 text-center shadow-sm">
          <dt className="text-sm font-medium text-gray-700">{LABELS[key]}</dt>
          <dd className="mt-1 text-2xl font-bold text-gray-900">
            {stats.data ? (
              <>
                {statValue(stats.data, key).value}
                <span className="block text-xs font-normal text-gray-700">
                  {statValue(stats.data, key).demo ?? ''}
                </span>
              </>
            ) : (
              <Skeleton className="mx-auto h-8 w-20" />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
