import type { ServiceContext } from '#server/lib/service-context.ts';
import { BRAND } from '#shared/brand.ts';
import type { CheckoutResponse } from '#shared/checkout.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import { type OrderRow, recordProviderRef } from '#server/modules/orders/index.ts';
import { failOrderPayment } from '#server/flows/settlement/index.ts';
import { paymentContext, type PaymentOrder, type PaymentProvider } from '#server/modules/payments/index.ts';

/** The provider-facing part of a checkout answer. */
export type StartedPayment = Pick<
  CheckoutResponse,
  'redirectUrl' | 'clientSecret' | 'paymentIntentId' | 'stripeUrl' | 'paypalUrl' | 'artchipUrl'
>;

const PAYMENT_START_FAILED_MESSAGE = 'We could not start the payment. Please try again.';

/** What the provider is told about an order. */
export function toPaymentOrder(
  order: OrderRow,
  details: { buyerEmail: string; title: string; sellerPaypalEmail?: string | null },
): PaymentOrder {
  return {
    id: order.id,
    orderType: order.orderType,
    paymentMethod: order.paymentMethod,
    totalCents: order.totalCents,
    currency: 'USD',
    artchipAmount: order.artchipAmount,
    tokenPriceUsd: order.tokenPriceUsd,
    quoteExpiresAt: order.quoteExpiresAt,
    description: `${BRAND.name}: ${details.title}`.slice(0, 120),
    buyerEmail: details.buyerEmail,
    chipId: order.chipId,
    sellerPaypalEmail: details.sellerPaypalEmail ?? null,
  };
}

/**
 * Starts the provider payment of a committed order (never inside a transaction: it may call the
 * network) and stores the provider's reference. If the provider fails, the order is marked failed,
 * its chip hold released, and the buyer gets PAYMENT_FAILED (nothing was charged).
 */
export async function startOrderPayment(
  ctx: ServiceContext,
  order: OrderRow,
  provider: PaymentProvider,
  details: { buyerEmail: string; title: string; sellerPaypalEmail?: string | null },
): Promise<StartedPayment> {
  try {
    const created = await provider.createPayment(toPaymentOrder(order, details), paymentContext(ctx));
    if (created.providerRef) await recordProviderRef(ctx.db, order.id, created.providerRef);
    const { providerRef: _ref, ...urls } = created;
    return urls;
  } catch (err) {
    ctx.log.error({ err, orderId: order.id, provider: provider.name }, 'payment start failed');
    await failOrderPayment(ctx, {
      orderId: order.id,
      provider: provider.name,
      eventKey: `start-failed:${order.id}`,
      reason: 'start_failed',
    });
    throw new AppError('PAYMENT_FAILED', PAYMENT_START_FAILED_MESSAGE);
  }
}
