import { useState, type ReactNode } from 'react';
import type { Chip } from '#shared/chips.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useSetArtchipAvailability } from '../api/set-artchip-availability.ts';
import { CUSTODY_LABELS } from '../lib/order-format.ts';
import { ActivateDialog } from './activate-dialog.tsx';
import { PricingDialog } from './pricing-dialog.tsx';
import { ResellDialog } from './resell-dialog.tsx';
import { ShipDialog } from './ship-dialog.tsx';
import { TransferDialog } from './transfer-dialog.tsx';
import { HandoverDialog } from './handover-dialog.tsx';
import { ReportDialog } from './report-dialog.tsx';
import { SendToVaultDialog } from './send-to-vault-dialog.tsx';

type OpenDialog =
  'activate' | 'pricing' | 'resell' | 'ship' | 'transfer' | 'handover' | 'report' | 'vault' | null;

export type ChipOwnerActionsProps = {
  /** The chip as its owner reads it: chip.actions are theirs. */
  chip: Chip;
  /** Shown first in the row of buttons (e.g. the collection card's View link). */
  leading?: ReactNode;
  /** Say where the physical chip is (for its owner; a pending chip is still being made). */
  showCustody?: boolean;
};

/**
 * The owner's moves on a chip, each shown exactly when the server's chip.actions allows it: Activate,
 * Pricing, Available in the marketplace (unlist, or list an unlisted chip again at its price), List
 * for resale (a bought chip, at a new price), Ship to me and Transfer (hand it to someone else, named by
 * username or e-mail, for the transfer fee).
 */
export function ChipOwnerActions({ chip, leading, showCustody = false }: ChipOwnerActionsProps) {
  const toast = useToast();
  const availability = useSetArtchipAvailability();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { actions } = chip;
  // Unlisting and listing an unlisted chip again are one switch; a bought chip is listed with a new price.
  const canToggleAvailability = actions.delist || (actions.list && chip.status === 'inactive');
  const canResell = actions.list && chip.status === 'sold';
  const isListed = chip.status === 'active';
  // The switch follows the click at once, until the server's answer (and the refetched chip) is in.
  const [requested, setRequested] = useState<boolean | null>(null);
  const isAvailableShown = requested ?? isListed;
  const close = (open: boolean) => !open && setDialog(null);

  function toggleAvailability(isAvailable: boolean) {
    setRequested(isAvailable);
    availability.mutate(
      { id: chip.id, isAvailable },
      {
        // The hook's own onSuccess has refetched the chip by now, so its status shows from here.
        onSettled: () => setRequested(null),
        onSuccess: () =>
          toast({
            title: isAvailable ? 'Listed in the marketplace' : 'Hidden from the marketplace',
            description: chip.title,
          }),
        onError: (err) =>
          toast({
            title: 'Update Failed',
            description: errorMessage(err, 'Failed to update availability.'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <>
      {showCustody && chip.status !== 'pending' && (
        <p className="text-sm text-gray-800">
          <span className="font-medium text-gray-900">Where it is:</span> {CUSTODY_LABELS[chip.custody]}
        </p>
      )}
      {canToggleAvailability && (
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-gray-400"
            checked={isAvailableShown}
            disabled={availability.isPending}
            onChange={(e) => toggleAvailability(e.target.checked)}
          />
          Available in the marketplace
        </label>
      )}
      {isListed && chip.isReserved && !actions.delist && (
        <p className="text-sm text-gray-800">
          Reserved for a buyer (a checkout or an accepted offer): it stays listed until the hold ends.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {leading}
        {actions.activate && (
          <Button aria-label={`Activate ${chip.title}`} size="sm" onClick={() => setDialog('activate')}>
            Activate
          </Button>
        )}
        {actions.price && (
          <Button
            aria-label={`Pricing for ${chip.title}`}
            size="sm"
            variant="secondary"
            onClick={() => setDialog('pricing')}
          >
            Pricing
          </Button>
        )}
        {canResell && (
          <Button aria-label={`List for resale ${chip.title}`} size="sm" onClick={() => setDialog('resell')}>
            List for resale
          </Button>
        )}
        {actions.shipToMe && (
          <Button
            aria-label={`Ship to me ${chip.title}`}
            size="sm"
            variant="secondary"
            onClick={() => setDialog('ship')}
          >
            Ship to me
          </Button>
        )}
        {actions.transfer && (
          <Button
            aria-label={`Transfer ${chip.title}`}
            size="sm"
            variant="secondary"
            onClick={() => setDialog('transfer')}
          >
            Transfer
          </Button>
        )}
        {actions.handover && (
          <Button
            aria-label={`Hand over ${chip.title}`}
            size="sm"
            variant="secondary"
            onClick={() => setDialog('handover')}
          >
            Hand over by tap
          </Button>
        )}
        {(actions.sendToVault || chip.custody === 'inbound') && (
          <Button
            aria-label={
              chip.custody === 'inbound'
                ? `Trip to the vault of ${chip.title}`
                : `Send ${chip.title} to the vault`
            }
            size="sm"
            variant="secondary"
            onClick={() => setDialog('vault')}
          >
            {chip.custody === 'inbound' ? 'Trip to the vault' : 'Send to the vault'}
          </Button>
        )}
        {actions.report && (
          <Button
            aria-label={`Report ${chip.title}`}
            size="sm"
            variant="secondary"
            onClick={() => setDialog('report')}
          >
            {chip.reportStatus ? 'Clear lost/stolen report' : 'Report lost or stolen'}
          </Button>
        )}
      </div>
      {chip.reportStatus && (
        <p role="status" className="text-sm font-medium text-red-800">
          Reported {chip.reportStatus}: it cannot be listed, sold or claimed until you clear the report.
        </p>
      )}
      {dialog === 'activate' && <ActivateDialog chip={chip} open onOpenChange={close} />}
      {dialog === 'pricing' && <PricingDialog chip={chip} open onOpenChange={close} />}
      {dialog === 'resell' && <ResellDialog chip={chip} open onOpenChange={close} />}
      {dialog === 'ship' && <ShipDialog chip={chip} open onOpenChange={close} />}
      {dialog === 'transfer' && <TransferDialog chip={chip} open onOpenChange={close} />}
      {dialog === 'handover' && <HandoverDialog chip={chip} open onOpenChange={close} />}
      {dialog === 'report' && <ReportDialog chip={chip} open onOpenChange={close} />}
      {dialog === 'vault' && <SendToVaultDialog chip={chip} open onOpenChange={close} />}
    </>
  );
}
