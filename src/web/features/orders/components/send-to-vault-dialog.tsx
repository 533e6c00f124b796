import { useState } from 'react';
import { BRAND } from '#shared/brand.ts';
import type { Chip } from '#shared/chips.schemas.ts';
import { VAULT_INTAKE_STATUS_LABELS, type VaultIntake } from '#shared/vault-intakes.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useCancelSendToVault, useSendToVault, useVaultIntake } from '../api/send-to-vault.ts';

type SendToVaultDialogProps = {
  chip: Pick<Chip, 'id' | 'title' | 'custody'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The address and reference to write on the parcel, and where the trip stands. */
function ParcelDetails({ intake }: { intake: VaultIntake }) {
  return (
    <div className="space-y-3">
      <dl className="space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-4 text-sm text-gray-900">
        <div>
          <dt className="font-medium text-gray-700">Where it stands</dt>
          <dd>{VAULT_INTAKE_STATUS_LABELS[intake.status]}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">Reference (write it on the parcel)</dt>
          <dd className="font-mono text-base font-semibold tracking-wide">{intake.reference}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">Send it to</dt>
          <dd className="whitespace-pre-line">{intake.vaultAddress}</dd>
        </div>
        {intake.refusalReason && (
          <div>
            <dt className="font-medium text-gray-700">Why it was refused</dt>
            <dd>{intake.refusalReason}</dd>
          </div>
        )}
      </dl>
      {intake.status === 'awaiting_arrival' && (
        <p className="text-sm text-gray-700">
          Pack it safely. When it arrives we check it in with a tap of its tag, and e-mail you: then you can
          list it for sale or keep it with us, free.
        </p>
      )}
    </div>
  );
}

/**
 * 'Send to the vault' (issue 28): the owner of a chip they hold gets the vault's address and a reference
 * for the parcel; while it travels, the same dialog shows where it stands and lets them call it back.
 */
export function SendToVaultDialog({ chip, open, onOpenChange }: SendToVaultDialogProps) {
  const toast = useToast();
  const isInbound = chip.custody === 'inbound';
  const existing = useVaultIntake(chip.id, { enabled: isInbound });
  const send = useSendToVault();
  const cancel = useCancelSendToVault();
  const [error, setError] = useState<string | null>(null);
  const intake = send.data ?? (isInbound ? existing.data : null) ?? null;

  async function start() {
    setError(null);
    try {
      await send.mutateAsync(chip.id);
      toast({ title: 'On its way to the vault', description: chip.title });
    } catch (err) {
      setError(errorMessage(err, 'Could not start sending it to the vault. Please try again.'));
    }
  }

  async function callBack() {
    setError(null);
    try {
      await cancel.mutateAsync(chip.id);
      toast({ title: 'Trip to the vault cancelled', description: chip.title });
      onOpenChange(false);
    } catch (err) {
      setError(errorMessage(err, 'Could not cancel. Please try again.'));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Send ${chip.title} to the vault`}
      description={`Keep it with us, free, and list it for sale from your dashboard once it is checked in by a tap of its tag.`}
    >
      <div className="space-y-4">
        {intake ? (
          <ParcelDetails intake={intake} />
        ) : isInbound && existing.isPending ? (
          <p role="status" className="text-sm text-gray-700">
            Loading…
          </p>
        ) : (
          <p className="text-sm text-gray-800">
            We give you the vault&apos;s address and a reference to write on the parcel. Until the vault has
            checked it in, this {BRAND.name} cannot be sold, transferred or handed over.
          </p>
        )}
        <FormAlert>{error}</FormAlert>
        {!intake && !isInbound && (
          <Button className="w-full" onClick={() => void start()} disabled={send.isPending}>
            {send.isPending ? 'Getting the address…' : 'Get the vault address'}
          </Button>
        )}
        {intake?.status === 'awaiting_arrival' && (
          <Button
            variant="secondary"
            className="w-full"
            onClick={() => void callBack()}
            disabled={cancel.isPending}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel: I am keeping it'}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
