import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '#web/lib/router.tsx';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { formatTokenAmount, formatUsd } from '#shared/money.ts';
import type { Order } from '#shared/orders.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useCompleteOrder } from '../api/complete-order.ts';
import { startPaying } from '../api/start-paying.ts';
import { checkoutSuccessPath, parseAmountCents, parseOrderId } from '../lib/checkout-links.ts';
import {
  PAYMENT_FAILED_DESCRIPTION,
  PAYMENT_METHOD_LABELS,
  parsePaymentMethod,
  paymentFailedTitle,
} from '../lib/payment-labels.ts';
import { describeSavings } from '../lib/savings.ts';

/** How long the simulation "processes" before completing, so 'Simulate failure' can be tried. */
const SIMULATED_PROCESSING_MS = 1500;

type SimulationState = 'processing' | 'success' | 'failed';

/**
 * The demo payment simulation (spec §2): processing, then POST /api/orders/:id/complete → success, or
 * failed. Without an orderId it fails at once.
 */
export default function PaymentProcessingPage() {
  const [params] = useSearchParams();
  const orderId = parseOrderId(params.get('orderId'));
  const amountCents = parseAmountCents(params.get('amount'));
  const method = parsePaymentMethod(params.get('method'));
  const email = params.get('email');
  const isNewAccount = params.get('newAccount') === 'true';
  const [state, setState] = useState<SimulationState>(orderId === null ? 'failed' : 'processing');
  const [order, setOrder] = useState<Order | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const complete = useCompleteOrder();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hasStarted = useRef(false);
  const { mutate } = complete;

  usePageTitle(
    state === 'success' ? 'Payment Successful' : state === 'failed' ? 'Payment Failed' : 'Processing Payment',
  );

  useEffect(() => {
    if (orderId === null || hasStarted.current) return;
    const pay = (id: number) =>
      mutate(id, {
        onSuccess: (paid) => {
          setOrder(paid);
          setState(paid.paymentStatus === 'failed' ? 'failed' : 'success');
        },
        onError: (err) => {
          setFailure(errorMessage(err, PAYMENT_FAILED_DESCRIPTION));
          setState('failed');
        },
      });
    timer.current = setTimeout(() => {
      hasStarted.current = true;
      // As every payment page does, say the payment starts before paying (decision 033): when
      // someone else is already paying for the chip, the simulation stops here, before any money.
      startPaying(orderId).then(
        () => pay(orderId),
        (err: unknown) => {
          setFailure(errorMessage(err, PAYMENT_FAILED_DESCRIPTION));
          setState('failed');
        },
      );
    }, SIMULATED_PROCESSING_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [orderId, mutate]);

  function simulateFailure() {
    if (timer.current) clearTimeout(timer.current);
    hasStarted.current = true;
    setState('failed');
  }

  const amount = order ? formatUsd(order.totalCents) : amountCents !== null ? formatUsd(amountCents) : null;
  const savings = order ? describeSavings(order) : null;

  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <div className="rounded-xl border border-gray-200 bg-white p-8 text-center shadow-sm">
        <Badge tone="yellow">Demo payment</Badge>
        {state === 'processing' && (
          <div role="status" className="mt-4 space-y-4">
            <Loader2 className="mx-auto h-12 w-12 animate-spin text-brand-600" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-gray-900">Processing Payment...</h1>
            <p className="text-gray-700">
              {amount ? `${amount}` : 'Your payment'}
              {method ? ` with ${PAYMENT_METHOD_LABELS[method]}` : ''}. No real money is charged in demo mode.
            </p>
            <Button variant="secondary" onClick={simulateFailure} disabled={complete.isPending}>
              Simulate failure
            </Button>
          </div>
        )}
        {state === 'success' && order && (
          <div className="mt-4 space-y-4">
            <CheckCircle2 className="mx-auto h-12 w-12 text-green-700" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-gray-900">Payment Successful!</h1>
            <p className="text-gray-800">
              Order #{order.id}
              {order.artchipTitle ? ` (${order.artchipTitle})` : ''} is paid: {formatUsd(order.totalCents)}
              {order.paymentMethod === 'artchip' && order.artchipAmount
                ? ` (${formatTokenAmount(order.artchipAmount, { withTicker: true })})`
                : ''}
              .
            </p>
            {order.orderType === 'transfer' && order.transferTo && (
              <p className="font-medium text-gray-900">
                {order.artchipTitle ?? 'The chip'} now belongs to {order.transferTo}. We e-mailed them.
              </p>
            )}
            {savings && <p className="font-medium text-green-800">{savings}</p>}
            <Button asChild size="lg">
              <Link to={checkoutSuccessPath({ orderId: order.id, email, isNewAccount })}>Continue</Link>
            </Button>
          </div>
        )}
        {state === 'failed' && (
          <div role="alert" className="mt-4 space-y-4">
            <XCircle className="mx-auto h-12 w-12 text-red-700" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-gray-900">{paymentFailedTitle(method)}</h1>
            <p className="text-gray-800">{PAYMENT_FAILED_DESCRIPTION}</p>
            {failure && failure !== PAYMENT_FAILED_DESCRIPTION && (
              <p className="text-sm text-gray-700">{failure}</p>
            )}
            {orderId !== null && <Button onClick={() => window.location.reload()}>Try Again</Button>}
          </div>
        )}
      </div>
    </div>
  );
}
