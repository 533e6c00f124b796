import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '#web/lib/router.tsx';
import { Loader2, Wallet, XCircle } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { formatTokenAmount, formatUsd } from '#shared/money.ts';
import type { TokenPayment } from '#shared/payments.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '#web/lib/api-client.ts';
import { useTokenPayment } from '../api/get-token-payment.ts';
import { startPaying } from '../api/start-paying.ts';
import { PaymentParamsError } from '../components/payment-error.tsx';
import { checkoutSuccessPath, parseOrderId } from '../lib/checkout-links.ts';
import { PAYMENT_FAILED_DESCRIPTION, paymentFailedTitle } from '../lib/payment-labels.ts';

/** The width and height of the QR code image (it is a square SVG). */
const QR_SIZE = 280;

/** Seconds until `iso`, ticking every second; null without a time. */
function useSecondsUntil(iso: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!iso) return null;
  return Math.max(0, Math.floor((new Date(iso).getTime() - now) / 1000));
}

function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * /token-payment?orderId=&reference=: pay an order with the token through Solana Pay. Shows the
 * transfer request as a wallet link and a QR code with a countdown to the quote's expiry, and polls
 * the order until the on-chain transfer is confirmed, then goes to /checkout-success.
 */
export default function TokenPaymentPage() {
  usePageTitle(`Pay with ${BRAND.ticker}`);
  const [params] = useSearchParams();
  const orderId = parseOrderId(params.get('orderId'));
  if (orderId === null) return <PaymentParamsError />;
  return (
    <TokenPaymentView
      orderId={orderId}
      reference={params.get('reference')}
      email={params.get('email')}
      isNewAccount={params.get('newAccount') === 'true'}
    />
  );
}

type TokenPaymentViewProps = {
  orderId: number;
  reference: string | null;
  email: string | null;
  isNewAccount: boolean;
};

function TokenPaymentView({ orderId, reference, email, isNewAccount }: TokenPaymentViewProps) {
  const navigate = useNavigate();
  const payment = useTokenPayment(orderId, reference);
  const isPaid = payment.data?.paymentStatus === 'completed';
  const [openedAt] = useState(() => Date.now());
  // The request on this page is the payment: showing it starts the payment, which keeps the chip
  // for this buyer while the wallet pays, or says at once that someone else is paying for it.
  const started = useQuery({
    queryKey: ['orders', 'payment-started', orderId],
    queryFn: () => startPaying(orderId),
    // An expired quote cannot be paid: the request below says so, with nothing to start.
    enabled:
      payment.data !== undefined &&
      payment.data.paymentStatus === 'pending' &&
      (payment.data.quoteExpiresAt === null || Date.parse(payment.data.quoteExpiresAt) > openedAt),
    retry: false,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (isPaid) void navigate(checkoutSuccessPath({ orderId, email, isNewAccount }), { replace: true });
  }, [isPaid, navigate, orderId, email, isNewAccount]);

  if (payment.isError) return <PaymentParamsError />;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-gray-900">Pay with {BRAND.ticker}</h1>
      <p className="mt-2 text-gray-700">
        Scan the code with a Solana wallet (Phantom, Solflare, …) or open the request in your wallet on this
        device. The payment is detected automatically.
      </p>
      {payment.data ? (
        payment.data.paymentStatus === 'failed' ? (
          <PaymentFailed />
        ) : started.isError ? (
          <PaymentFailed reason={errorMessage(started.error, PAYMENT_FAILED_DESCRIPTION)} />
        ) : isPaid || started.isSuccess || !started.isFetching ? (
          <PaymentRequest payment={payment.data} isPaid={isPaid} />
        ) : (
          <div role="status" aria-label="Loading payment request" className="mt-8">
            <Skeleton className="h-72 w-72" />
          </div>
        )
      ) : (
        <div role="status" aria-label="Loading payment request" className="mt-8 space-y-4">
          <Skeleton className="h-72 w-72" />
          <Skeleton className="h-6 w-1/2" />
        </div>
      )}
    </div>
  );
}

function PaymentFailed({ reason = PAYMENT_FAILED_DESCRIPTION }: { reason?: string }) {
  return (
    <div role="alert" className="mt-8 rounded-xl border border-red-200 bg-white p-8 text-center shadow-sm">
      <XCircle className="mx-auto h-12 w-12 text-red-700" aria-hidden="true" />
      <h2 className="mt-4 text-2xl font-bold text-gray-900">{paymentFailedTitle('artchip')}</h2>
      <p className="mt-2 text-gray-800">{reason}</p>
      <Button asChild className="mt-6">
        <Link to={ROUTES.marketplace}>Back to Marketplace</Link>
      </Button>
    </div>
  );
}

function PaymentRequest({ payment, isPaid }: { payment: TokenPayment; isPaid: boolean }) {
  const secondsLeft = useSecondsUntil(payment.quoteExpiresAt);
  const qrSrc = `/api/payments/solana/${payment.orderId}/qr.svg?${new URLSearchParams({ reference: payment.reference }).toString()}`;
  return (
    <div className="mt-8 grid gap-6 md:grid-cols-2">
      <section
        aria-label="Payment request"
        className="rounded-xl border border-gray-200 bg-white p-6 text-center shadow-sm"
      >
        <img
          src={qrSrc}
          width={QR_SIZE}
          height={QR_SIZE}
          alt={`QR code of the Solana Pay request for order #${payment.orderId}`}
          className="mx-auto"
        />
        <Button asChild size="lg" className="mt-4 w-full">
          <a href={payment.paymentUrl}>
            <Wallet className="h-4 w-4" aria-hidden="true" />
            Open in wallet
          </a>
        </Button>
      </section>
      <section
        aria-label="Order Summary"
        className="space-y-4 rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
      >
        <h2 className="text-lg font-semibold text-gray-900">Order #{payment.orderId}</h2>
        <dl className="space-y-1 text-sm text-gray-800">
          <div className="flex justify-between gap-4">
            <dt>Send exactly</dt>
            <dd className="font-semibold text-gray-900">
              {formatTokenAmount(payment.artchipAmount, { isExact: true, withTicker: true })}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>Order total</dt>
            <dd>{formatUsd(payment.totalCents)}</dd>
          </div>
        </dl>
        {secondsLeft !== null && secondsLeft > 0 && (
          <p className="text-sm text-gray-800">
            This quote holds for{' '}
            <span className="font-semibold tabular-nums">{formatCountdown(secondsLeft)}</span>.
          </p>
        )}
        {secondsLeft === 0 && !isPaid && (
          <p className="text-sm font-medium text-red-700">
            This quote has expired. A payment you already sent is still being checked; otherwise please check
            out again.
          </p>
        )}
        {payment.isFlagged && (
          <p role="alert" className="text-sm text-red-700">
            We found a transfer for this order that does not match the request (amount, token or wallet). Our
            team has been notified and will contact you.
          </p>
        )}
        <p role="status" className="flex items-center gap-2 text-sm text-gray-700">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          {isPaid ? 'Payment received. Redirecting...' : 'Waiting for your payment...'}
        </p>
      </section>
    </div>
  );
}
