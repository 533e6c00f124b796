import type { ReactNode } from 'react';
import { ImageOff } from 'lucide-react';
import { Skeleton } from '#web/components/ui/skeleton.tsx';

type PaymentItemSummaryProps = {
  isLoading: boolean;
  title: string | null;
  imageUrl: string | null;
  creatorUsername: string | null;
  children: ReactNode;
};

/** The 'Order Summary' box of the card and PayPal pages: image, title, creator, then the amounts. */
export function PaymentItemSummary({
  isLoading,
  title,
  imageUrl,
  creatorUsername,
  children,
}: PaymentItemSummaryProps) {
  return (
    <section
      aria-labelledby="payment-summary-heading"
      className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
    >
      <h2 id="payment-summary-heading" className="text-lg font-semibold text-gray-900">
        Order Summary
      </h2>
      <div className="mt-4 flex items-center gap-4">
        {isLoading ? (
          <Skeleton className="h-20 w-20" />
        ) : imageUrl ? (
          <img
            src={imageUrl}
            alt={title ?? 'Item'}
            width={80}
            height={80}
            className="h-20 w-20 rounded-lg object-cover"
          />
        ) : (
          <div
            role="img"
            aria-label={`${title ?? 'Item'} (no image)`}
            className="flex h-20 w-20 items-center justify-center rounded-lg bg-gray-100 text-gray-700"
          >
            <ImageOff className="h-6 w-6" aria-hidden="true" />
          </div>
        )}
        <div>
          {isLoading ? (
            <Skeleton className="h-5 w-40" />
          ) : (
            <p className="font-semibold text-gray-900">{title ?? 'Your order'}</p>
          )}
          {creatorUsername && <p className="text-sm text-gray-700">by {creatorUsername}</p>}
        </div>
      </div>
      <div className="mt-4 border-t border-gray-200 pt-4">{children}</div>
    </section>
  );
}
