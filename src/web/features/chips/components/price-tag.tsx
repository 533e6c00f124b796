import { cn } from '#web/components/ui/cn.ts';
import { formatPriceUsd, formatTokenPrice } from '../lib/chip-format.ts';

type PriceTagProps = {
  /** USD decimal string from the chip ("12.50"). */
  priceUsd: string | null;
  /** The server's token amount for that USD price at the live token price (whole tokens). */
  price: string | null;
  size?: 'xs' | 'sm' | 'lg';
  className?: string;
};

const USD_SIZES = { xs: 'text-sm', sm: 'text-lg', lg: 'text-3xl' } as const;
const TOKEN_SIZES = { xs: 'text-xs', sm: 'text-sm', lg: 'text-base' } as const;

/** A chip's price in USD (2 decimals) and in the token, rounded to whole tokens. */
export function PriceTag({ priceUsd, price, size = 'sm', className }: PriceTagProps) {
  const usd = formatPriceUsd(priceUsd);
  const tokens = formatTokenPrice(price);
  if (!usd) {
    return <p className={cn('text-sm text-gray-700', className)}>Price not set</p>;
  }
  return (
    <p className={cn('flex flex-wrap items-baseline', size === 'xs' ? 'gap-x-1.5' : 'gap-x-2', className)}>
      <span className={cn('font-bold text-gray-900', USD_SIZES[size])}>{usd}</span>
      {tokens && (
        <span className={cn('text-gray-700', TOKEN_SIZES[size])}>
          <span aria-hidden="true">≈ </span>
          <span className="sr-only">or about </span>
          {tokens}
        </span>
      )}
    </p>
  );
}
