/**
 * The NFC feature's pages, for the app's router only: each is lazy, its own chunk, so a page loads
 * no other page's code. Kept apart from index.ts (what other features use) because the router imports
 * this file into the entry chunk, and anything index.ts re-exports would come along.
 */
import { lazyPage } from '#web/lib/lazy-page.tsx';

export const NfcLandingPage = lazyPage(() => import('./pages/nfc-landing-page.tsx'));
export const NfcTapPage = lazyPage(() => import('./pages/nfc-tap-page.tsx'));
export const ClaimPage = lazyPage(() => import('./pages/claim-page.tsx'));
