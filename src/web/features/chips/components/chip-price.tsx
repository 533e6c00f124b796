import type { Chip } from '#shared/chips.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import { cn } from '#web/components/ui/cn.ts';
import { PriceTag } from './price-tag.tsx';

type PriceChip = Pick<Chip, 'status' | 'priceUsd' | 'price' | 'lastSale'>;

/** What a sold chip sold for, in cents; null while it is not sold (or sold before sales were recorded). */
export function soldForCents(chip: Pick<Chip, 'status' | 'lastSale'>): number | null {
  return chip.status === 'sold' && chip.lastSale ? chip.lastSale.priceCents : null;
}

const SIZES = { xs: 'text-sm', sm: 'text-lg', lg: 'text-3xl' } as const;

/**
 * The price a chip's card and page show: what it sold for while it is sold (its old list price is not an
 * asking price any more), else its list price in USD and the token.
 */
export function ChipPrice({
  chip,
  size = 'sm',
  className,
}: {
  chip: PriceChip;
  size?: 'xs' | 'sm' | 'lg';
  className?: string;
}) {
  const sold = soldForCents(chip);
  if (sold === null)
    return <PriceTag priceUsd={chip.priceUsd} price={chip.price} size={size} className={className} />;
  return (
    <p className={cn('text-gray-800', className)}>
      Sold for <span className={cn('font-bold text-gray-900', SIZES[size])}>{formatUsd(sold)}</span>
    </p>
  );
}
