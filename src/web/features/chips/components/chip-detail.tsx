import { Suspense, type ReactNode } from 'react';
import { Link } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { chipMakerLabel, type Chip } from '#shared/chips.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { LazyChipOwnerActions } from '#web/features/orders/index.ts';
import { useDisplayTimeZone } from '#web/lib/hydration.ts';
import { formatLongDate } from '../lib/chip-format.ts';
import { useChipActions } from '../lib/use-chip-actions.ts';
import { AvailabilityBadge } from './availability-badge.tsx';
import { BuyButton } from './buy-button.tsx';
import { AssociatedLink, SocialLinks } from './chip-links.tsx';
import { ChipImage } from './chip-image.tsx';
import { DemoBanner } from './demo-banner.tsx';
import { MakeOfferButton } from './make-offer-button.tsx';
import { PaypalNote } from './paypal-note.tsx';
import { PriceTag } from './price-tag.tsx';

const DETAIL_IMAGE_SIZES = '(min-width: 1024px) 600px, 95vw';
/** The /uid page's Status row: how the chip stands, in words (an unlisted chip is not sold). */
const STATUS_LABELS: Record<Chip['status'], string> = {
  pending: 'Pending activation',
  active: 'Listed for sale',
  inactive: 'Not for sale',
  sold: 'Sold',
};

export type ChipDetailProps = {
  chip: Chip;
  /** 'page' is /artchip/:username/:slug (Buy Now, Make Offer, owner); 'unit' is /uid (Purchase, status). */
  variant?: 'page' | 'unit';
  /** Extra badges beside unit and availability (e.g. a verified-tap badge). */
  badgeSlot?: ReactNode;
  /** Sections below the details, e.g. the provenance list. */
  children?: ReactNode;
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Everything a buyer needs about one chip; renders the page's h1 (the chip's title). */
export function ChipDetail({ chip, variant = 'page', badgeSlot, children }: ChipDetailProps) {
  const timeZone = useDisplayTimeZone();
  const { actions, isOwn } = useChipActions(chip);
  const ownerUsername = chip.ownerUsername ?? chip.creatorUsername;
  // A chip not activated yet has no price to show; its owner is asked to activate it below.
  const showPrice = chip.status !== 'pending' || chip.priceUsd !== null;

  let purchase: ReactNode;
  if (isOwn) {
    purchase = (
      <section
        aria-labelledby="owner-heading"
        className="space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-4"
      >
        <h2 id="owner-heading" className="text-base font-semibold text-gray-900">
          You own this {BRAND.name}
        </h2>
        {chip.status === 'pending' && (
          <p className="text-sm text-gray-800">
            It is not in the marketplace yet: activate it with a price to list it.
          </p>
        )}
        <Suspense fallback={<p className="text-sm text-gray-700">Loading your options…</p>}>
          <LazyChipOwnerActions chip={chip} showCustody />
        </Suspense>
      </section>
    );
  } else if (actions.buy || actions.offer) {
    purchase = (
      <div className="flex flex-wrap items-center gap-3">
        {actions.buy && (
          <BuyButton chip={chip} label={variant === 'unit' ? `Purchase ${BRAND.name}` : 'Buy Now'} />
        )}
        {actions.offer && variant === 'page' && <MakeOfferButton chip={chip} />}
      </div>
    );
  } else if (chip.status === 'sold') {
    purchase = (
      <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900">
        This {BRAND.name} has been sold and is no longer available.
      </p>
    );
  } else if (chip.status === 'active' && chip.isReserved) {
    purchase = (
      <p className="text-sm text-gray-800">
        This {BRAND.name} is reserved for a buyer just now. Check back later.
      </p>
    );
  } else if (chip.status === 'pending') {
    purchase = <p className="text-sm text-gray-800">This {BRAND.name} is not activated yet.</p>;
  } else {
    purchase = <p className="text-sm text-gray-800">This {BRAND.name} is not for sale right now.</p>;
  }

  return (
    <div className="space-y-10">
      {chip.isDemo && <DemoBanner className="rounded-md text-sm" />}
      <div className="grid gap-10 lg:grid-cols-2">
        <div className="space-y-4 self-start">
          <div className="rounded-2xl bg-gray-50 p-6">
            <ChipImage chip={chip} sizes={DETAIL_IMAGE_SIZES} isAboveFold />
          </div>
          {chip.additionalImageUrls.length > 0 && (
            <ul aria-label="More images" className="grid grid-cols-3 gap-3">
              {chip.additionalImageUrls.map((url, index) => (
                <li key={url}>
                  <img
                    src={url}
                    alt={`${chip.title}, image ${index + 2}`}
                    width={300}
                    height={300}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square w-full rounded-lg bg-gray-100 object-cover"
                  />
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-2">
            {chip.unitId && <Badge tone="blue">Unit #{chip.unitId}</Badge>}
            <AvailabilityBadge chip={chip} />
            {badgeSlot}
          </div>
          <div>
            <h1 className="text-3xl font-bold text-gray-900 sm:text-4xl">{chip.title}</h1>
            <p className="mt-2 text-gray-800">
              Created by{' '}
              <Link
                to={ROUTES.gallery(chip.creatorUsername)}
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                @{chip.creatorUsername}
              </Link>
              <Badge
                tone={chipMakerLabel(chip) === 'Company' ? 'brand' : 'gray'}
                className="ml-2 align-middle"
              >
                {chipMakerLabel(chip)}
              </Badge>
            </p>
          </div>
          {showPrice && <PriceTag priceUsd={chip.priceUsd} price={chip.price} size="lg" />}
          {purchase}
          {actions.buy && <PaypalNote isEnabled={chip.paypalEnabled} />}
          {chip.description && (
            <div>
              <h2 className="text-lg font-semibold text-gray-900">Description</h2>
              <p className="mt-1 whitespace-pre-line text-gray-800">{chip.description}</p>
            </div>
          )}
          <AssociatedLink chip={chip} />
          <SocialLinks chip={chip} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-gray-200 p-4 text-sm">
            <dt className="font-semibold text-gray-900">Created</dt>
            <dd className="text-gray-800">
              <time dateTime={chip.createdAt}>{formatLongDate(chip.createdAt, timeZone)}</time>
            </dd>
            <dt className="font-semibold text-gray-900">Shape</dt>
            <dd className="text-gray-800">{capitalize(chip.shape)}</dd>
            {variant === 'page' ? (
              <>
                <dt className="font-semibold text-gray-900">Owner</dt>
                <dd className="text-gray-800">@{ownerUsername}</dd>
              </>
            ) : (
              <>
                <dt className="font-semibold text-gray-900">Status</dt>
                <dd className="text-gray-800">{STATUS_LABELS[chip.status]}</dd>
              </>
            )}
          </dl>
        </div>
      </div>
      {children}
    </div>
  );
}
