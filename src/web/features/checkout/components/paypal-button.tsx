import { useState } from 'react';
import type { Order } from '#shared/orders.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useCompleteOrder } from '../api/complete-order.ts';

export type PaypalButtonProps = {
  orderId: number;
  amountCents: number;
  onSuccess: (order: Order) => void;
  onError: (message: string) => void;
};

/**
 * The PayPal button of /paypal-processing. This is the DEMO implementation: it completes the order
 * through the payment simulation. Live PayPal replaces the internals with the PayPal JS SDK buttons
 * (create the order with POST /paypal/order, capture with POST /paypal/order/:id/capture), keeping
 * these props.
 */
export function PaypalButton({ orderId, onSuccess, onError }: PaypalButtonProps) {
  const complete = useCompleteOrder();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <button
        type="button"
        disabled={complete.isPending}
        onClick={() => {
          setMessage(null);
          complete.mutate(orderId, {
            onSuccess: (order) => {
              if (order.paymentStatus === 'failed') {
                setMessage('Payment failed.');
                onError('Payment failed.');
              } else onSuccess(order);
            },
            onError: (err) => {
              const text = errorMessage(err, 'Payment failed.');
              setMessage(text);
              onError(text);
            },
          });
        }}
        className="flex h-12 w-full items-center justify-center gap-2 rounded-md bg-[#ffc439] font-semibold text-[#111] hover:bg-[#f2ba36] disabled:cursor-not-allowed disabled:opacity-70"
      >
        {complete.isPending ? 'Processing...' : 'Pay with PayPal'}
        <Badge tone="gray">Demo</Badge>
      </button>
      {message && (
        <p role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}
