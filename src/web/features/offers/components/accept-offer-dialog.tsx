import { OFFER_ACCEPTED_HOLD_HOURS, type Offer } from '#shared/offers.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import { SaleSplit } from '#web/components/sale-split.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useRespondToOffer } from '../api/respond-to-offer.ts';

type AcceptOfferDialogProps = {
  offer: Offer;
  /** received: the owner accepts the buyer's offer; sent: the buyer accepts the owner's counter. */
  side: 'received' | 'sent';
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Accepting is a commitment, so it is confirmed with the split in view: the owner sees the fee and what
 * they receive at the buyer's amount, the buyer what they pay at the counter amount.
 */
export function AcceptOfferDialog({ offer, side, open, onOpenChange }: AcceptOfferDialogProps) {
  const toast = useToast();
  const respond = useRespondToOffer();
  const isOwner = side === 'received';
  const amountCents = isOwner ? offer.amountCents : (offer.counterAmountCents ?? offer.amountCents);

  function accept() {
    respond.mutate(
      { offerId: offer.id, action: 'accept' },
      {
        onSuccess: () => {
          toast({ title: 'Offer accepted', description: offer.artchipTitle });
          onOpenChange(false);
        },
        onError: (err) =>
          toast({
            title: 'Offer update failed',
            description: errorMessage(err, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        isOwner ? `Accept ${offer.buyerUsername}'s offer` : `Accept ${offer.ownerUsername}'s counter-offer`
      }
      description={
        isOwner
          ? `${offer.buyerUsername} offered ${formatUsd(amountCents)} for ${offer.artchipTitle}. Accepting holds it for them for ${OFFER_ACCEPTED_HOLD_HOURS} hours to check out, and declines the other offers on it.`
          : `${offer.ownerUsername} countered with ${formatUsd(amountCents)} for ${offer.artchipTitle}. Accepting holds it for you for ${OFFER_ACCEPTED_HOLD_HOURS} hours: check out within that time.`
      }
    >
      <div className="space-y-4">
        <SaleSplit
          price={amountCents}
          highestSaleCents={offer.highestSaleCents}
          viewer={isOwner ? 'seller' : 'buyer'}
          sellerIsCreator={offer.ownerUsername === offer.creatorUsername}
        />
        <Button className="w-full" variant="success" disabled={respond.isPending} onClick={accept}>
          {respond.isPending ? 'Accepting...' : `Accept ${formatUsd(amountCents)}`}
        </Button>
      </div>
    </Dialog>
  );
}
