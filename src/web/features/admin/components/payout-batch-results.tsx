import { forwardRef } from 'react';
import { formatUsd } from '#shared/money.ts';
import type { PayableBalance, PayoutBatchResult } from '#shared/payouts.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { PAYOUT_METHOD_LABELS, PAYOUT_STATUS_LABELS, PAYOUT_STATUS_TONES } from '#web/lib/payout-labels.ts';
import { AdminTable, TD } from './admin-ui.tsx';
import { PAYOUT_KIND_LABELS } from './pay-out-dialog.tsx';

/** One item of a batch with the balance it paid, kept after the list refreshes (paid rows leave it). */
export type BatchOutcome = PayoutBatchResult['results'][number] & { balance: PayableBalance | undefined };

/**
 * What a "Pay selected" did, one row per balance: the payout (amount, how, and where it stands) or
 * the reason it was not paid. The heading takes focus when the batch ends.
 */
export const PayoutBatchResults = forwardRef<HTMLHeadingElement, { outcomes: BatchOutcome[] }>(
  function PayoutBatchResults({ outcomes }, headingRef) {
    const paid = outcomes.filter((o) => o.payout).length;
    const failed = outcomes.length - paid;
    return (
      <section aria-labelledby="payout-batch-results" className="space-y-2">
        <h3
          id="payout-batch-results"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-gray-900 focus:outline-none"
        >
          Batch results
        </h3>
        <p className="text-sm text-gray-800">
          {paid} paid, {failed} not paid.
        </p>
        <AdminTable caption="Result per payee" columns={['Payee', 'For', 'Amount', 'Method', 'Result']}>
          <tbody className="divide-y divide-gray-200 bg-white">
            {outcomes.map(({ userId, kind, payout, error, balance }) => (
              <tr key={`${kind}-${userId}`} data-testid={`batch-${kind}-${userId}`}>
                <td className={TD}>{balance?.username ?? `User #${userId}`}</td>
                <td className={`${TD} whitespace-nowrap`}>{PAYOUT_KIND_LABELS[kind]}</td>
                <td className={`${TD} whitespace-nowrap`}>
                  {payout ? formatUsd(payout.amountCents) : balance ? formatUsd(balance.payableCents) : '—'}
                </td>
                <td className={`${TD} whitespace-nowrap`}>
                  {payout ? PAYOUT_METHOD_LABELS[payout.method] : '—'}
                </td>
                <td className={TD}>
                  {payout ? (
                    <Badge tone={PAYOUT_STATUS_TONES[payout.status]}>
                      {PAYOUT_STATUS_LABELS[payout.status]}
                    </Badge>
                  ) : (
                    <span className="break-words text-red-800">
                      <span className="font-semibold">Not paid:</span> {error ?? 'Unknown error'}
                    </span>
                  )}
                  {payout?.txReference && (
                    <div className="mt-1 font-mono text-xs break-all text-gray-700">{payout.txReference}</div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      </section>
    );
  },
);
