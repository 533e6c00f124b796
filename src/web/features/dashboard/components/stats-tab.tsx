import { formatUsd } from '#shared/money.ts';
import { BRAND } from '#shared/brand.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useMyStats } from '#web/features/orders/index.ts';
import { PayoutsSection } from './payouts-section.tsx';

/**
 * My Statistics: real figures from GET /api/my-stats (minted, sold, revenue, proceeds pending), then
 * the seller's payouts (issue 11).
 */
export function StatsTab() {
  const stats = useMyStats();
  return (
    <section aria-labelledby="stats-heading" className="space-y-6">
      <h2 id="stats-heading" className="text-xl font-semibold text-gray-900">
        My Statistics
      </h2>
      {stats.isPending && (
        <div
          role="status"
          aria-label="Loading statistics"
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
      )}
      {stats.isError && (
        <p role="alert" className="text-sm text-red-700">
          Failed to load your statistics. Please try again.
        </p>
      )}
      {stats.data && (
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {[
            { label: `${BRAND.plural} minted`, value: String(stats.data.minted) },
            { label: `${BRAND.plural} sold`, value: String(stats.data.sold) },
            { label: 'Revenue', value: formatUsd(stats.data.revenueCents) },
            { label: 'Royalties', value: formatUsd(stats.data.royaltiesCents) },
            { label: 'Proceeds pending payout', value: formatUsd(stats.data.proceedsPendingCents) },
          ].map((stat) => (
            <div key={stat.label} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
              <dt className="text-sm text-gray-700">{stat.label}</dt>
              <dd className="mt-1 text-2xl font-bold text-gray-900">{stat.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="text-sm text-gray-700">
        Revenue is what you keep from your sales after the marketplace fee. Royalties are your share of every
        later sale, transfer and hand-over of the chips you created; they are paid out with your proceeds.
      </p>
      <PayoutsSection />
    </section>
  );
}
