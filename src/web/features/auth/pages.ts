/**
 * The auth feature's pages, for the app's router only: each is lazy, its own chunk, so a page loads
 * no other page's code. Kept apart from index.ts (what other features use) because the router imports
 * this file into the entry chunk, and anything index.ts re-exports would come along.
 */
import { lazyPage } from '#web/lib/lazy-page.tsx';

export const LoginPage = lazyPage(() => import('./pages/login-page.tsx'));
export const SignupPage = lazyPage(() => import('./pages/signup-page.tsx'));
export const CheckEmailPage = lazyPage(() => import('./pages/check-email-page.tsx'));
export const VerifyEmailPage = lazyPage(() => import('./pages/verify-email-page.tsx'));
export const SetPasswordPage = lazyPage(() => import('./pages/set-password-page.tsx'));
export const WelcomePage = lazyPage(() => import('./pages/welcome-page.tsx'));
