import { cn } from '#web/components/ui/cn.ts';
import { formatPriceUsd, formatTokenPrice } from '../lib/chip-format.ts';

type PriceTagProps = {
  /** USD decimal string from the chip ("12.50"). */
  priceUsd: string | null;
  /** The server's token amount for that USD price at the live token price (whole tokens). */
  price: string | null;
  size?: 'sm' | 'lg';
  className?: string;
};

/** A chip's price in USD (2 decimals) and in the token, rounded to whole tokens. */
export function PriceTag({ priceUsd, price, size = 'sm', className }: PriceTagProps) {
  const usd = formatPriceUsd(priceUsd);
  const tokens = formatTokenPrice(price);
  if (!usd) {
    return <p className={cn('text-sm text-gray-700', className)}>Price not set</p>;
  }
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-2', className)}>
      <span className={cn('font-bold text-gray-900', size === 'lg' ? 'text-3xl' : 'text-lg')}>{usd}</span>
      {tokens && (
        <span className={cn('text-gray-700', size === 'lg' ? 'text-base' : 'text-sm')}>
          <span aria-hidden="true">≈ </span>
          <span className="sr-only">or about </span>
          {tokens}
        </span>
      )}
    </p>
  );
}
