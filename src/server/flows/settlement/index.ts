/** The public face of flows/settlement: other code reaches it only through these. */
export {
  completeOrderPayment,
  failOrderPayment,
  reconcilePendingPayments,
  sweepLapsedHoldsAndPayments,
  applySignalOnce,
} from './payments.service.ts';
export { applyProviderRefund } from './provider-refunds.service.ts';
export { recordTakenBack, unrefundedCents } from './refunds.service.ts';
export { checkTokenPayments } from './solana.service.ts';
export { recordSeededDemoPayment } from './demo.service.ts';
export { processRefund, recordManualRefund, refundOrderByAdmin, retryRefunds } from './refunds.service.ts';
export { activateArtchip } from './unused-shipping.service.ts';
export { completeDemoOrder } from './demo.service.ts';
export { capturePaypalOrder, getPaypalOrderForCheckout } from './paypal.service.ts';
export { getTokenPayment, getTokenPaymentQrSvg } from './solana.service.ts';
