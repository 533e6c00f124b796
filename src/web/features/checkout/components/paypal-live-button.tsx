import { useEffect, useRef, useState } from 'react';
import type { PayPalButtonsComponent } from '@paypal/paypal-js';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { capturePaypalOrder } from '../api/capture-paypal-order.ts';
import { createPaypalOrder } from '../api/create-paypal-order.ts';
import { startPaying } from '../api/start-paying.ts';
import { usePaymentsConfig } from '../api/get-payments-config.ts';
import { PAYMENT_FAILED_DESCRIPTION, paymentFailedTitle } from '../lib/payment-labels.ts';
import { loadPaypalJs } from '../lib/paypal-js.ts';

export type PaypalLiveButtonProps = {
  orderId: number;
  amountCents: number;
  /** Called once the capture completed the order. */
  onSuccess: () => void;
  /** Called with the message shown when the payment did not go through. */
  onError: (message: string) => void;
};

const SETUP_FAILED = 'We could not load PayPal. Please reload the page.';
const HELD_BY_PAYPAL = 'PayPal is reviewing this payment. We will e-mail you as soon as it completes.';

/**
 * The LIVE PayPal button of /paypal-processing: the PayPal JS SDK buttons, loaded only here and only
 * when PayPal is live. createOrder → POST /paypal/order (the server charges the order's own total),
 * onApprove → POST /paypal/order/:id/capture, which completes the order; then onSuccess.
 */
export function PaypalLiveButton({ orderId, amountCents, onSuccess, onError }: PaypalLiveButtonProps) {
  const config = usePaymentsConfig();
  const clientId = config.data?.paypal?.clientId ?? null;
  const toast = useToast();
  const containerRef = useRef<HTMLDivElement>(null);
  const [isReady, setIsReady] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The SDK keeps the first callbacks it was given; these refs let them see the latest props.
  const handlers = useRef({ onSuccess, onError });
  useEffect(() => {
    handlers.current = { onSuccess, onError };
  });

  useEffect(() => {
    if (!clientId || !containerRef.current) return;
    const container = containerRef.current;
    let buttons: PayPalButtonsComponent | null = null;
    let isCancelled = false;
    const fail = (text: string) => {
      setMessage(text);
      toast({
        title: paymentFailedTitle('paypal'),
        description: PAYMENT_FAILED_DESCRIPTION,
        variant: 'destructive',
      });
      handlers.current.onError(text);
    };
    loadPaypalJs(clientId)
      .then(async (paypal) => {
        if (isCancelled) return;
        buttons = paypal.Buttons({
          style: { layout: 'vertical', shape: 'rect', label: 'paypal' },
          createOrder: async () => {
            setMessage(null);
            // Keeps the chip while the buyer approves at PayPal; a 409 (someone else is paying)
            // reaches onError before PayPal opens.
            await startPaying(orderId);
            return createPaypalOrder(orderId, amountCents);
          },
          onApprove: async ({ orderID }) => {
            try {
              const result = await capturePaypalOrder(orderID);
              if (result.paymentStatus === 'completed') handlers.current.onSuccess();
              else setNotice(HELD_BY_PAYPAL);
            } catch (err) {
              fail(errorMessage(err, 'Payment failed.'));
            }
          },
          onError: (err) => fail(errorMessage(err, 'Payment failed.')),
        });
        await buttons.render(container);
        if (!isCancelled) setIsReady(true);
      })
      .catch(() => {
        if (!isCancelled) setMessage(SETUP_FAILED);
      });
    return () => {
      isCancelled = true;
      void buttons?.close().catch(() => undefined);
    };
  }, [clientId, orderId, amountCents, toast]);

  return (
    <div className="space-y-2">
      {!isReady && !message && (
        <p role="status" className="text-sm text-gray-700">
          Loading PayPal...
        </p>
      )}
      <div ref={containerRef} />
      {notice && (
        <p role="status" className="text-sm text-gray-800">
          {notice}
        </p>
      )}
      {message && (
        <p role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}
