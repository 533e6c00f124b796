import type { ReactNode } from 'react';
import { Link } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { Chip } from '#shared/chips.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useDisplayTimeZone } from '#web/lib/hydration.ts';
import {
  ChipImage,
  DemoBanner,
  formatLongDate,
  formatPriceUsd,
  ReportedNotice,
} from '#web/features/chips/index.ts';

export type NfcChipViewProps = {
  chip: Chip;
  /** The UID the visitor came with (shown if the chip record has none). */
  nfcUid: string;
  /**
   * What the page knows about the tap: a "Not verified" note for legacy `/?UID=` links, or a
   * verification badge for a checked SUN tap. Rendered under the title.
   */
  verification: ReactNode;
};

/** A chip reached from its NFC tag: image, state, UID, creator, date and price, with the ways onward. */
export function NfcChipView({ chip, nfcUid, verification }: NfcChipViewProps) {
  const timeZone = useDisplayTimeZone();
  // The server's answer for this viewer: only a chip they can buy now reads as for purchase.
  const isListed = chip.actions.buy;
  const usd = formatPriceUsd(chip.priceUsd);
  const creator = chip.creatorUsername.trim();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      {chip.isDemo && <DemoBanner className="mb-6 rounded-md text-sm" />}
      <div className="grid gap-10 md:grid-cols-2">
        <div className="self-start rounded-2xl bg-gray-50 p-6">
          <ChipImage chip={chip} sizes="(min-width: 768px) 480px, 95vw" isAboveFold />
        </div>
        <div className="space-y-5">
          <div className="flex flex-wrap gap-2">
            {chip.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="yellow">Pending</Badge>}
            <Badge tone="blue">{chip.shape === 'round' ? 'Round' : 'Square'}</Badge>
          </div>
          <p className="text-sm text-gray-800">
            NFC chip UID: <span className="font-mono break-all">{chip.nfcUid ?? nfcUid}</span>
          </p>
          <h1 className="text-3xl font-bold text-gray-900 sm:text-4xl">{chip.title}</h1>
          {verification}
          <ReportedNotice chip={chip} />
          {chip.description && <p className="whitespace-pre-line text-gray-800">{chip.description}</p>}
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="font-semibold text-gray-900">Created by</dt>
            <dd className="text-gray-800">
              {creator ? (
                <Link
                  to={ROUTES.gallery(creator)}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  @{creator}
                </Link>
              ) : (
                'Unknown'
              )}
            </dd>
            <dt className="font-semibold text-gray-900">Created</dt>
            <dd className="text-gray-800">{formatLongDate(chip.createdAt, timeZone)}</dd>
          </dl>
          <section
            aria-labelledby="nfc-price-heading"
            className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="nfc-price-heading" className="text-sm font-semibold text-gray-800">
                Current Price
              </h2>
              {isListed && <Badge tone="green">Available for Purchase</Badge>}
            </div>
            <p className="mt-2 text-3xl font-bold text-gray-900">{usd ?? 'Not priced yet'}</p>
          </section>
          <div className="flex flex-wrap gap-3">
            {isListed && (
              <Button asChild size="lg">
                <Link to={ROUTES.chip(chip.creatorUsername, chip.slug)}>View in Marketplace</Link>
              </Button>
            )}
            <Button asChild size="lg" variant="secondary">
              <Link to={ROUTES.home}>Explore More {BRAND.plural}</Link>
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}

/** The note for legacy `/?UID=` links: the link names a chip, it does not prove the tag is genuine. */
export function NotVerifiedNote() {
  return (
    <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <strong>Not verified:</strong> this link only names the chip; tap the chip with your phone to verify it.
    </p>
  );
}
