import { Suspense, useState } from 'react';
import { Link } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { formatUsd } from '#shared/money.ts';
import type { Offer } from '#shared/offers.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { LazyCheckoutDialog } from '#web/features/checkout/index.ts';
import { useOffers, type OfferSide } from '../api/list-offers.ts';
import { useRespondToOffer, type OfferAction } from '../api/respond-to-offer.ts';
import { AcceptOfferDialog } from './accept-offer-dialog.tsx';
import { CounterOfferDialog } from './counter-offer-dialog.tsx';

const STATUS_TONES: Record<Offer['status'], 'gray' | 'green' | 'red' | 'yellow' | 'blue' | 'brand'> = {
  pending: 'yellow',
  countered: 'blue',
  accepted: 'green',
  declined: 'red',
  expired: 'gray',
  withdrawn: 'gray',
  completed: 'brand',
};

const STATUS_LABELS: Record<Offer['status'], string> = {
  pending: 'Pending',
  countered: 'Countered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
  completed: 'Completed',
};

/** Accepting goes through AcceptOfferDialog, which shows the split first. */
const ACTION_DONE: Record<Exclude<OfferAction, 'accept'>, string> = {
  decline: 'Offer declined',
  withdraw: 'Offer withdrawn',
};

function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? 'Unknown'
    : date.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

function OfferRow({ offer, side }: { offer: Offer; side: OfferSide }) {
  const toast = useToast();
  const respond = useRespondToOffer();
  const [isAcceptOpen, setIsAcceptOpen] = useState(false);
  const [isCounterOpen, setIsCounterOpen] = useState(false);
  const [isCheckoutOpen, setIsCheckoutOpen] = useState(false);
  const who = side === 'received' ? `From ${offer.buyerUsername}` : `To ${offer.ownerUsername}`;

  function act(action: Exclude<OfferAction, 'accept'>) {
    respond.mutate(
      { offerId: offer.id, action },
      {
        onSuccess: () => toast({ title: ACTION_DONE[action], description: offer.artchipTitle }),
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
    <li className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:flex-row sm:items-center">
      {offer.artchipImageUrl && (
        <img
          src={offer.artchipImageUrl}
          alt={offer.artchipTitle}
          width={64}
          height={64}
          loading="lazy"
          className="h-16 w-16 shrink-0 rounded-md object-cover"
        />
      )}
      <div className="min-w-0 flex-1 text-sm text-gray-800">
        <p className="flex flex-wrap items-center gap-2">
          <Link
            to={ROUTES.chip(offer.creatorUsername, offer.artchipSlug)}
            className="font-semibold text-gray-900 hover:underline"
          >
            {offer.artchipTitle}
          </Link>
          <Badge tone={STATUS_TONES[offer.status]}>{STATUS_LABELS[offer.status]}</Badge>
        </p>
        <p>
          {who} · Offer {formatUsd(offer.amountCents)}
          {offer.listPriceCents !== null && ` (listed at ${formatUsd(offer.listPriceCents)})`}
          {offer.counterAmountCents !== null && ` · Counter ${formatUsd(offer.counterAmountCents)}`}
        </p>
        {offer.message && <p className="text-gray-700">&ldquo;{offer.message}&rdquo;</p>}
        {offer.status === 'accepted' && offer.acceptedUntil && (
          <p className="text-gray-700">
            Held for the buyer at {formatUsd(offer.agreedAmountCents ?? offer.amountCents)} until{' '}
            {formatDateTime(offer.acceptedUntil)}
          </p>
        )}
        {(offer.status === 'pending' || offer.status === 'countered') && (
          <p className="text-gray-700">Open until {formatDateTime(offer.expiresAt)}</p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {offer.canCheckout && (
          <Button size="sm" onClick={() => setIsCheckoutOpen(true)}>
            Complete purchase
          </Button>
        )}
        {offer.canAccept && (
          <Button
            aria-label={`Accept offer on ${offer.artchipTitle}`}
            size="sm"
            variant="success"
            disabled={respond.isPending}
            onClick={() => setIsAcceptOpen(true)}
          >
            Accept
          </Button>
        )}
        {offer.canCounter && (
          <Button
            aria-label={`Counter offer on ${offer.artchipTitle}`}
            size="sm"
            variant="secondary"
            disabled={respond.isPending}
            onClick={() => setIsCounterOpen(true)}
          >
            Counter
          </Button>
        )}
        {offer.canDecline && (
          <Button
            aria-label={`Decline offer on ${offer.artchipTitle}`}
            size="sm"
            variant="danger"
            disabled={respond.isPending}
            onClick={() => act('decline')}
          >
            Decline
          </Button>
        )}
        {offer.canWithdraw && (
          <Button
            aria-label={`Withdraw offer on ${offer.artchipTitle}`}
            size="sm"
            variant="secondary"
            disabled={respond.isPending}
            onClick={() => act('withdraw')}
          >
            Withdraw
          </Button>
        )}
      </div>
      {offer.canAccept && (
        <AcceptOfferDialog offer={offer} side={side} open={isAcceptOpen} onOpenChange={setIsAcceptOpen} />
      )}
      {offer.canCounter && (
        <CounterOfferDialog offer={offer} open={isCounterOpen} onOpenChange={setIsCounterOpen} />
      )}
      {offer.canCheckout && (
        <Suspense fallback={null}>
          <LazyCheckoutDialog
            open={isCheckoutOpen}
            onOpenChange={setIsCheckoutOpen}
            target={{
              orderType: 'purchase',
              artchip: { id: offer.artchipId, title: offer.artchipTitle },
              offerId: offer.id,
            }}
          />
        </Suspense>
      )}
    </li>
  );
}

function OfferList({ side, title, empty }: { side: OfferSide; title: string; empty: string }) {
  const offers = useOffers(side);
  const headingId = `offers-${side}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-lg font-semibold text-gray-900">
        {title}
      </h3>
      {offers.isPending && (
        <div role="status" aria-label={`Loading ${title.toLowerCase()}`}>
          <Skeleton className="h-20 w-full" />
        </div>
      )}
      {offers.isError && (
        <p role="alert" className="text-sm text-red-700">
          Failed to load offers.
        </p>
      )}
      {offers.data && offers.data.length === 0 && <p className="text-sm text-gray-700">{empty}</p>}
      {offers.data && offers.data.length > 0 && (
        <ul className="space-y-2">
          {offers.data.map((offer) => (
            <OfferRow key={offer.id} offer={offer} side={side} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Offers on the user's chips (accept, decline, counter) and the user's own (withdraw, complete purchase). */
export function OffersPanel() {
  return (
    <div className="space-y-8">
      <OfferList side="received" title="Offers received" empty={`No offers on your ${BRAND.plural} yet.`} />
      <OfferList side="sent" title="Offers sent" empty="You have not made any offers." />
    </div>
  );
}
