import type { ReactNode } from 'react';
import { formatUsd, parsePercentToBasisPoints, parseUsdToCents } from '#shared/money.ts';
import {
  creatorRoyaltyCents,
  describeCreatorRoyalty,
  describePlatformFee,
  splitSale,
} from '#shared/pricing.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { useSiteSettings } from '#web/lib/api/get-site-settings.ts';

export type SaleSplitProps = {
  /** The price as a form holds it (a USD decimal string, maybe half typed) or in cents. */
  price: string | number | null | undefined;
  /** The chip's highest sale so far (0 before its first): the chip's or the offer's highestSaleCents. */
  highestSaleCents: number;
  /** Who reads it: a seller is told what they receive, a buyer what they pay. */
  viewer: 'seller' | 'buyer';
  /**
   * Whether the one selling is the chip's creator: a first sale pays no royalty; any other sale pays
   * the creator's royalty out of the platform fee (decision 081).
   */
  sellerIsCreator: boolean;
  className?: string;
};

/** Cents of a valid positive price, or null while the field is empty or not a price yet. */
function priceToCents(price: SaleSplitProps['price']): number | null {
  if (typeof price === 'number') return Number.isSafeInteger(price) && price > 0 ? price : null;
  if (!price) return null;
  try {
    const cents = parseUsdToCents(price.trim());
    return cents > 0 ? cents : null;
  } catch {
    return null;
  }
}

function Row({ label, value, isStrong = false }: { label: ReactNode; value: string; isStrong?: boolean }) {
  return (
    <div
      className={cn(
        'flex items-start justify-between gap-4',
        isStrong && 'border-t border-gray-300 pt-1 font-semibold text-gray-900',
      )}
    >
      <dt>{label}</dt>
      <dd className="shrink-0 tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * Who gets what at this price, live as it is typed (PRODUCT.md: everyone sees the split before
 * committing): the buyer's price, the platform fee with its rule, and the seller's proceeds. Computed
 * by the same splitSale the server books the sale with, from the site's platformFeePercent.
 */
export function SaleSplit({ price, highestSaleCents, viewer, sellerIsCreator, className }: SaleSplitProps) {
  const settings = useSiteSettings();
  const salePriceCents = priceToCents(price);
  const isSeller = viewer === 'seller';

  let body: ReactNode;
  if (settings.isPending) {
    body = (
      <div role="status" aria-label="Loading the platform fee" className="space-y-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  } else if (settings.isError) {
    body = <p>The platform fee could not be loaded. Please try again.</p>;
  } else if (salePriceCents === null) {
    body = (
      <p className="text-gray-700">
        {isSeller
          ? 'Enter a price to see the platform fee and what you receive.'
          : 'Enter an amount to see what you pay and what the seller receives.'}
      </p>
    );
  } else {
    const input = {
      salePriceCents,
      highestSaleCents,
      platformFeeBasisPoints: parsePercentToBasisPoints(settings.data.platformFeePercent),
      feeBase: settings.data.feeBase,
    };
    const split = splitSale(input);
    const creatorRoyaltyBasisPoints = parsePercentToBasisPoints(settings.data.creatorRoyaltyPercent);
    const royaltyCents = creatorRoyaltyCents({
      baseCents: salePriceCents,
      platformFeeCents: split.platformFeeCents,
      creatorRoyaltyBasisPoints,
      leavesCreator: sellerIsCreator,
    });
    body = (
      <>
        <dl className="space-y-1">
          <Row label={isSeller ? "Buyer's price" : 'You pay'} value={formatUsd(salePriceCents)} />
          <Row
            label={
              <>
                Platform fee{isSeller ? '' : ', from the seller’s share'}
                <span className="block text-xs text-gray-700">{describePlatformFee(input)}</span>
              </>
            }
            value={formatUsd(split.platformFeeCents)}
          />
          {royaltyCents > 0 && (
            <Row
              label={
                <>
                  <span className="pl-3">of which the creator’s royalty</span>
                  <span className="block pl-3 text-xs text-gray-700">
                    {describeCreatorRoyalty(creatorRoyaltyBasisPoints)}
                  </span>
                </>
              }
              value={formatUsd(royaltyCents)}
            />
          )}
          <Row
            label={isSeller ? 'You receive' : 'The seller receives'}
            value={formatUsd(split.sellerProceedsCents)}
            isStrong={isSeller}
          />
        </dl>
        {!isSeller && (
          <p className="mt-2 text-xs text-gray-700">
            Shipping, if you choose it, and any payment-method discount or fee are added at checkout.
          </p>
        )}
      </>
    );
  }

  return (
    <section
      aria-label="Who gets what"
      className={cn('rounded-md border border-gray-200 bg-gray-50 p-3 text-sm text-gray-800', className)}
    >
      {body}
    </section>
  );
}
