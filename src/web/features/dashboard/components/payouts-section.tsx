import type { SellerBalance } from '#shared/payouts.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Table, TD } from '#web/components/ui/table.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { formatDate, formatDateTime } from '#web/lib/dates.ts';
import { PAYOUT_METHOD_LABELS, PAYOUT_STATUS_LABELS, PAYOUT_STATUS_TONES } from '#web/lib/payout-labels.ts';
import { useMyPayouts } from '../api/get-my-payouts.ts';
import { PayoutAccountSection } from './payout-account-section.tsx';
import { SalesSection } from './sales-section.tsx';

/** PRODUCT.md "Fees, proceeds and payouts": when pending proceeds become payable, in one line. */
export function holdRule(holdDays: number): string {
  const after =
    holdDays === 0
      ? 'Payable as soon as the sale settles'
      : `Payable ${holdDays} ${holdDays === 1 ? 'day' : 'days'} after the sale settles`;
  return `${after} (when it is paid for a chip kept in the vault, when it is delivered for a shipped one).`;
}

/** My Statistics → Payouts: the seller's pending, payable and paid proceeds, how they are paid, and the history. */
export function PayoutsSection() {
  const balance = useMyPayouts();
  return (
    <section aria-labelledby="payouts-heading" className="space-y-4">
      <h3 id="payouts-heading" className="text-lg font-semibold text-gray-900">
        Payouts
      </h3>
      {balance.isPending && (
        <div role="status" aria-label="Loading payouts" className="grid gap-4 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
      )}
      {balance.isError && (
        <p role="alert" className="text-sm text-red-700">
          Failed to load your payouts. Please try again.
        </p>
      )}
      {balance.data && <PayoutsDetails balance={balance.data} />}
    </section>
  );
}

function PayoutsDetails({ balance }: { balance: SellerBalance }) {
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-3">
        {[
          { label: 'Pending', value: balance.pendingCents },
          { label: 'Payable', value: balance.payableCents },
          { label: 'Paid out', value: balance.paidCents },
        ].map((stat) => (
          <div key={stat.label} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
            <dt className="text-sm text-gray-700">{stat.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-gray-900">{formatUsd(stat.value)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-gray-700">
        {holdRule(balance.holdDays)}
        {balance.nextPayableAt && (
          <> Your next pending proceeds become payable on {formatDateTime(balance.nextPayableAt)}.</>
        )}
      </p>
      <PayoutAccountSection />
      <SalesSection />
      <div className="space-y-2">
        <h4 className="font-semibold text-gray-900">Payout history</h4>
        {balance.payouts.length === 0 ? (
          <p className="text-sm text-gray-700">No payouts yet.</p>
        ) : (
          <Table caption="Payout history" columns={['Date', 'Amount', 'Method', 'Status', 'Reference']}>
            <tbody className="divide-y divide-gray-100 bg-white">
              {balance.payouts.map((payout) => (
                <tr key={payout.id}>
                  <td className={cn(TD, 'whitespace-nowrap')}>{formatDate(payout.createdAt)}</td>
                  <td className={cn(TD, 'whitespace-nowrap')}>{formatUsd(payout.amountCents)}</td>
                  <td className={cn(TD, 'whitespace-nowrap')}>{PAYOUT_METHOD_LABELS[payout.method]}</td>
                  <td className={cn(TD, 'whitespace-nowrap')}>
                    <Badge tone={PAYOUT_STATUS_TONES[payout.status]}>
                      {PAYOUT_STATUS_LABELS[payout.status]}
                    </Badge>
                  </td>
                  <td className={cn(TD, 'font-mono break-all')}>{payout.txReference ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
    </>
  );
}
