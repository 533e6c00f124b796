/**
 * The checkout feature's pages, for the app's router only: each is lazy, its own chunk, so a page loads
 * no other page's code. Kept apart from index.ts (what other features use) because the router imports
 * this file into the entry chunk, and anything index.ts re-exports would come along.
 */
import { lazyPage } from '#web/lib/lazy-page.tsx';

export const PaymentProcessingPage = lazyPage(() => import('./pages/payment-processing-page.tsx'));
export const PaypalProcessingPage = lazyPage(() => import('./pages/paypal-processing-page.tsx'));
export const StripeProcessingPage = lazyPage(() => import('./pages/stripe-processing-page.tsx'));
export const CheckoutSuccessPage = lazyPage(() => import('./pages/checkout-success-page.tsx'));
export const TokenPaymentPage = lazyPage(() => import('./pages/token-payment-page.tsx'));
