import { useState } from 'react';
import type { AdminCustomerDetail } from '#shared/admin.schemas.ts';
import { formatUtcMoment } from '#shared/payout-destination.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useUnfreezePayouts } from '../api/unfreeze-payouts.ts';
import { ConfirmDialog } from './admin-ui.tsx';

/**
 * A customer's payouts on their page (decisions 071, 077): frozen since their "this wasn't me", with
 * the admin's unfreeze after a confirmation (and an optional note for the audit log), or not frozen.
 */
export function PayoutFreezePanel({ customer }: { customer: AdminCustomerDetail }) {
  const unfreeze = useUnfreezePayouts();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const frozenAt = customer.payoutsFrozenAt;

  const open = (next: boolean) => {
    if (unfreeze.isPending) return;
    setFailure(null);
    if (!next) setNote('');
    setConfirming(next);
  };

  const confirm = () => {
    setFailure(null);
    unfreeze.mutate(
      { userId: customer.id, note: note.trim() || 'Unfrozen from the customer page' },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          setNote('');
          toast({ title: 'Payouts Unfrozen', description: answer.message });
        },
        onError: (err) => setFailure(errorMessage(err, 'Payouts could not be unfrozen. Please try again.')),
      },
    );
  };

  return (
    <section
      aria-labelledby="payouts-heading"
      className="space-y-3 rounded-lg border border-gray-200 bg-white p-6"
    >
      <h2 id="payouts-heading" className="text-lg font-semibold text-gray-900">
        Payouts
      </h2>
      {frozenAt ? (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
            <Badge tone="red">Payouts frozen</Badge>
            <span>
              Since {formatUtcMoment(frozenAt)}: the customer said a change to where their money goes was not
              theirs. Check the change with them before unfreezing.
            </span>
          </p>
          <Button variant="secondary" onClick={() => open(true)}>
            Unfreeze payouts
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={open}
            title="Unfreeze payouts?"
            description={`Payouts to ${customer.username} start again, to the destinations on their account. Do this only once you have checked the change with them.`}
            confirmLabel="Unfreeze payouts"
            busyLabel="Unfreezing..."
            isBusy={unfreeze.isPending}
            onConfirm={confirm}
            variant="primary"
          >
            <TextField
              label="Note for the audit log (optional)"
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
            />
            {failure && (
              <p role="alert" className="mt-3 text-sm text-red-700">
                {failure}
              </p>
            )}
          </ConfirmDialog>
        </>
      ) : (
        <p className="text-sm text-gray-800">Payouts are not frozen.</p>
      )}
    </section>
  );
}
