import { BRAND } from '#shared/brand.ts';
import { formatUsd } from '#shared/money.ts';
import { ORDER_STATUSES } from '#shared/orders.schemas.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useAdminStats } from '../api/get-stats.ts';

function StatCard({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <p className="text-sm font-medium text-gray-700">{label}</p>
      <p className="mt-1 text-2xl font-bold text-gray-900">{value}</p>
      {hint && <p className="mt-1 text-xs text-gray-700">{hint}</p>}
    </div>
  );
}

/** What the Revenue figure is (admin.schemas.ts AdminStatsSchema.revenueCents). */
const REVENUE_HINT =
  'Platform income: sale, mint and transfer fees, less affiliate commissions and refunds. Not gross sales; demo orders excluded.';

/** "12 of them demo catalogue chips", or nothing when none are. */
function demoHint(count: number): string | undefined {
  if (count === 0) return undefined;
  return count === 1 ? 'Including 1 demo catalogue chip' : `Including ${count} demo catalogue chips`;
}

/** Overview: the stat cards (spec §2) and orders by status. */
export function OverviewTab() {
  const { data, isPending, error } = useAdminStats();
  if (isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    );
  }
  if (error || !data) {
    return (
      <p role="alert" className="text-sm text-red-800">
        Failed to load statistics.
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold text-gray-900">Overview</h2>
      {data.demoCatalogueNotForSale && (
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <p className="font-semibold">Remove the demo catalogue</p>
          <p className="mt-1">
            Live payments are configured, so nobody can buy the {data.demoAvailableChips} demo catalogue{' '}
            {data.demoAvailableChips === 1 ? BRAND.name : BRAND.plural} still listed. Remove the demo
            catalogue under Settings.
          </p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard label={`Total ${BRAND.plural}`} value={data.totalChips} hint={demoHint(data.demoChips)} />
        <StatCard label="Active Surprize Orders" value={data.activeSurprizeOrders} />
        <StatCard
          label={`Available ${BRAND.plural}`}
          value={data.availableChips}
          hint={demoHint(data.demoAvailableChips)}
        />
        <StatCard label="Revenue" value={formatUsd(data.revenueCents)} hint={REVENUE_HINT} />
        <StatCard
          label="Pending Payouts"
          value={formatUsd(data.pendingPayoutsCents)}
          hint={`Owed, not yet paid: sellers ${formatUsd(data.pendingSellerPayoutsCents)}, affiliates ${formatUsd(data.pendingAffiliatePayoutsCents)}.`}
        />
        <StatCard label="Customers" value={data.totalCustomers} />
      </div>
      <section aria-labelledby="orders-by-status">
        <h3 id="orders-by-status" className="text-lg font-semibold text-gray-900">
          Orders by status
        </h3>
        <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
          {ORDER_STATUSES.map((status) => (
            <div key={status} className="rounded-md bg-gray-50 p-3">
              <dt className="text-xs font-medium text-gray-700 capitalize">{status}</dt>
              <dd className="text-lg font-semibold text-gray-900">{data.ordersByStatus[status] ?? 0}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
