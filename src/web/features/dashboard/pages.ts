/**
 * The dashboard feature's pages, for the app's router only: each is lazy, its own chunk, so a page loads
 * no other page's code. Kept apart from index.ts (what other features use) because the router imports
 * this file into the entry chunk, and anything index.ts re-exports would come along.
 */
import { lazyPage } from '#web/lib/lazy-page.tsx';

export const DashboardPage = lazyPage(() => import('./pages/dashboard-page.tsx'));
export const DestinationReportPage = lazyPage(() => import('./pages/destination-report-page.tsx'));
