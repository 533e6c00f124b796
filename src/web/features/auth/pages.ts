/**
 * The auth feature's pages, for the app's router only: each is lazy, its own chunk, so a page loads
 * no other page's code. Kept apart from index.ts (what other features use) because the router imports
 * this file into the entry chunk, and anything index.ts re-exports would come along.
 */
import { lazy } from 'react';

export const LoginPage = lazy(() => import('./pages/login-page.tsx'));
export const SignupPage = lazy(() => import('./pages/signup-page.tsx'));
export const CheckEmailPage = lazy(() => import('./pages/check-email-page.tsx'));
export const VerifyEmailPage = lazy(() => import('./pages/verify-email-page.tsx'));
export const SetPasswordPage = lazy(() => import('./pages/set-password-page.tsx'));
export const WelcomePage = lazy(() => import('./pages/welcome-page.tsx'));
