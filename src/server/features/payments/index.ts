/**
 * The payments feature's public face: other features reach payments only through these (a lint
 * rule enforces it).
 */
export type { PaymentOrder, PaymentProvider } from './payment-provider.ts';
export { getPaymentRegistry, paymentContext, paymentOptionsFor } from './payments.registry.ts';
export {
  completeOrderPayment,
  failOrderPayment,
  reconcilePendingPayments,
  sweepLapsedHoldsAndPayments,
} from './payments.service.ts';
export { checkTokenPayments } from './solana.service.ts';
export { PAYMENT_WINDOW_MINUTES } from './payment-windows.ts';
export { createStripeClient } from './stripe.provider.ts';
export { recordSeededDemoPayment } from './demo.service.ts';
export {
  processRefund,
  recordManualRefund,
  refundOrderByAdmin,
  retryRefunds,
  toRefundDto,
} from './refunds.service.ts';
export { listRefundedTotals, listRefundsOfOrder, type RefundRow } from './refunds.repo.ts';
export { listCapturedTotals } from './payments.repo.ts';
