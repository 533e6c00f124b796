/**
 * The checkout feature's public face: other features reach it only through these (a lint rule
 * enforces it). Owner tools reuse its pricing and payment start.
 */
export { loadPricingContext, requirePaymentProvider, toSummaryDto } from './checkout.service.ts';
export { startOrderPayment } from './start-payment.ts';
