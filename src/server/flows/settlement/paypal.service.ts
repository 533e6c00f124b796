import type { ServiceContext } from '#server/lib/service-context.ts';
import { BRAND } from '#shared/brand.ts';
import type { PaypalCaptureResponse } from '#shared/payments.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import { findOrderById, findOrderByProviderRef, type OrderRow } from '#server/modules/orders/index.ts';
import { completeOrderPayment } from './payments.service.ts';
import {
  paypalCaptureRequestId,
  paypalIssueOf,
  settlementOf,
  type PaypalApi,
  type PaypalSettlement,
} from '#server/modules/payments/index.ts';
import { CHECKOUT_EXPIRED_MESSAGE, ORDER_ALREADY_PAID_MESSAGE } from '#shared/checkout.schemas.ts';

const ORDER_NOT_FOUND = 'Order not found';
const ALREADY_PAID = ORDER_ALREADY_PAID_MESSAGE;
const CHECKOUT_EXPIRED = CHECKOUT_EXPIRED_MESSAGE;
const PAYMENT_FAILED = 'Payment failed.';
const ORDER_NOT_PROCESSED = 'Order could not be processed. Please try again.';
type PaymentStatus = PaypalCaptureResponse['paymentStatus'];

const PAYPAL_UNREACHABLE = 'We could not reach PayPal. Please try again.';

/** PayPal answers that mean the buyer's payment did not go through (retry with another funding source). */
const DECLINED_ISSUES = new Set(['INSTRUMENT_DECLINED', 'PAYER_ACTION_REQUIRED', 'TRANSACTION_REFUSED']);

function paymentStatusOf(order: OrderRow): PaymentStatus {
  const status = order.paymentStatus;
  return status === 'processing' || status === 'completed' || status === 'failed' ? status : 'pending';
}

/**
 * POST /paypal/order: the PayPal order id of one of our unpaid PayPal orders. The amount in the body
 * is ignored: the PayPal order was created at checkout for the order's server-computed total.
 */
export async function getPaypalOrderForCheckout(
  ctx: ServiceContext,
  orderId: number,
): Promise<{ id: string }> {
  const order = await findOrderById(ctx.db, orderId);
  if (!order || order.paymentProvider !== 'paypal' || !order.providerRef) {
    throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  }
  if (order.paymentStatus === 'completed') throw new AppError('CONFLICT', ALREADY_PAID);
  if (order.paymentStatus === 'failed' || order.status === 'cancelled')
    throw new AppError('CONFLICT', CHECKOUT_EXPIRED);
  return { id: order.providerRef };
}

/** Captures (or, when it was captured before, reads) a PayPal order; no database work here. */
async function captureAtPaypal(ctx: ServiceContext, api: PaypalApi, paypalOrderId: string, order: OrderRow) {
  try {
    return await api.captureOrder(paypalOrderId, paypalCaptureRequestId(paypalOrderId));
  } catch (err) {
    const issue = paypalIssueOf(err);
    if (issue === 'ORDER_ALREADY_CAPTURED') return api.getOrder(paypalOrderId);
    if (issue && DECLINED_ISSUES.has(issue)) throw new AppError('PAYMENT_FAILED', PAYMENT_FAILED);
    if (issue === 'ORDER_NOT_APPROVED') {
      throw new AppError('UNPROCESSABLE', 'The payment was not approved at PayPal. Please try again.');
    }
    ctx.log.error({ err, orderId: order.id, paypalOrderId }, 'PayPal capture failed');
    throw new AppError('PAYMENT_FAILED', PAYPAL_UNREACHABLE);
  }
}

/**
 * POST /paypal/order/:id/capture: captures the buyer-approved PayPal order and completes our order
 * through completeOrderPayment, keyed by the capture id, so a repeated capture (a double click, a
 * retry, the reconciliation job) pays the order once. A capture PayPal holds as PENDING leaves the
 * order pending for the reconciliation job.
 */
export async function capturePaypalOrder(
  ctx: ServiceContext,
  api: PaypalApi,
  paypalOrderId: string,
): Promise<PaypalCaptureResponse> {
  const order = await findOrderByProviderRef(ctx.db, 'paypal', paypalOrderId);
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  if (order.paymentStatus === 'completed') {
    return { id: paypalOrderId, status: 'COMPLETED', orderId: order.id, paymentStatus: 'completed' };
  }
  // The hold lapsed (or the payment failed): an approval moves no money until captured, so refuse
  // rather than take money for a chip that may have been sold meanwhile.
  if (order.paymentStatus === 'failed' || order.status === 'cancelled')
    throw new AppError('CONFLICT', CHECKOUT_EXPIRED);
  const captured = await captureAtPaypal(ctx, api, paypalOrderId, order);
  const settlement: PaypalSettlement | null = settlementOf(captured, order.id);
  if (settlement?.status === 'COMPLETED') {
    const result = await completeOrderPayment(ctx, {
      orderId: order.id,
      provider: 'paypal',
      eventKey: settlement.captureId,
      amountCents: settlement.amountCents,
      currency: settlement.currency,
      payload: { paypalOrderId, source: 'capture' },
    });
    if (result.outcome === 'unfulfillable') {
      throw new AppError(
        'CONFLICT',
        `This ${BRAND.name} was sold to someone else before your payment completed.`,
      );
    }
    if (result.outcome === 'rejected') throw new AppError('PAYMENT_FAILED', ORDER_NOT_PROCESSED);
  } else if (settlement?.status !== 'PENDING') {
    throw new AppError('PAYMENT_FAILED', PAYMENT_FAILED);
  }
  const fresh = (await findOrderById(ctx.db, order.id)) ?? order;
  return {
    id: paypalOrderId,
    status: settlement?.status ?? captured.status ?? 'UNKNOWN',
    orderId: order.id,
    paymentStatus: paymentStatusOf(fresh),
  };
}
