/**
 * The chips feature's pages, for the app's router only: each is lazy, its own chunk, so a page loads
 * no other page's code. Kept apart from index.ts (what other features use) because the router imports
 * this file into the entry chunk, and anything index.ts re-exports would come along.
 */
import { lazyPage } from '#web/lib/lazy-page.tsx';

export const MarketplacePage = lazyPage(() => import('./pages/marketplace-page.tsx'));
export const ChipPage = lazyPage(() => import('./pages/chip-page.tsx'));
export const GalleryPage = lazyPage(() => import('./pages/gallery-page.tsx'));
export const UidPage = lazyPage(() => import('./pages/uid-page.tsx'));
export const TopMintersPage = lazyPage(() => import('./pages/top-minters-page.tsx'));
