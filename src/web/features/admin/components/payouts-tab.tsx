import { useEffect, useRef, useState } from 'react';
import { formatUsd } from '#shared/money.ts';
import { PayoutBatchInputSchema, type PayableBalance, type PayoutKind } from '#shared/payouts.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { usePayableBalances } from '../api/list-payable-balances.ts';
import { usePayOutBatch } from '../api/pay-out-batch.ts';
import { useUnfreezePayouts } from '../api/unfreeze-payouts.ts';
import { describeAge, formatUtcMoment } from '#shared/payout-destination.ts';
import { AdminTable, ConfirmDialog, ListState, TD, TH } from './admin-ui.tsx';
import { PAYOUT_KIND_LABELS, PayOutDialog, type PaidOut } from './pay-out-dialog.tsx';
import { PayoutBatchResults, type BatchOutcome } from './payout-batch-results.tsx';

/**
 * Decision 071: how old the destination a payout would go to is ("set 2 days ago", "new — payable
 * from …"), or that the owner froze payouts, with the admin's unfreeze.
 */
function DestinationState({ row }: { row: PayableBalance }) {
  const unfreeze = useUnfreezePayouts();
  const toast = useToast();
  const [now] = useState(() => new Date());
  if (row.payoutsFrozen) {
    return (
      <div className="space-y-1">
        <Badge tone="red">Payouts frozen</Badge>
        <p className="text-xs text-gray-700">The owner said a destination change was not theirs.</p>
        <Button
          size="sm"
          variant="secondary"
          disabled={unfreeze.isPending}
          aria-label={`Unfreeze payouts to ${row.username}`}
          onClick={() =>
            unfreeze.mutate(
              { userId: row.userId, note: 'Unfrozen from the payouts screen' },
              {
                onSuccess: (answer) => toast({ title: 'Payouts Unfrozen', description: answer.message }),
                onError: (err) =>
                  toast({
                    title: 'Not unfrozen',
                    description: errorMessage(err, 'Please try again.'),
                    variant: 'destructive',
                  }),
              },
            )
          }
        >
          {unfreeze.isPending ? 'Unfreezing...' : 'Unfreeze'}
        </Button>
      </div>
    );
  }
  if (!row.destinationSetAt || !row.payableFrom)
    return <span className="text-xs text-gray-700">Long-standing</span>;
  if (new Date(row.payableFrom).getTime() > now.getTime()) {
    return (
      <span className="text-xs font-medium text-amber-900">
        New — payable from {formatUtcMoment(row.payableFrom)}
      </span>
    );
  }
  return <span className="text-xs text-gray-700">Set {describeAge(row.destinationSetAt, now)}</span>;
}

/** One balance's key: a person may have a seller and an affiliate balance. */
const keyOf = (row: { kind: PayoutKind; userId: number }) => `${row.kind}-${row.userId}`;

/** A balance's name for its buttons and checkbox: "seller (sale proceeds)". */
const nameOf = (row: PayableBalance) => `${row.username} (${PAYOUT_KIND_LABELS[row.kind].toLowerCase()})`;

/**
 * Payouts (issue 11): every seller and affiliate with money payable now, in one list. A row is paid
 * on its own (with its transfer reference), or several at once with "Pay selected": each is paid
 * once, by its payee's payout method, and the results say per row what was paid or why not.
 */
export function PayoutsTab() {
  const balances = usePayableBalances();
  const batch = usePayOutBatch();
  const toast = useToast();
  const [paying, setPaying] = useState<PayableBalance | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [reference, setReference] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const [batchErrors, setBatchErrors] = useState<{ items?: string; txReference?: string; request?: string }>(
    {},
  );
  const [outcomes, setOutcomes] = useState<BatchOutcome[] | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resultsRef = useRef<HTMLHeadingElement>(null);
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

  // After a batch, focus goes to its results, once the confirmation has closed (and Radix has put
  // focus back on "Pay selected"), so keyboard and screen reader users land on what happened.
  const focusResultsRef = useRef(false);
  useEffect(() => {
    if (isConfirming || !focusResultsRef.current) return;
    focusResultsRef.current = false;
    const timer = window.setTimeout(() => resultsRef.current?.focus());
    return () => window.clearTimeout(timer);
  }, [isConfirming, outcomes]);

  const onPaid = ({ username, amountCents }: PaidOut) => {
    toast({ title: 'Payout Recorded', description: `${formatUsd(amountCents)} paid to ${username}.` });
    returnFocusRef.current = headingRef.current;
    setPaying(null);
  };

  const rows = balances.data ?? [];
  const totalCents = rows.reduce((sum, row) => sum + row.payableCents, 0);
  // Only rows still listed count: a balance paid elsewhere drops out of the selection.
  const chosen = rows.filter((row) => selected.has(keyOf(row)));
  const chosenCents = chosen.reduce((sum, row) => sum + row.payableCents, 0);
  const isAllChosen = rows.length > 0 && chosen.length === rows.length;

  const toggle = (row: PayableBalance, isOn: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(keyOf(row));
      else next.delete(keyOf(row));
      return next;
    });

  // Checks the batch with its schema before asking; the messages are the server's own.
  const askToPaySelected = () => {
    const parsed = PayoutBatchInputSchema.safeParse({
      items: chosen.map(({ userId, kind }) => ({ userId, kind })),
      txReference: reference,
    });
    if (!parsed.success) {
      const errors: typeof batchErrors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'txReference') errors.txReference ??= issue.message;
        else errors.items ??= issue.message;
      }
      setBatchErrors(errors);
      return;
    }
    setBatchErrors({});
    setIsConfirming(true);
  };

  const paySelected = async () => {
    const byKey = new Map(chosen.map((row) => [keyOf(row), row]));
    try {
      const { results } = await batch.mutateAsync({
        items: chosen.map(({ userId, kind }) => ({ userId, kind })),
        ...(reference.trim() ? { txReference: reference.trim() } : {}),
      });
      const next = results.map((result) => ({ ...result, balance: byKey.get(keyOf(result)) }));
      const failed = next.filter((o) => !o.payout);
      setOutcomes(next);
      // What failed stays selected, ready to try again.
      setSelected(new Set(failed.map(keyOf)));
      toast({
        title: 'Payouts Recorded',
        description: `${next.length - failed.length} paid, ${failed.length} not paid.`,
        variant: failed.length > 0 ? 'destructive' : 'default',
      });
      focusResultsRef.current = true;
      setIsConfirming(false);
    } catch (err) {
      setIsConfirming(false);
      setBatchErrors({ request: errorMessage(err, 'The payouts failed. Please try again.') });
    }
  };

  return (
    <div className="space-y-4">
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-gray-900 focus:outline-none">
        Payouts
      </h2>
      <p className="text-sm text-gray-700">
        Sellers and affiliates with money payable now. Pay one with its transfer reference, or select several
        and pay them together.
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
        <div className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-gray-50 p-3">
          <TextField
            label="Reference for selected (optional)"
            hint="Recorded on each manual payout of the batch."
            autoComplete="off"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            error={batchErrors.txReference}
            className="w-full sm:w-80"
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="success" onClick={askToPaySelected} disabled={batch.isPending}>
              {batch.isPending ? 'Paying...' : 'Pay selected'}
            </Button>
            <p className="text-sm text-gray-800" aria-live="polite">
              {chosen.length} selected · {formatUsd(chosenCents)}
            </p>
          </div>
          {(batchErrors.items ?? batchErrors.request) && (
            <p role="alert" className="w-full text-sm text-red-700">
              {batchErrors.items ?? batchErrors.request}
            </p>
          )}
        </div>
        <AdminTable caption="Payable balances">
          <thead className="bg-gray-50">
            <tr>
              <th scope="col" className={`${TH} w-10`}>
                <input
                  type="checkbox"
                  aria-label="Select all balances"
                  className="h-4 w-4 rounded border-gray-400 text-brand-600"
                  checked={isAllChosen}
                  ref={(el) => {
                    if (el) el.indeterminate = chosen.length > 0 && !isAllChosen;
                  }}
                  onChange={(e) => setSelected(new Set(e.target.checked ? rows.map(keyOf) : []))}
                />
              </th>
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
                Destination
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
              <tr key={keyOf(row)} data-testid={`payable-${row.kind}-${row.userId}`}>
                <td className={TD}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${nameOf(row)}`}
                    className="h-4 w-4 rounded border-gray-400 text-brand-600"
                    checked={selected.has(keyOf(row))}
                    onChange={(e) => toggle(row, e.target.checked)}
                  />
                </td>
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
                <td className={TD}>
                  <DestinationState row={row} />
                </td>
                <td className={`${TD} font-semibold whitespace-nowrap`}>{formatUsd(row.payableCents)}</td>
                <td className={`${TD} whitespace-nowrap`}>
                  <Button
                    size="sm"
                    variant="success"
                    aria-label={`Pay out ${nameOf(row)}`}
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
      {outcomes && <PayoutBatchResults ref={resultsRef} outcomes={outcomes} />}
      <PayOutDialog balance={paying} onClose={() => setPaying(null)} onPaid={onPaid} />
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={(open) => !open && !batch.isPending && setIsConfirming(false)}
        title="Pay selected balances"
        description={`Pay ${chosen.length} ${chosen.length === 1 ? 'balance' : 'balances'}, ${formatUsd(chosenCents)} in all? Each is paid once, by its payee's payout method; manual ones are recorded as paid, so send that money first.`}
        confirmLabel={`Pay ${formatUsd(chosenCents)}`}
        busyLabel="Paying..."
        isBusy={batch.isPending}
        onConfirm={() => void paySelected()}
        variant="success"
      />
    </div>
  );
}
