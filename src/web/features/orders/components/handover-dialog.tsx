import { useState, type FormEvent } from 'react';
import { BRAND } from '#shared/brand.ts';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import type { HandoverFeePayer, HandoverStatus } from '#shared/handovers.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import type { PaymentMethod } from '#shared/settings.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/field.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useSiteSettings } from '#web/lib/api/get-site-settings.ts';
import { useGoToPayment } from '#web/features/checkout/index.ts';
import { HandoverExplainer } from '#web/components/handover-explainer.tsx';
import { PaymentMethodFieldset } from './payment-method-fieldset.tsx';
import { useCancelHandover, useLiveHandover, useStartHandover } from '../api/handover-artchip.ts';
import { useTransferFee } from '../api/transfer-artchip.ts';

type HandoverDialogProps = {
  chip: { id: number; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The token of the owner's own fresh tap (TapResult.handoverTap): only it opens a handover (decision 038). */
  tapToken?: string | undefined;
};

const STATUS_TEXT: Record<HandoverStatus, string> = {
  awaiting_fee: 'Waiting for your transfer fee to be paid.',
  open: `Open: whoever taps the ${BRAND.name} with their phone now can claim it.`,
  awaiting_payment: 'Claimed by a tap: the new owner is paying the transfer fee.',
  claimed: 'Claimed.',
  cancelled: 'Cancelled.',
};

/**
 * 'Hand over': the owner of a chip that is with them lets the next person who taps it claim it, for
 * an offline sale or a gift. The transfer fee is paid by the owner now, or by whoever claims it. A
 * handover opens only from the owner's own tap (the tap page passes its token); opened elsewhere, the
 * dialog says to tap the chip. An open handover can be cancelled here.
 */
export function HandoverDialog({ chip, open, onOpenChange, tapToken }: HandoverDialogProps) {
  const toast = useToast();
  const goToPayment = useGoToPayment();
  const live = useLiveHandover(chip.id, { enabled: open });
  const fee = useTransferFee(chip.id, { enabled: open });
  const settings = useSiteSettings({ enabled: open });
  const start = useStartHandover();
  const cancel = useCancelHandover();
  const [payer, setPayer] = useState<HandoverFeePayer>('claimant');
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [error, setError] = useState<string | null>(null);
  // A tap opens one handover: once used, starting again takes a new tap.
  const [isTapUsed, setIsTapUsed] = useState(false);
  const canStart = Boolean(tapToken) && !isTapUsed;
  const methods = settings.data?.paymentMethods.purchase ?? [];
  const chosenMethod = method || methods[0];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const response = await start.mutateAsync({
        id: chip.id,
        input: {
          feePaidBy: payer,
          ...(payer === 'owner' && chosenMethod ? { paymentMethod: chosenMethod } : {}),
          tapToken,
        },
      });
      setIsTapUsed(true);
      const checkout = CheckoutResponseSchema.safeParse(response);
      if (checkout.success) {
        await goToPayment(checkout.data, chosenMethod ?? 'card');
        return;
      }
      toast({ title: 'Handover open', description: `Whoever taps ${chip.title} next can claim it.` });
    } catch (err) {
      const message = errorMessage(err, 'Failed to start the handover. Please try again.');
      setError(message);
    }
  }

  async function cancelOpen() {
    setError(null);
    try {
      await cancel.mutateAsync(chip.id);
      toast({ title: 'Handover cancelled', description: chip.title });
    } catch (err) {
      setError(errorMessage(err, 'Failed to cancel the handover. Please try again.'));
    }
  }

  const feeText = fee.data ? formatUsd(fee.data.feeCents) : null;
  // The owner left the fee's payment page: they may start again (the server replaces the handover).
  const isAwaitingFee = live.data?.status === 'awaiting_fee';
  const description = `Give this ${BRAND.name} to someone in person: they hold their phone to it, claim it, and it becomes theirs once the transfer fee is paid.`;
  const feeLine = feeText
    ? `The transfer fee is ${feeText}. You choose who pays it: you now, or the person claiming, when they claim.`
    : null;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Hand over ${chip.title}`}
      description={description}
    >
      {live.isPending || fee.isPending ? (
        <div role="status" aria-label="Loading">
          <Skeleton className="h-24 w-full" />
        </div>
      ) : (
        <div className="space-y-4">
          <HandoverExplainer viewer="owner" feeLine={feeLine} />
          {live.data && (
            <p
              role="status"
              className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-gray-900"
            >
              {STATUS_TEXT[live.data.status]}
              {isAwaitingFee &&
                (canStart
                  ? ' If you left the payment page, start again below.'
                  : ` If you left the payment page, hold your phone to the ${BRAND.name} to start again.`)}
            </p>
          )}
          {!live.data && !canStart && (
            <p className="text-sm text-gray-800">
              To start, hold your phone to the {BRAND.name} while you are signed in: the page that opens
              offers “Hand over”. Only a tap made after yours can then claim it.
            </p>
          )}
          {(!live.data || isAwaitingFee) && canStart && (
            <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium text-gray-900">
                  Who pays the transfer fee{feeText ? ` (${feeText})` : ''}?
                </legend>
                <label className="flex items-center gap-2 text-sm text-gray-800">
                  <input
                    type="radio"
                    name="handover-payer"
                    value="claimant"
                    checked={payer === 'claimant'}
                    onChange={() => setPayer('claimant')}
                  />
                  Whoever claims it, when they claim
                </label>
                <label className="flex items-center gap-2 text-sm text-gray-800">
                  <input
                    type="radio"
                    name="handover-payer"
                    value="owner"
                    checked={payer === 'owner'}
                    onChange={() => setPayer('owner')}
                  />
                  Me, now
                </label>
                {fee.data && <p className="text-sm text-gray-700">{fee.data.rule}</p>}
              </fieldset>
              {payer === 'owner' && (
                <PaymentMethodFieldset
                  legend="Pay the fee with"
                  name="handover-method"
                  methods={methods}
                  value={chosenMethod}
                  onChange={setMethod}
                />
              )}
              <FormAlert>{error}</FormAlert>
              <Button type="submit" className="w-full" disabled={start.isPending}>
                {start.isPending
                  ? 'Processing...'
                  : payer === 'owner' && fee.data && fee.data.feeCents > 0
                    ? `Pay ${formatUsd(fee.data.feeCents)} and start handover`
                    : 'Start handover'}
              </Button>
            </form>
          )}
          {live.data && (
            <Button
              type="button"
              variant="secondary"
              className="w-full"
              disabled={cancel.isPending}
              onClick={() => void cancelOpen()}
            >
              {cancel.isPending ? 'Cancelling...' : 'Cancel handover'}
            </Button>
          )}
          {live.data && !isAwaitingFee && <FormAlert>{error}</FormAlert>}
        </div>
      )}
    </Dialog>
  );
}
