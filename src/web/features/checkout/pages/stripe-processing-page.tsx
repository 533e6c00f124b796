import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from '#web/lib/router.tsx';
import { Lock } from 'lucide-react';
import { ROUTES } from '#shared/brand.ts';
import { formatUsd } from '#shared/money.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '#web/lib/storage.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useChipById } from '../api/get-chip-by-id.ts';
import { useOrder } from '../api/get-order.ts';
import { currentPaymentToken } from '../api/payment-token.ts';
import { useIsDemoPayments } from '#web/lib/api/get-site-info.ts';
import { REFUND_RULE } from '#shared/refund-rule.ts';
import { CardPaymentForm } from '../components/card-payment-form.tsx';
import { StripeCardForm } from '../components/stripe-card-form.tsx';
import { usePaymentMethodMode } from '../api/get-payments-config.ts';
import { PaymentParamsError } from '../components/payment-error.tsx';
import { PaymentItemSummary } from '../components/payment-item-summary.tsx';
import { checkoutSuccessPath, parseAmountCents, parseOrderId } from '../lib/checkout-links.ts';

/**
 * Spec §4 "Card payment": the client secret checkout stored is read once, then removed with the
 * intent id, so it never lingers in the browser.
 */
function takeStoredClientSecret(): string | null {
  const secret = readStorage(STORAGE_KEYS.paymentClientSecret);
  writeStorage(STORAGE_KEYS.paymentClientSecret, null);
  writeStorage(STORAGE_KEYS.paymentIntentId, null);
  return secret;
}

/** /stripe-processing?orderId=&amount=&artchipId=: the card payment page (spec §2). */
export default function StripeProcessingPage() {
  usePageTitle('Complete Your Purchase');
  const [params] = useSearchParams();
  const orderId = parseOrderId(params.get('orderId'));
  const amountCents = parseAmountCents(params.get('amount'));
  if (orderId === null || amountCents === null) return <PaymentParamsError />;
  return (
    <CardPaymentView
      orderId={orderId}
      amountCents={amountCents}
      artchipId={parseOrderId(params.get('artchipId'))}
      email={params.get('email')}
      isNewAccount={params.get('newAccount') === 'true'}
    />
  );
}

type CardPaymentViewProps = {
  orderId: number;
  amountCents: number;
  artchipId: number | null;
  email: string | null;
  isNewAccount: boolean;
};

function CardPaymentView({ orderId, amountCents, artchipId, email, isNewAccount }: CardPaymentViewProps) {
  const navigate = useNavigate();
  const { user } = useAuth();
  // The buyer's own order names what is paid for (a mint has no chip yet); a guest sees the chip.
  const order = useOrder(user || currentPaymentToken() ? orderId : null);
  const chip = useChipById(artchipId);
  const demoPayments = useIsDemoPayments();
  const [clientSecret] = useState(takeStoredClientSecret);
  const cardMode = usePaymentMethodMode('card');
  const isLive = demoPayments.data === false || cardMode === 'live';
  const isReady = demoPayments.isSuccess && (!isLive || clientSecret !== null);
  // Spec §4 removes the client secret once read, so a reload or a second tab cannot resume the payment.
  const isSessionGone = demoPayments.isSuccess && isLive && clientSecret === null;

  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-gray-900">Complete Your Purchase</h1>
      <p className="mt-2 flex items-center gap-2 text-sm text-gray-700">
        <Lock className="h-4 w-4" aria-hidden="true" />
        Secure payment
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <PaymentItemSummary
          isLoading={artchipId !== null && chip.isPending && !order.data}
          title={order.data?.artchipTitle ?? chip.data?.title ?? null}
          imageUrl={order.data?.artchipImageUrl ?? chip.data?.imageUrl ?? null}
          creatorUsername={order.data?.creatorUsername ?? chip.data?.creatorUsername ?? null}
        >
          <div className="flex justify-between text-base font-semibold text-gray-900">
            <span>Total</span>
            <span>{formatUsd(amountCents)}</span>
          </div>
          {/* Only what the buyer pays: the platform fee is the seller's, taken from their proceeds. */}
          <p className="mt-2 text-xs text-gray-700">{REFUND_RULE}</p>
        </PaymentItemSummary>
        <section
          className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
          aria-label="Card payment"
        >
          {isReady && isLive && clientSecret ? (
            <StripeCardForm
              clientSecret={clientSecret}
              orderId={orderId}
              amountCents={amountCents}
              onSuccess={() => void navigate(checkoutSuccessPath({ orderId, email, isNewAccount }))}
              onError={() => undefined}
            />
          ) : isSessionGone ? (
            <div role="alert" className="space-y-3 text-sm text-gray-800">
              <p className="font-semibold text-gray-900">This secure payment page can only be used once.</p>
              <p>
                If you already paid, your order is in My Orders. Otherwise, please start the checkout again:
                your card has not been charged.
              </p>
              <div className="flex flex-wrap gap-3">
                <Link className="font-medium text-brand-700 underline" to={ROUTES.myOrders}>
                  View My Orders
                </Link>
                <Link className="font-medium text-brand-700 underline" to={ROUTES.marketplace}>
                  Back to the marketplace
                </Link>
              </div>
            </div>
          ) : isReady ? (
            <CardPaymentForm
              orderId={orderId}
              amountCents={amountCents}
              onSuccess={() => void navigate(checkoutSuccessPath({ orderId, email, isNewAccount }))}
              onError={() => undefined}
            />
          ) : (
            <p role="status" className="text-sm text-gray-700">
              Setting up secure payment...
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
