import { useState, type FormEvent } from 'react';
import { BRAND } from '#shared/brand.ts';
import type { QuoteRequestInput } from '#shared/checkout.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import type { Order } from '#shared/orders.schemas.ts';
import { DOMESTIC_COUNTRY } from '#shared/pricing.ts';
import type { PaymentMethod } from '#shared/settings.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { PAYMENT_METHOD_LABELS, useGoToPayment, useCheckoutQuote } from '#web/features/checkout/index.ts';
import { usePayOrder } from '../api/pay-order.ts';

const PAY_FAILED_MESSAGE = 'We could not start the payment. Please try again.';

/** The quote of the order's request paid with `method`: what Pay now will charge today. */
function quoteInputOf(order: Order, method: PaymentMethod): QuoteRequestInput {
  const common = {
    paymentMethod: method,
    shippingOption: order.shippingOption,
    // The order's own address prices it, as on the server (an old order's 'other' is international).
    country: order.shippingAddress?.country ?? DOMESTIC_COUNTRY,
  };
  if (order.orderType === 'mint') return { ...common, orderType: 'mint', isSurprize: order.isSurprize };
  return {
    ...common,
    orderType: 'purchase',
    artchipId: order.artchipId ?? undefined,
    ...(order.offerId !== null ? { offerId: order.offerId } : {}),
  };
}

type PayNowDialogProps = { order: Order; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Pay now: pick one of the methods the order's type offers today and go to its payment, exactly as a
 * checkout does. The order's request (chip or mint, delivery, address, offer) is kept by the server.
 */
function PayNowDialog({ order, open, onOpenChange }: PayNowDialogProps) {
  const toast = useToast();
  const goToPayment = useGoToPayment();
  const pay = usePayOrder();
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isRedirecting, setIsRedirecting] = useState(false);
  // The methods on offer do not depend on the method quoted: the order's own method asks for them.
  const offers = useCheckoutQuote(quoteInputOf(order, order.paymentMethod), { enabled: open });
  const options = offers.data?.paymentOptions;
  const isOwnMethodOffered = options?.some((o) => o.method === order.paymentMethod) ?? true;
  const method = chosen ?? (isOwnMethodOffered ? order.paymentMethod : (options?.[0]?.method ?? null));
  const quote = useCheckoutQuote(quoteInputOf(order, method ?? order.paymentMethod), {
    enabled: open && method !== null,
  });
  const failure = offers.error ?? quote.error;
  const summary = quote.data?.summary;
  const title = order.artchipTitle ?? `Order #${order.id}`;
  const isBusy = pay.isPending || isRedirecting;
  const canPay = !!summary && method !== null && !failure;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (method === null) return;
    setError(null);
    try {
      const response = await pay.mutateAsync({ orderId: order.id, input: { paymentMethod: method } });
      setIsRedirecting(true);
      await goToPayment(response, method);
    } catch (err) {
      setIsRedirecting(false);
      const message = errorMessage(err, PAY_FAILED_MESSAGE);
      setError(message);
      toast({ title: 'Payment could not start', description: message, variant: 'destructive' });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Pay for ${title}`}
      description="Nothing to fill in again: choose how to pay, at today's prices."
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        {!options && !failure ? (
          <div role="status" aria-label="Loading payment methods">
            <Skeleton className="h-24 w-full" />
          </div>
        ) : (
          options && (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-gray-800">Pay with</legend>
              {options.map((option) => (
                <label key={option.method} className="flex items-center gap-2 text-sm text-gray-800">
                  <input
                    type="radio"
                    name={`pay-now-${order.id}`}
                    value={option.method}
                    checked={method === option.method}
                    onChange={() => setChosen(option.method)}
                  />
                  {PAYMENT_METHOD_LABELS[option.method]}
                  {option.mode === 'demo' && <Badge tone="yellow">Demo</Badge>}
                </label>
              ))}
              {options.length === 0 && (
                <p className="text-sm text-gray-800">No payment method is available right now.</p>
              )}
            </fieldset>
          )
        )}
        {summary && (
          <dl className="space-y-1 rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-800">
            {summary.discountCents > 0 && (
              <div className="flex justify-between text-green-800">
                <dt>{BRAND.ticker} discount</dt>
                <dd>-{formatUsd(summary.discountCents)}</dd>
              </div>
            )}
            {summary.markupCents > 0 && (
              <div className="flex justify-between">
                <dt>Convenience fee</dt>
                <dd>{formatUsd(summary.markupCents)}</dd>
              </div>
            )}
            <div className="flex justify-between font-semibold text-gray-900">
              <dt>Total</dt>
              <dd>{formatUsd(summary.totalCents)}</dd>
            </div>
          </dl>
        )}
        {(error ?? failure) && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {error ?? errorMessage(failure, 'The price could not be loaded. Please try again.')}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={!canPay || isBusy}>
          {isBusy ? 'Processing...' : summary ? `Pay ${formatUsd(summary.totalCents)}` : 'Pay'}
        </Button>
      </form>
    </Dialog>
  );
}

/** 'Pay now' on an unpaid or failed order of My Orders (order.canPayNow), with its dialog. */
export function PayNowButton({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        Pay now
      </Button>
      {open && <PayNowDialog order={order} open={open} onOpenChange={setOpen} />}
    </>
  );
}
