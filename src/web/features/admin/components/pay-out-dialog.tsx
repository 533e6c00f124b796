import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { AffiliatePayoutInputSchema } from '#shared/affiliates.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import {
  SellerPayoutInputSchema,
  type PayableBalance,
  type SellerPayoutInput,
} from '#shared/payouts.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField, FormAlert } from '#web/components/ui/field.tsx';
import { ApiRequestError, errorMessage } from '#web/lib/api-client.ts';
import { usePayOutAffiliate } from '../api/pay-out-affiliate.ts';
import { payableBalancesQueryOptions } from '../api/list-payable-balances.ts';
import { usePayOutSeller } from '../api/pay-out-seller.ts';

export const PAYOUT_KIND_LABELS: Record<PayableBalance['kind'], string> = {
  seller: 'Sale proceeds',
  affiliate: 'Affiliate commissions',
};

/** A recorded payout, as the tab tells the admin about it. */
export type PaidOut = { username: string; amountCents: number };

/**
 * Pays one payable balance: asks for the transfer's reference and confirms the amount, then records
 * it through the seller payout route or the spec's affiliate payout route. A refusal (422: someone
 * else just paid it) stays in the dialog, and the list is refreshed so it shows what is left.
 */
export function PayOutDialog({
  balance,
  onClose,
  onPaid,
}: {
  balance: PayableBalance | null;
  onClose: () => void;
  onPaid: (paid: PaidOut) => void;
}) {
  const [isBusy, setIsBusy] = useState(false);
  return (
    <Dialog
      open={balance !== null}
      onOpenChange={(open) => !open && !isBusy && onClose()}
      title={balance ? `Pay out ${balance.username}` : 'Pay out'}
      description={
        balance
          ? `${PAYOUT_KIND_LABELS[balance.kind]} payable to ${balance.username} (${balance.email}).`
          : ''
      }
    >
      {balance && (
        <PayOutForm
          key={`${balance.kind}-${balance.userId}`}
          balance={balance}
          onCancel={onClose}
          onPaid={onPaid}
          onBusyChange={setIsBusy}
        />
      )}
    </Dialog>
  );
}

function PayOutForm({
  balance,
  onCancel,
  onPaid,
  onBusyChange,
}: {
  balance: PayableBalance;
  onCancel: () => void;
  onPaid: (paid: PaidOut) => void;
  onBusyChange: (isBusy: boolean) => void;
}) {
  const client = useQueryClient();
  const paySeller = usePayOutSeller();
  const payAffiliate = usePayOutAffiliate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SellerPayoutInput>({
    resolver: zodResolver(balance.kind === 'seller' ? SellerPayoutInputSchema : AffiliatePayoutInputSchema),
    defaultValues: { txReference: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const amount = formatUsd(balance.payableCents);

  const onSubmit = form.handleSubmit(async ({ txReference }) => {
    setFailure(null);
    onBusyChange(true);
    try {
      const { amountCents } =
        balance.kind === 'seller'
          ? await paySeller.mutateAsync({
              userId: balance.userId,
              input: txReference ? { txReference } : {},
            })
          : await payAffiliate.mutateAsync({ userId: balance.userId, txReference: txReference ?? '' });
      onPaid({ username: balance.username, amountCents });
    } catch (err) {
      setFailure(errorMessage(err, 'The payout failed. Please try again.'));
      // 422: the balance changed under us (another admin paid it); show what is payable now.
      if (err instanceof ApiRequestError && err.status === 422)
        void client.invalidateQueries({ queryKey: payableBalancesQueryOptions().queryKey });
    } finally {
      onBusyChange(false);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-700">Amount</dt>
        <dd className="font-semibold text-gray-900">{amount}</dd>
        <dt className="text-gray-700">PayPal e-mail</dt>
        <dd className="break-all text-gray-900">{balance.paypalEmail ?? 'None on file'}</dd>
      </dl>
      <p className="text-sm text-gray-700">
        Send the money first, then record it here with the transfer&apos;s reference.
      </p>
      <TextField
        label="Transfer reference"
        hint="The bank or PayPal transaction ID, so the payout can be traced (optional)."
        autoComplete="off"
        error={errors.txReference?.message}
        {...form.register('txReference')}
      />
      <FormAlert>{failure}</FormAlert>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="success" disabled={isSubmitting}>
          {isSubmitting ? 'Paying...' : `Confirm payout of ${amount}`}
        </Button>
      </div>
    </form>
  );
}
