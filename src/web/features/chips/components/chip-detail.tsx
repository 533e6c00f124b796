import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { BRAND } from '#shared/brand.ts';
import { DEMO_CHIP_NOT_FOR_SALE_MESSAGE, type Chip } from '#shared/chips.schemas.ts';
import { ShareButton } from '#web/components/share-button.tsx';
import { FollowButton, WatchButton } from '#web/features/social/index.ts';
import type { LazyChipOwnerActions as ChipOwnerActions } from '#web/features/orders/index.ts';
import { useChipActions } from '../lib/use-chip-actions.ts';
import { ArtViewer } from './art-viewer.tsx';
import { AuthenticityPanel } from './authenticity-panel.tsx';
import { AvailabilityBadge } from './availability-badge.tsx';
import { BuyButton } from './buy-button.tsx';
import { AssociatedLink, SocialLinks, VideoLink } from './chip-links.tsx';
import { ChipObject } from './chip-object.tsx';
import { ChipPeople } from './chip-people.tsx';
import { DemoBanner } from './demo-banner.tsx';
import { LongDate } from './long-date.tsx';
import { MakeOfferButton } from './make-offer-button.tsx';
import { PaypalNote } from './paypal-note.tsx';
import { ChipPrice } from './chip-price.tsx';
import { ReportedNotice } from './reported-notice.tsx';
import { CHIP_UNDER_REVIEW_LABEL, CHIP_UNDER_REVIEW_TEXT } from '#shared/disputes.schemas.ts';

// Owners only: the orders feature's index (its hooks and the schemas they parse with, which take a
// long task to build) loads when an owner's tools render, not with every visitor's chip page.
const LazyChipOwnerActions = lazy(async () => {
  const { LazyChipOwnerActions: Actions } = await import('#web/features/orders/index.ts');
  return {
    default: (props: ComponentProps<typeof ChipOwnerActions>) => <Actions {...props} />,
  };
});

/** The /uid page's Status row: how the chip stands, in words (an unlisted chip is not sold). */
const STATUS_LABELS: Record<Chip['status'], string> = {
  pending: 'Not for sale',
  active: 'Listed for sale',
  inactive: 'Not for sale',
  sold: 'Sold',
  removed: 'Taken down',
};

export type ChipDetailProps = {
  chip: Chip;
  /** 'page' is /artchip/:username/:slug (Buy Now, Make Offer, owner); 'unit' is /uid (Purchase, status). */
  variant?: 'page' | 'unit';
  /** Extra badges beside the availability (e.g. a verified-tap badge). */
  badgeSlot?: ReactNode;
  /** Sections below the details, e.g. the provenance list. */
  children?: ReactNode;
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the viewer can do about the chip's sale: buy or offer, their owner's tools, or why not. */
function PurchaseArea({ chip, variant }: { chip: Chip; variant: 'page' | 'unit' }) {
  const { actions, isOwn } = useChipActions(chip);
  if (isOwn) {
    return (
      <section
        aria-labelledby="owner-heading"
        className="space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-4"
      >
        <h2 id="owner-heading" className="text-base font-semibold text-gray-900">
          You own this {BRAND.name}
        </h2>
        {chip.status === 'pending' && actions.activate && (
          <p className="text-sm text-gray-800">
            It is not in the marketplace yet: activate it with a price to list it.
          </p>
        )}
        {chip.status === 'removed' && (
          <p className="text-sm font-medium text-red-900">
            An admin took this {BRAND.name} down: only you and our admins can see it.
          </p>
        )}
        <Suspense fallback={<p className="text-sm text-gray-700">Loading your options…</p>}>
          <LazyChipOwnerActions chip={chip} showCustody />
        </Suspense>
      </section>
    );
  }
  const canOffer = actions.offer && variant === 'page';
  if (actions.buy || canOffer) {
    // Buy and offer are one decision: a pair of equal buttons, buying first.
    return (
      <div className={actions.buy && canOffer ? 'grid grid-cols-2 gap-3' : 'grid'}>
        {actions.buy && (
          <BuyButton
            chip={chip}
            label={variant === 'unit' ? `Purchase ${BRAND.name}` : 'Buy Now'}
            className="w-full"
          />
        )}
        {canOffer && <MakeOfferButton chip={chip} size="lg" className="w-full" />}
      </div>
    );
  }
  let reason: string;
  if (chip.status === 'sold') reason = `This ${BRAND.name} has been sold and is no longer available.`;
  else if (chip.isDemoNotForSale) reason = DEMO_CHIP_NOT_FOR_SALE_MESSAGE;
  else if (chip.status === 'active' && chip.isReserved)
    reason = `This ${BRAND.name} is reserved for a buyer just now. Check back later.`;
  else if (chip.status === 'removed') reason = `This ${BRAND.name} is unavailable.`;
  else reason = `This ${BRAND.name} is not for sale right now.`;
  return chip.status === 'sold' ? (
    <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900">
      {reason}
    </p>
  ) : (
    <p className="text-sm text-gray-800">{reason}</p>
  );
}

/** Everything a buyer needs about one chip; renders the page's h1 (the chip's title). */
export function ChipDetail({ chip, variant = 'page', badgeSlot, children }: ChipDetailProps) {
  const { actions, isOwn } = useChipActions(chip);
  // A chip not activated yet has no price to show; its owner is asked to activate it below.
  const showPrice = chip.status !== 'pending' || chip.priceUsd !== null;

  return (
    <div className="space-y-10">
      {chip.isDemo && <DemoBanner className="rounded-md text-sm" />}
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-x-12">
        <div className="self-start">
          <ArtViewer chip={chip} />
        </div>

        <div className="space-y-6 self-start lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="space-y-3">
            <div className="flex flex-wrap items-center gap-2">
              <AvailabilityBadge chip={chip} />
              {badgeSlot}
            </div>
            <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
              <h1 className="min-w-0 text-3xl font-bold break-words text-gray-900 sm:text-4xl">
                {chip.title}
              </h1>
              <ShareButton
                title={chip.title}
                text={`${chip.title} by @${chip.creatorUsername} on ${BRAND.name}`}
                subject={chip.title}
              />
            </div>
          </div>
          <ReportedNotice chip={chip} />
          {chip.underReview && (
            <section
              aria-label={CHIP_UNDER_REVIEW_LABEL}
              className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
            >
              <p className="font-semibold">{CHIP_UNDER_REVIEW_LABEL}</p>
              <p>{CHIP_UNDER_REVIEW_TEXT}</p>
            </section>
          )}
          <ChipPeople chip={chip} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <WatchButton chip={chip} size="md" />
            <FollowButton username={chip.creatorUsername} followerCount={chip.creatorFollowerCount} />
          </div>

          <section
            aria-label="Price"
            className="space-y-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
          >
            {showPrice && <ChipPrice chip={chip} size="lg" />}
            <PurchaseArea chip={chip} variant={variant} />
            {actions.buy && !isOwn && <PaypalNote isEnabled={chip.paypalEnabled} />}
          </section>

          {chip.description && (
            <div>
              <h2 className="text-lg font-semibold text-gray-900">Description</h2>
              <p className="mt-1 whitespace-pre-line text-gray-800">{chip.description}</p>
            </div>
          )}
          <VideoLink chip={chip} />
          <AssociatedLink chip={chip} />
          <SocialLinks chip={chip} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-gray-200 p-4 text-sm">
            <dt className="font-semibold text-gray-900">Created</dt>
            <dd className="text-gray-800">
              <LongDate iso={chip.createdAt} />
            </dd>
            <dt className="font-semibold text-gray-900">Shape</dt>
            <dd className="text-gray-800">{capitalize(chip.shape)}</dd>
            <dt className="font-semibold text-gray-900">Size</dt>
            <dd className="text-gray-800">{BRAND.chipSizeMm} mm</dd>
            {variant === 'unit' && (
              <>
                <dt className="font-semibold text-gray-900">Status</dt>
                <dd className="text-gray-800">{STATUS_LABELS[chip.status]}</dd>
              </>
            )}
          </dl>
          <AuthenticityPanel chip={chip} />
        </div>

        <div className="self-start lg:col-start-1 lg:row-start-2">
          <ChipObject chip={chip} />
        </div>
      </div>
      {children}
    </div>
  );
}
