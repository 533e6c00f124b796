import { useId, useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import { formatUsd } from '#shared/money.ts';
import type { Order } from '#shared/orders.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useCompleteOrder } from '../api/complete-order.ts';

export type CardPaymentFormProps = {
  orderId: number;
  amountCents: number;
  /** Called once the payment went through. */
  onSuccess: (order: Order) => void;
  /** Called with the message to show when it did not (the button is enabled again). */
  onError: (message: string) => void;
};

/**
 * The card form of /stripe-processing. This is the DEMO implementation: no card data leaves the page;
 * 'Pay Now' completes the order through the payment simulation (POST /api/orders/:id/complete).
 * Live card payments replace this component's internals with Stripe Elements (confirming the
 * PaymentIntent whose client secret checkout stored), keeping these props.
 */
export function CardPaymentForm({ orderId, amountCents, onSuccess, onError }: CardPaymentFormProps) {
  const complete = useCompleteOrder();
  const [message, setMessage] = useState<string | null>(null);
  const messageId = useId();

  function pay(event: FormEvent) {
    event.preventDefault();
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
  }

  return (
    <form onSubmit={pay} className="space-y-4" aria-describedby={message ? messageId : undefined}>
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold text-gray-900">Card details</h2>
        <Badge tone="yellow">Demo</Badge>
      </div>
      <p className="text-sm text-gray-700">
        Demo mode: no card is charged. The test card below is filled in for you.
      </p>
      <TextField
        label="Card number"
        defaultValue="4242 4242 4242 4242"
        inputMode="numeric"
        autoComplete="off"
        readOnly
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Expiry" defaultValue="12 / 34" autoComplete="off" readOnly />
        <TextField label="CVC" defaultValue="123" autoComplete="off" readOnly />
      </div>
      {message && (
        <p id={messageId} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={complete.isPending}>
        <Lock className="h-4 w-4" aria-hidden="true" />
        {complete.isPending ? 'Processing...' : `Pay Now ${formatUsd(amountCents)}`}
      </Button>
    </form>
  );
}
