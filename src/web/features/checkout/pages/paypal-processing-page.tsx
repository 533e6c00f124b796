import { useNavigate, useSearchParams } from '#web/lib/router.tsx';
import { formatUsd, parsePercentToBasisPoints, parseUsdToCents, percentOfCents } from '#shared/money.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useChipById } from '../api/get-chip-by-id.ts';
import { useOrder } from '../api/get-order.ts';
import { currentPaymentToken } from '../api/payment-token.ts';
import { useSiteSettings } from '#web/lib/api/get-site-settings.ts';
import { PaymentParamsError } from '../components/payment-error.tsx';
import { PaymentItemSummary } from '../components/payment-item-summary.tsx';
import { PaypalButton } from '../components/paypal-button.tsx';
import { PaypalLiveButton } from '../components/paypal-live-button.tsx';
import { usePaymentMethodMode } from '../api/get-payments-config.ts';
import { checkoutSuccessPath, parseAmountCents, parseOrderId } from '../lib/checkout-links.ts';

function formatPercent(percent: string): string {
  return percent.includes('.') ? percent.replace(/0+$/, '').replace(/\.$/, '') : percent;
}

/** /paypal-processing?orderId=&amount=&sellerEmail=&artchipId=: direct PayPal to the seller (spec §2). */
export default function PaypalProcessingPage() {
  usePageTitle('Pay with PayPal');
  const [params] = useSearchParams();
  const orderId = parseOrderId(params.get('orderId'));
  const amountCents = parseAmountCents(params.get('amount'));
  const sellerEmail = params.get('sellerEmail');
  const artchipId = parseOrderId(params.get('artchipId'));
  if (orderId === null || amountCents === null || !sellerEmail || artchipId === null)
    return <PaymentParamsError />;
  return (
    <PaypalPaymentView
      orderId={orderId}
      amountCents={amountCents}
      artchipId={artchipId}
      email={params.get('email')}
      isNewAccount={params.get('newAccount') === 'true'}
    />
  );
}

type PaypalPaymentViewProps = {
  orderId: number;
  amountCents: number;
  artchipId: number;
  email: string | null;
  isNewAccount: boolean;
};

function PaypalPaymentView({ orderId, amountCents, artchipId, email, isNewAccount }: PaypalPaymentViewProps) {
  const navigate = useNavigate();
  const { user } = useAuth();
  // The buyer's own order has the exact amounts (an accepted offer changes the base price); a guest
  // sees the chip's listed price with the settings' fee.
  const order = useOrder(user || currentPaymentToken() ? orderId : null);
  const chip = useChipById(artchipId);
  const settings = useSiteSettings();
  const isLive = usePaymentMethodMode('paypal') === 'live';
  const markupPercent = settings.data?.paypalMarkupPercent;
  const listedCents = chip.data?.priceUsd ? parseUsdToCents(chip.data.priceUsd) : null;
  const basePriceCents = order.data?.basePriceCents ?? listedCents;
  const feeCents =
    order.data?.markupCents ??
    (listedCents !== null && markupPercent
      ? percentOfCents(listedCents, parsePercentToBasisPoints(markupPercent))
      : null);

  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-gray-900">Pay with PayPal</h1>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <PaymentItemSummary
          isLoading={chip.isPending}
          title={chip.data?.title ?? null}
          imageUrl={chip.data?.imageUrl ?? null}
          creatorUsername={order.data?.creatorUsername ?? chip.data?.creatorUsername ?? null}
        >
          <dl className="space-y-1 text-sm text-gray-800">
            {basePriceCents !== null && (
              <div className="flex justify-between">
                <dt>Base price</dt>
                <dd>{formatUsd(basePriceCents)}</dd>
              </div>
            )}
            {markupPercent && feeCents !== null && (
              <div className="flex justify-between">
                <dt>{formatPercent(markupPercent)}% convenience fee</dt>
                <dd>{formatUsd(feeCents)}</dd>
              </div>
            )}
            <div className="flex justify-between border-t border-gray-200 pt-2 text-base font-semibold text-gray-900">
              <dt>Total</dt>
              <dd>{formatUsd(amountCents)}</dd>
            </div>
          </dl>
        </PaymentItemSummary>
        <section
          className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
          aria-label="PayPal payment"
        >
          <p className="mb-4 text-sm text-gray-700">You pay the seller directly through PayPal.</p>
          {isLive ? (
            <PaypalLiveButton
              orderId={orderId}
              amountCents={amountCents}
              onSuccess={() => void navigate(checkoutSuccessPath({ orderId, email, isNewAccount }))}
              onError={() => undefined}
            />
          ) : (
            <PaypalButton
              orderId={orderId}
              amountCents={amountCents}
              onSuccess={() => void navigate(checkoutSuccessPath({ orderId, email, isNewAccount }))}
              onError={() => undefined}
            />
          )}
        </section>
      </div>
    </div>
  );
}
