/**
 * The payments feature's public face: other features reach payments only through these (a lint
 * rule enforces it).
 */
export type { PaymentOrder, PaymentProvider } from './payment-provider.ts';
export { getPaymentRegistry, paymentContext, paymentOptionsFor } from './payments.registry.ts';
export { completeOrderPayment, failOrderPayment, reconcilePendingPayments } from './payments.service.ts';
export { checkTokenPayments } from './solana.service.ts';
