import type { ReactNode } from 'react';
import { Link } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { Chip } from '#shared/chips.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useDisplayTimeZone } from '#web/lib/hydration.ts';
import {
  BuyButton,
  ChipImage,
  ChipPeople,
  DemoBanner,
  formatLongDate,
  formatPriceUsd,
  MakeOfferButton,
  ReportedNotice,
  soldForCents,
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

/**
 * The tap's answer to "is it for sale": reported lost or stolen, for sale at a price (Buy, Make Offer as
 * the viewer's actions allow), sold on a date for a price, or not for sale.
 */
function SaleStatus({ chip }: { chip: Chip }) {
  const timeZone = useDisplayTimeZone();
  const usd = formatPriceUsd(chip.priceUsd);
  const sold = soldForCents(chip);
  let line: ReactNode;
  if (chip.reportStatus) line = `Reported ${chip.reportStatus} by its owner`;
  else if (chip.isDemoNotForSale) line = 'A demo, not for sale';
  else if (chip.status === 'active' && usd)
    line = chip.isReserved ? `Reserved · listed at ${usd}` : `For sale at ${usd}`;
  else if (sold !== null && chip.lastSale)
    line = `Sold on ${formatLongDate(chip.lastSale.soldAt, timeZone)} for ${formatUsd(sold)}`;
  else line = 'Not for sale';
  return (
    <section
      aria-labelledby="nfc-status-heading"
      className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
    >
      <h2 id="nfc-status-heading" className="text-sm font-semibold text-gray-800">
        Status
      </h2>
      <p className="mt-2 text-2xl font-bold text-gray-900" data-testid="tap-sale-status">
        {line}
      </p>
      {(chip.actions.buy || chip.actions.offer) && (
        <div className="mt-4 flex flex-wrap gap-3">
          {chip.actions.buy && <BuyButton chip={chip} label="Buy" />}
          {chip.actions.offer && <MakeOfferButton chip={chip} size="lg" />}
        </div>
      )}
    </section>
  );
}

/**
 * A chip reached from its NFC tag: is it real (the verification under its title), whose is it (owner and
 * creator), is it for sale (status with Buy), and the way to its page and provenance (issue 27).
 */
export function NfcChipView({ chip, nfcUid, verification }: NfcChipViewProps) {
  const timeZone = useDisplayTimeZone();
  const chipHref = ROUTES.chip(chip.creatorUsername, chip.slug);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      {chip.isDemo && <DemoBanner className="mb-6 rounded-md text-sm" />}
      <div className="grid gap-10 md:grid-cols-2">
        <div className="self-start rounded-2xl bg-gray-50 p-6">
          <ChipImage chip={chip} sizes="(min-width: 768px) 480px, 95vw" isAboveFold />
        </div>
        <div className="space-y-5">
          <h1 className="text-3xl font-bold text-gray-900 sm:text-4xl">{chip.title}</h1>
          {verification}
          <ReportedNotice chip={chip} />
          <ChipPeople chip={chip} />
          <SaleStatus chip={chip} />
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg" variant="secondary">
              <Link to={chipHref}>See its page and provenance</Link>
            </Button>
            <Button asChild size="lg" variant="ghost">
              <Link to={ROUTES.marketplace}>Explore More {BRAND.plural}</Link>
            </Button>
          </div>
          {chip.description && <p className="whitespace-pre-line text-gray-800">{chip.description}</p>}
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="font-semibold text-gray-900">Made</dt>
            <dd className="text-gray-800">{formatLongDate(chip.createdAt, timeZone)}</dd>
            <dt className="font-semibold text-gray-900">Shape</dt>
            <dd className="text-gray-800">{chip.shape === 'round' ? 'Round' : 'Square'}</dd>
            <dt className="font-semibold text-gray-900">NFC chip UID</dt>
            <dd className="font-mono break-all text-gray-800">{chip.nfcUid ?? nfcUid}</dd>
          </dl>
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
