import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BRAND } from '#shared/brand.ts';
import { AdminLoginPage, AdminOrderPage, AdminPage, CustomerFormPage } from '#web/features/admin/pages.ts';
import {
  CheckEmailPage,
  LoginPage,
  SetPasswordPage,
  SignupPage,
  VerifyEmailPage,
  WelcomePage,
} from '#web/features/auth/pages.ts';
import {
  CheckoutSuccessPage,
  PaymentProcessingPage,
  PaypalProcessingPage,
  StripeProcessingPage,
  TokenPaymentPage,
} from '#web/features/checkout/pages.ts';
import {
  ChipPage,
  GalleryPage,
  MarketplacePage,
  TopMintersPage,
  UidPage,
} from '#web/features/chips/pages.ts';
import { ContactPage } from '#web/features/contact/pages.ts';
import { DashboardPage } from '#web/features/dashboard/pages.ts';
import { FaqPage, ThankYouPage, TokenPage } from '#web/features/info/pages.ts';
import { LandingPage } from '#web/features/landing/pages.ts';
import { MyOrdersPage } from '#web/features/orders/pages.ts';
import { EmailConfirmPage, EmailUnsubscribePage } from '#web/features/subscriptions/pages.ts';
import { Layout } from './layout.tsx';

// Every page is its own chunk (each feature's pages.ts exports them lazily), so a public page never
// loads dashboard or admin code.
const HomePage = lazy(() => import('./home-page.tsx'));
const NotFoundPage = lazy(() => import('./not-found-page.tsx'));

/** The spec's full route table (§2), with the brand slug from the brand module. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/landing', element: <LandingPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/check-email', element: <CheckEmailPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/set-password', element: <SetPasswordPage /> },
      { path: '/welcome', element: <WelcomePage /> },
      { path: '/thank-you', element: <ThankYouPage /> },
      { path: '/marketplace', element: <MarketplacePage /> },
      { path: `/${BRAND.slug}/:username/:slug`, element: <ChipPage /> },
      { path: '/gallery/:username', element: <GalleryPage /> },
      { path: '/uid', element: <UidPage /> },
      { path: '/top-minters', element: <TopMintersPage /> },
      { path: '/our-meme-coin', element: <TokenPage /> },
      { path: '/faq', element: <FaqPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/payment-processing', element: <PaymentProcessingPage /> },
      { path: '/paypal-processing', element: <PaypalProcessingPage /> },
      { path: '/stripe-processing', element: <StripeProcessingPage /> },
      { path: '/checkout-success', element: <CheckoutSuccessPage /> },
      {
        path: '/token-payment',
        Component: TokenPaymentPage,
      },
      { path: '/my-orders', element: <MyOrdersPage /> },
      { path: `/my-${BRAND.slug}`, element: <DashboardPage /> },
      { path: '/admin-login', element: <AdminLoginPage /> },
      { path: '/siteadmin', element: <AdminLoginPage /> },
      { path: '/admin', element: <AdminPage /> },
      { path: '/admin/orders/:id', element: <AdminOrderPage /> },
      { path: '/secret-admin-portal', element: <AdminPage /> },
      { path: '/siteadmin/dashboard', element: <AdminPage /> },
      { path: '/siteadmin/customers/:id', element: <CustomerFormPage /> },
      { path: '/email-list/confirm', element: <EmailConfirmPage /> },
      { path: '/email-list/unsubscribe', element: <EmailUnsubscribePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
