import { BRAND } from '#shared/brand.ts';
import type { OrderSummaryDto } from '#shared/checkout.schemas.ts';
import { formatTokenAmount, formatUsd, parseUsdToCents } from '#shared/money.ts';
import { INSURED_SHIPPING_LABEL } from '#shared/pricing.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';

type OrderSummaryProps = {
  summary: OrderSummaryDto | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Settings' direct-PayPal fee ("20.00"), named beside the fee line. */
  paypalMarkupPercent: string;
  /** Settings' shipping protection rate ("1.50") and threshold ("500.00"), named beside its line. */
  insuredShippingPercent?: string;
  insuredShippingThresholdUsd?: string;
  shippingOption: 'ship' | 'store';
  /** The country it ships to, named on the shipping line ("Shipping to France"). */
  destinationName?: string | null;
  /** The chosen method: the token amount is shown only for a token payment (issue 27). */
  paymentMethod: 'card' | 'paypal' | 'artchip';
};

function formatPercent(percent: string): string {
  return percent.includes('.') ? percent.replace(/0+$/, '').replace(/\.$/, '') : percent;
}

/** The live summary (base price, discount, fee, shipping, total, token amount) priced by the server. */
export function OrderSummary({
  summary,
  isLoading,
  isError,
  paypalMarkupPercent,
  insuredShippingPercent,
  insuredShippingThresholdUsd,
  shippingOption,
  destinationName,
  paymentMethod,
}: OrderSummaryProps) {
  const isToken = paymentMethod === 'artchip';
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="rounded-lg border border-gray-200 bg-gray-50 p-4"
    >
      <h3 id="order-summary-heading" className="text-sm font-semibold text-gray-900">
        Order Summary
      </h3>
      {!summary && isLoading && (
        <div className="mt-3 space-y-2" role="status" aria-label="Loading order summary">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      )}
      {!summary && isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          The order summary could not be loaded. Please try again.
        </p>
      )}
      {summary && (
        <>
          <dl className="mt-3 space-y-1 text-sm text-gray-800">
            <div className="flex justify-between">
              <dt>Base price</dt>
              <dd>{formatUsd(summary.basePriceCents)}</dd>
            </div>
            {summary.discountCents > 0 && (
              <div className="flex justify-between text-green-800">
                <dt>{BRAND.ticker} discount</dt>
                <dd>-{formatUsd(summary.discountCents)}</dd>
              </div>
            )}
            {summary.markupCents > 0 && (
              <div className="flex justify-between">
                <dt>{formatPercent(paypalMarkupPercent)}% convenience fee</dt>
                <dd>{formatUsd(summary.markupCents)}</dd>
              </div>
            )}
            <div className="flex justify-between">
              <dt>
                {shippingOption === 'ship' && destinationName ? `Shipping to ${destinationName}` : 'Shipping'}
              </dt>
              <dd>
                {summary.shippingCents > 0
                  ? formatUsd(summary.shippingCents)
                  : shippingOption === 'store'
                    ? 'Free (vault storage)'
                    : 'Free'}
              </dd>
            </div>
            {summary.insuranceCents > 0 && (
              <div className="flex justify-between gap-3">
                <dt>
                  {INSURED_SHIPPING_LABEL}
                  {insuredShippingPercent && (
                    <span className="block text-xs text-gray-700">
                      {formatPercent(insuredShippingPercent)}% of the price
                      {insuredShippingThresholdUsd
                        ? `, for chips over ${formatUsd(parseUsdToCents(insuredShippingThresholdUsd))}`
                        : ''}
                    </span>
                  )}
                </dt>
                <dd>{formatUsd(summary.insuranceCents)}</dd>
              </div>
            )}
            <div className="flex justify-between border-t border-gray-300 pt-2 text-base font-semibold text-gray-900">
              <dt>Total</dt>
              <dd aria-live="polite">{formatUsd(summary.totalCents)}</dd>
            </div>
            {isToken && (
              <div className="flex justify-between">
                <dt>Token amount</dt>
                <dd>{formatTokenAmount(summary.artchipAmount, { withTicker: true })}</dd>
              </div>
            )}
          </dl>
          {isToken && (
            <p className="mt-2 text-xs text-gray-700">
              {summary.isFallbackPrice
                ? `At the launch price of $${summary.tokenPriceUsd} per token (no live price yet). `
                : `At $${summary.tokenPriceUsd} per token. `}
              Prices refresh every 30 seconds.
            </p>
          )}
        </>
      )}
    </section>
  );
}
