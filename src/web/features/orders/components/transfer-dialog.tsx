import { useRef, useState, type FormEvent } from 'react';
import { BRAND } from '#shared/brand.ts';
import { formatUsd } from '#shared/money.ts';
import { TRANSFER_RECIPIENT_REQUIRED_MESSAGE } from '#shared/orders.schemas.ts';
import type { PaymentMethod } from '#shared/settings.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormAlert, TextField } from '#web/components/ui/field.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { serverFieldError } from '#web/lib/form-errors.ts';
import { useSiteSettings } from '#web/lib/api/get-site-settings.ts';
import { useGoToPayment } from '#web/features/checkout/index.ts';
import { PaymentMethodFieldset } from './payment-method-fieldset.tsx';
import { useTransferArtchip, useTransferFee } from '../api/transfer-artchip.ts';

type TransferDialogProps = {
  chip: { id: number; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * 'Transfer': the owner names someone (a username, or an e-mail that invites them) and pays the
 * transfer fee like a checkout; the chip becomes theirs once it is paid.
 */
export function TransferDialog({ chip, open, onOpenChange }: TransferDialogProps) {
  const toast = useToast();
  const goToPayment = useGoToPayment();
  const fee = useTransferFee(chip.id, { enabled: open });
  const settings = useSiteSettings({ enabled: open });
  const transfer = useTransferArtchip();
  const recipientRef = useRef<HTMLInputElement>(null);
  const [recipient, setRecipient] = useState('');
  const [recipientError, setRecipientError] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [error, setError] = useState<string | null>(null);
  // The recipient awaiting the owner's confirmation: a mistyped e-mail would give the chip away.
  const [confirming, setConfirming] = useState<string | null>(null);
  const methods = settings.data?.paymentMethods.purchase ?? [];
  const chosenMethod = method || methods[0];

  function showRecipientError(message: string) {
    setRecipientError(message);
    recipientRef.current?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setRecipientError(null);
    const named = recipient.trim();
    if (!named) {
      showRecipientError(TRANSFER_RECIPIENT_REQUIRED_MESSAGE);
      return;
    }
    setConfirming(named);
  }

  async function confirmTransfer(named: string) {
    setConfirming(null);
    try {
      const response = await transfer.mutateAsync({
        id: chip.id,
        input: { recipient: named, ...(chosenMethod ? { paymentMethod: chosenMethod } : {}) },
      });
      await goToPayment(response, chosenMethod ?? 'card');
    } catch (err) {
      const fieldError = serverFieldError(err, 'recipient');
      if (fieldError) {
        showRecipientError(fieldError);
        return;
      }
      const message = errorMessage(err, 'Failed to start the transfer. Please try again.');
      setError(message);
      toast({ title: 'Transfer failed', description: message, variant: 'destructive' });
    }
  }

  // A fee already shown stays while a refetch runs or fails (e.g. the chip changed hands meanwhile).
  const feeData = fee.data;
  const isLoading = feeData ? settings.isPending : !fee.isError;
  const description = (
    <>
      Hand this {BRAND.name} to someone else: it becomes theirs once the transfer fee is paid. A chip in our
      vault stays there, in their name.
      {feeData?.isListed && ' It comes off the marketplace now.'}
    </>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Transfer ${chip.title}`}
      description={description}
    >
      {isLoading ? (
        <div role="status" aria-label="Loading">
          <Skeleton className="h-24 w-full" />
        </div>
      ) : !feeData ? (
        <FormAlert>{errorMessage(fee.error, 'Failed to load the transfer fee. Please try again.')}</FormAlert>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-4">
          <TextField
            ref={recipientRef}
            id="transfer-recipient"
            label="Username or e-mail"
            hint="Someone without an account gets an invitation by e-mail."
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={254}
            value={recipient}
            error={recipientError ?? undefined}
            onChange={(e) => {
              setRecipient(e.target.value);
              if (recipientError) setRecipientError(null);
            }}
          />
          <div className="text-sm text-gray-800">
            <p className="font-medium text-gray-900">Transfer fee: {formatUsd(feeData.feeCents)}</p>
            <p className="text-gray-700">{feeData.rule}</p>
          </div>
          <PaymentMethodFieldset
            legend="Pay the fee with"
            name="transfer-method"
            methods={methods}
            value={chosenMethod}
            onChange={setMethod}
          />
          <FormAlert>{error}</FormAlert>
          <Button type="submit" className="w-full" disabled={transfer.isPending}>
            {transfer.isPending
              ? 'Processing...'
              : feeData.feeCents > 0
                ? `Pay ${formatUsd(feeData.feeCents)} and transfer`
                : 'Transfer'}
          </Button>
        </form>
      )}
      <Dialog
        open={confirming !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setConfirming(null);
        }}
        title="Confirm the transfer"
        description={
          confirming === null
            ? undefined
            : `Transfer ${chip.title} to ${confirming}? Once the fee is paid, the chip is theirs.`
        }
      >
        <p className="text-sm text-gray-800">
          Check the name or e-mail address: a transfer cannot be undone once the fee is paid.
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => setConfirming(null)}>
            Go back
          </Button>
          <Button
            type="button"
            onClick={() => {
              if (confirming !== null) void confirmTransfer(confirming);
            }}
          >
            {`Yes, transfer to ${confirming ?? ''}`}
          </Button>
        </div>
      </Dialog>
    </Dialog>
  );
}
