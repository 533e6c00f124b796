/**
 * The admin feature's pages, for the app's router only: each is lazy, its own chunk, so a page loads
 * no other page's code. Kept apart from index.ts (what other features use) because the router imports
 * this file into the entry chunk, and anything index.ts re-exports would come along.
 */
import { lazy } from 'react';

export const AdminLoginPage = lazy(() => import('./pages/admin-login-page.tsx'));
export const AdminPage = lazy(() => import('./pages/admin-page.tsx'));
export const AdminOrderPage = lazy(() => import('./pages/admin-order-page.tsx'));
export const CustomerFormPage = lazy(() => import('./pages/customer-form-page.tsx'));
