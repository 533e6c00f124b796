/**
 * The payments feature's public face: other features reach payments only through these (a lint
 * rule enforces it).
 */
export type { PaymentOrder, PaymentProvider } from './payment-provider.ts';
export { getPaymentRegistry, paymentContext, paymentOptionsFor } from './payments.registry.ts';
export { PAYMENT_WINDOW_MINUTES } from './payment-windows.ts';
export { listRefundedTotals, listRefundsOfOrder, type RefundRow } from './refunds.repo.ts';
export { listCapturedTotals } from './payments.repo.ts';
export { toRefundDto } from './refunds.dto.ts';
export { type PaymentProviderName } from './payment-provider.ts';
export { WATCH_MAX_AGE_MS, reconcileWindow } from './payment-windows.ts';
export {
  findCompletionKey,
  findOrderIdByPaymentKey,
  listPaymentEventsOfOrder,
  insertPaymentEventOnce,
  listRecordedEventKeys,
  setPaymentEventOutcome,
} from './payments.repo.ts';
export {
  isPaypalProvider,
  paypalCaptureRequestId,
  paypalIssueOf,
  settlementOf,
  type PaypalApi,
  type PaypalProvider,
  type PaypalSettlement,
} from './paypal.provider.ts';
export {
  claimRefund,
  failProcessingRefund,
  findRefund,
  insertRefundOnce,
  listRefundsToRetry,
  lockRefund,
  updateRefund,
} from './refunds.repo.ts';
export { type SolanaRpc } from './solana-rpc.ts';
export {
  isSolanaProvider,
  searchReference,
  transferRequestUrl,
  type SolanaSettings,
} from './solana.provider.ts';
export { getPaymentsConfig } from './payments-config.service.ts';
