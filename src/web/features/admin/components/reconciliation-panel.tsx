import type { ReactNode } from 'react';
import { Link } from '#web/lib/router.tsx';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { formatUsd } from '#shared/money.ts';
import type { Reconciliation } from '#shared/ledger.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useReconciliation } from '../api/get-reconciliation.ts';
import { adminCustomerPath, adminOrderPath } from '../lib/admin-routes.ts';
import { LEDGER_ACCOUNT_LABELS } from '../lib/money-labels.ts';
import { AdminTable, SignedAmount, TD, TH, formatDateTime } from './admin-ui.tsx';

/**
 * The ledger's invariants, checked now by the server: every order's allocation equals its cash and
 * what the provider holds, and every seller's and affiliate's paid-out lines match their payouts.
 * Balanced is a green status with the figures; otherwise a red alert lists what does not match.
 */
export function ReconciliationPanel() {
  const check = useReconciliation();
  return (
    <section aria-labelledby="reconciliation-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="reconciliation-heading" className="text-lg font-semibold text-gray-900">
          Reconciliation
        </h3>
        <Button
          size="sm"
          variant="secondary"
          disabled={check.isFetching}
          onClick={() => void check.refetch()}
        >
          {check.isFetching ? 'Checking...' : 'Check again'}
        </Button>
      </div>
      {check.isPending ? (
        <div role="status" aria-label="Checking the ledger">
          <Skeleton className="h-32 w-full" />
        </div>
      ) : check.isError ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          Failed to check the ledger. Please try again.
        </p>
      ) : check.data.isBalanced ? (
        <Balanced result={check.data} />
      ) : (
        <Unbalanced result={check.data} />
      )}
    </section>
  );
}

function Figures({ result }: { result: Reconciliation }) {
  const rows: [string, ReactNode][] = [
    ['Captured', formatUsd(result.capturedCents)],
    ['Refunded', formatUsd(result.refundedCents)],
    ['Owed to sellers', formatUsd(result.owedToSellersCents)],
    ['Owed to affiliates', formatUsd(result.owedToAffiliatesCents)],
    ['Owed to buyers', formatUsd(result.owedToBuyersCents)],
    ['Ledger lines', result.lineCount.toLocaleString('en-US')],
    ['Orders', result.orderCount.toLocaleString('en-US')],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
      {rows.map(([term, value]) => (
        <div key={term} className="rounded-md bg-white/70 p-2">
          <dt className="text-xs text-gray-700">{term}</dt>
          <dd className="font-semibold text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Balanced({ result }: { result: Reconciliation }) {
  return (
    <div className="space-y-3 rounded-md border border-green-300 bg-green-50 p-4 text-green-900">
      <p role="status" className="flex items-center gap-2 font-semibold">
        <CircleCheck className="h-5 w-5 shrink-0" aria-hidden="true" />
        Ledger balanced
      </p>
      <p className="text-sm">
        Every order&apos;s money and every payout add up. Checked{' '}
        <time dateTime={result.checkedAt}>{formatDateTime(result.checkedAt)}</time>.
      </p>
      <Figures result={result} />
    </div>
  );
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function Unbalanced({ result }: { result: Reconciliation }) {
  const { orderMismatches, balanceMismatches } = result;
  return (
    <div className="space-y-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
      <div role="alert" className="space-y-1">
        <p className="flex items-center gap-2 font-semibold">
          <CircleAlert className="h-5 w-5 shrink-0" aria-hidden="true" />
          Ledger does not balance
        </p>
        <p className="text-sm">
          {count(orderMismatches.length, 'order', 'orders')} and{' '}
          {count(balanceMismatches.length, 'balance', 'balances')} do not match. Checked{' '}
          <time dateTime={result.checkedAt}>{formatDateTime(result.checkedAt)}</time>.
        </p>
      </div>
      {orderMismatches.length > 0 && (
        <AdminTable caption="Orders that do not match">
          <thead className="bg-gray-50">
            <tr>
              <th scope="col" className={TH}>
                Order
              </th>
              <th scope="col" className={`${TH} text-right`}>
                Captured less refunded
              </th>
              <th scope="col" className={`${TH} text-right`}>
                Cash lines
              </th>
              <th scope="col" className={`${TH} text-right`}>
                Allocated
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 bg-white">
            {orderMismatches.map((row) => (
              <tr key={row.orderId}>
                <td className={`${TD} whitespace-nowrap`}>
                  <Link
                    to={adminOrderPath(row.orderId)}
                    className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  >
                    Order #{row.orderId}
                  </Link>
                </td>
                <td className={`${TD} text-right`}>
                  <SignedAmount cents={row.capturedCents} />
                </td>
                <td className={`${TD} text-right`}>
                  <SignedAmount cents={row.cashCents} />
                </td>
                <td className={`${TD} text-right`}>
                  <SignedAmount cents={row.allocatedCents} />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      {balanceMismatches.length > 0 && (
        <AdminTable caption="Balances that do not match their payouts">
          <thead className="bg-gray-50">
            <tr>
              <th scope="col" className={TH}>
                Who
              </th>
              <th scope="col" className={TH}>
                Account
              </th>
              <th scope="col" className={`${TH} text-right`}>
                Paid out (ledger)
              </th>
              <th scope="col" className={`${TH} text-right`}>
                Payouts recorded
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 bg-white">
            {balanceMismatches.map((row) => (
              <tr key={`${row.account}-${row.userId}`}>
                <td className={`${TD} whitespace-nowrap`}>
                  <Link
                    to={adminCustomerPath(row.userId)}
                    className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  >
                    User #{row.userId}
                  </Link>
                </td>
                <td className={TD}>{LEDGER_ACCOUNT_LABELS[row.account]}</td>
                <td className={`${TD} text-right`}>
                  <SignedAmount cents={row.ledgerPaidOutCents} />
                </td>
                <td className={`${TD} text-right`}>
                  <SignedAmount cents={row.payoutsCents} />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <Figures result={result} />
    </div>
  );
}
