import { useEffect, useRef, useState } from 'react';
import { formatUsd } from '#shared/money.ts';
import type { PayableBalance } from '#shared/payouts.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { usePayableBalances } from '../api/list-payable-balances.ts';
import { AdminTable, ListState, TD, TH } from './admin-ui.tsx';
import { PAYOUT_KIND_LABELS, PayOutDialog, type PaidOut } from './pay-out-dialog.tsx';

/**
 * Payouts (issue 11): every seller and affiliate with money payable now, in one list; each row is
 * paid on its own, recorded with its transfer reference.
 */
export function PayoutsTab() {
  const balances = usePayableBalances();
  const toast = useToast();
  const [paying, setPaying] = useState<PayableBalance | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);

  // The dialog opens from a row's button, not a Radix trigger, so Radix cannot put focus back:
  // return it to that button, or to the heading once a payout has removed the row.
  useEffect(() => {
    const target = returnFocusRef.current;
    if (paying || !target) return;
    returnFocusRef.current = null;
    const timer = window.setTimeout(() => (target.isConnected ? target : headingRef.current)?.focus());
    return () => window.clearTimeout(timer);
  }, [paying]);

  const onPaid = ({ username, amountCents }: PaidOut) => {
    toast({ title: 'Payout Recorded', description: `${formatUsd(amountCents)} paid to ${username}.` });
    returnFocusRef.current = headingRef.current;
    setPaying(null);
  };

  const rows = balances.data ?? [];
  const totalCents = rows.reduce((sum, row) => sum + row.payableCents, 0);
  return (
    <div className="space-y-4">
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-gray-900 focus:outline-none">
        Payouts
      </h2>
      <p className="text-sm text-gray-700">
        Sellers and affiliates with money payable now. Send the money, then record each payout with its
        reference.
      </p>
      <ListState
        isPending={balances.isPending}
        error={balances.error}
        errorMessage="Failed to fetch payable balances"
        isEmpty={rows.length === 0}
        emptyText="Nothing to pay out."
      >
        <p className="text-sm text-gray-800">
          Total payable: <span className="font-semibold">{formatUsd(totalCents)}</span>
        </p>
        <AdminTable caption="Payable balances">
          <thead className="bg-gray-50">
            <tr>
              <th scope="col" className={TH}>
                Payee
              </th>
              <th scope="col" className={TH}>
                For
              </th>
              <th scope="col" className={TH}>
                PayPal e-mail
              </th>
              <th scope="col" className={TH}>
                Payable
              </th>
              <th scope="col" className={TH}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 bg-white">
            {rows.map((row) => (
              <tr key={`${row.kind}-${row.userId}`} data-testid={`payable-${row.kind}-${row.userId}`}>
                <td className={TD}>
                  <div>{row.username}</div>
                  <div className="text-xs text-gray-700">{row.email}</div>
                </td>
                <td className={`${TD} whitespace-nowrap`}>
                  <Badge tone={row.kind === 'seller' ? 'blue' : 'brand'}>
                    {PAYOUT_KIND_LABELS[row.kind]}
                  </Badge>
                </td>
                <td className={TD}>{row.paypalEmail ?? <span className="text-gray-700">None</span>}</td>
                <td className={`${TD} font-semibold whitespace-nowrap`}>{formatUsd(row.payableCents)}</td>
                <td className={`${TD} whitespace-nowrap`}>
                  <Button
                    size="sm"
                    variant="success"
                    aria-label={`Pay out ${row.username} (${PAYOUT_KIND_LABELS[row.kind].toLowerCase()})`}
                    onClick={(e) => {
                      returnFocusRef.current = e.currentTarget;
                      setPaying(row);
                    }}
                  >
                    Pay out
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      </ListState>
      <PayOutDialog balance={paying} onClose={() => setPaying(null)} onPaid={onPaid} />
    </div>
  );
}
