/**
 * The checkout feature's pages, for the app's router only: each is lazy, its own chunk, so a page loads
 * no other page's code. Kept apart from index.ts (what other features use) because the router imports
 * this file into the entry chunk, and anything index.ts re-exports would come along.
 */
import { lazy } from 'react';

export const PaymentProcessingPage = lazy(() => import('./pages/payment-processing-page.tsx'));
export const PaypalProcessingPage = lazy(() => import('./pages/paypal-processing-page.tsx'));
export const StripeProcessingPage = lazy(() => import('./pages/stripe-processing-page.tsx'));
export const CheckoutSuccessPage = lazy(() => import('./pages/checkout-success-page.tsx'));
export const TokenPaymentPage = lazy(() => import('./pages/token-payment-page.tsx'));
