import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { formatUsd } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { startPaying } from '../api/start-paying.ts';
import { usePaymentsConfig } from '../api/get-payments-config.ts';
import { checkoutSuccessPath } from '../lib/checkout-links.ts';
import { PAYMENT_FAILED_DESCRIPTION, paymentFailedTitle } from '../lib/payment-labels.ts';
import { loadStripeJs } from '../lib/stripe-js.ts';

export type StripeCardFormProps = {
  orderId: number;
  amountCents: number;
  /** The PaymentIntent's client secret checkout stored (read once from localStorage by the page). */
  clientSecret: string;
  /** Called once Stripe confirmed the payment (the order is marked paid by Stripe's signed webhook). */
  onSuccess: () => void;
  /** Called with the message shown when it did not; the button is enabled again. */
  onError: (message: string) => void;
};

const SETUP_FAILED = 'We could not load the secure payment form. Please reload the page.';

const CARD_STYLE = {
  base: { fontSize: '16px', color: '#111827', '::placeholder': { color: '#4b5563' } },
  invalid: { color: '#b91c1c' },
};

/**
 * The LIVE card form of /stripe-processing (spec §2, §4): Stripe.js and its card element, loaded
 * only here and only when card payments are live. 'Pay Now' confirms the PaymentIntent with
 * confirmCardPayment (3-D Secure returns to /checkout-success?orderId=); a failure shows Stripe's
 * message in red, or 'Payment failed.', and the spec §8 toast.
 */
export function StripeCardForm({
  orderId,
  amountCents,
  clientSecret,
  onSuccess,
  onError,
}: StripeCardFormProps) {
  const config = usePaymentsConfig();
  const publishableKey = config.data?.stripe?.publishableKey ?? null;
  const toast = useToast();
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ client: Stripe; card: StripeCardElement } | null>(null);
  const [setupError, setSetupError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const labelId = useId();
  const messageId = useId();

  useEffect(() => {
    if (!publishableKey || !mountRef.current) return;
    const container = mountRef.current;
    let card: StripeCardElement | null = null;
    let isCancelled = false;
    loadStripeJs(publishableKey)
      .then((client) => {
        if (isCancelled) return;
        const created = client.elements().create('card', { style: CARD_STYLE, hidePostalCode: false });
        card = created;
        created.on('change', (event) => setMessage(event.error?.message ?? null));
        created.on('ready', () => setStripe({ client, card: created }));
        created.mount(container);
      })
      .catch(() => {
        if (!isCancelled) setSetupError(SETUP_FAILED);
      });
    return () => {
      isCancelled = true;
      card?.destroy();
    };
  }, [publishableKey]);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!stripe || isBusy) return;
    setIsBusy(true);
    setMessage(null);
    try {
      // Keeps the chip for this buyer while Stripe works (3-D Secure included), or stops here, before
      // any money moves, when someone else is already paying for it.
      try {
        await startPaying(orderId);
      } catch (err) {
        fail(errorMessage(err, 'Payment failed.'));
        return;
      }
      const result = await stripe.client.confirmCardPayment(clientSecret, {
        payment_method: { card: stripe.card },
        return_url: new URL(checkoutSuccessPath({ orderId }), window.location.origin).href,
      });
      const status = result.paymentIntent?.status;
      if (!result.error && (status === 'succeeded' || status === 'processing')) {
        onSuccess();
        return;
      }
      fail(result.error?.message || 'Payment failed.');
    } catch {
      fail('Payment failed.');
    } finally {
      setIsBusy(false);
    }
  }

  function fail(text: string) {
    setMessage(text);
    toast({
      title: paymentFailedTitle('card'),
      description: PAYMENT_FAILED_DESCRIPTION,
      variant: 'destructive',
    });
    onError(text);
  }

  const isSettingUp = !stripe && !setupError;
  return (
    <form
      onSubmit={(e) => void pay(e)}
      className="space-y-4"
      aria-describedby={message ? messageId : undefined}
    >
      <h2 id={labelId} className="text-lg font-semibold text-gray-900">
        Card details
      </h2>
      {isSettingUp && (
        <p role="status" className="text-sm text-gray-700">
          Setting up secure payment...
        </p>
      )}
      {setupError && (
        <p role="alert" className="text-sm text-red-700">
          {setupError}
        </p>
      )}
      <div
        ref={mountRef}
        role="group"
        aria-labelledby={labelId}
        className="min-h-12 rounded-md border border-gray-300 bg-white px-3 py-3 focus-within:ring-2 focus-within:ring-brand-600"
      />
      {message && (
        <p id={messageId} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || isBusy}>
        <Lock className="h-4 w-4" aria-hidden="true" />
        {isBusy ? 'Processing...' : `Pay Now ${formatUsd(amountCents)}`}
      </Button>
    </form>
  );
}
