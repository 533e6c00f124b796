/**
 * The admin feature's pages, for the app's router only: each is lazy, its own chunk, so a page loads
 * no other page's code. Kept apart from index.ts (what other features use) because the router imports
 * this file into the entry chunk, and anything index.ts re-exports would come along.
 */
import { lazyPage } from '#web/lib/lazy-page.tsx';

export const AdminLoginPage = lazyPage(() => import('./pages/admin-login-page.tsx'));
export const AdminPage = lazyPage(() => import('./pages/admin-page.tsx'));
export const AdminOrderPage = lazyPage(() => import('./pages/admin-order-page.tsx'));
export const CustomerFormPage = lazyPage(() => import('./pages/customer-form-page.tsx'));
