/**
 * The info feature's pages, for the app's router only: each is lazy, its own chunk, so a page loads
 * no other page's code. Kept apart from index.ts (what other features use) because the router imports
 * this file into the entry chunk, and anything index.ts re-exports would come along.
 */
import { lazyPage } from '#web/lib/lazy-page.tsx';

export const ThankYouPage = lazyPage(() => import('./pages/thank-you-page.tsx'));
export const TokenPage = lazyPage(() => import('./pages/token-page.tsx'));
export const FaqPage = lazyPage(() => import('./pages/faq-page.tsx'));
export const PrivacyPage = lazyPage(() => import('./pages/privacy-page.tsx'));
export const TermsPage = lazyPage(() => import('./pages/terms-page.tsx'));
