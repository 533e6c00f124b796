/**
 * What other features may use from the checkout feature; the rest of this folder is private to it
 * (eslint: web feature boundaries). Its pages are in pages.ts, for the router.
 *
 * The dialog is exported lazily only: a static export here would load the whole checkout into every
 * chunk that imports this file (a chip page only wants it once Buy Now is clicked).
 */
import { lazy } from 'react';

/** 'Complete Your Purchase' / 'Complete Your Mint', loaded when first rendered; render inside Suspense. */
export const LazyCheckoutDialog = lazy(async () => ({
  default: (await import('./components/checkout-dialog.tsx')).CheckoutDialog,
}));
export { useCheckoutQuote } from './api/get-checkout-quote.ts';
export { PAYMENT_METHOD_LABELS } from './lib/payment-labels.ts';
export { useGoToPayment } from './lib/use-go-to-payment.ts';
