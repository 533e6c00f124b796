import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BRAND } from '#shared/brand.ts';
import { Layout } from './layout.tsx';

// Every page is its own chunk, so a public page never loads dashboard or admin code.
const HomePage = lazy(() => import('./home-page.tsx'));
const NotFoundPage = lazy(() => import('./not-found-page.tsx'));
const LandingPage = lazy(() => import('#web/features/landing/pages/landing-page.tsx'));
const LoginPage = lazy(() => import('#web/features/auth/pages/login-page.tsx'));
const SignupPage = lazy(() => import('#web/features/auth/pages/signup-page.tsx'));
const CheckEmailPage = lazy(() => import('#web/features/auth/pages/check-email-page.tsx'));
const VerifyEmailPage = lazy(() => import('#web/features/auth/pages/verify-email-page.tsx'));
const SetPasswordPage = lazy(() => import('#web/features/auth/pages/set-password-page.tsx'));
const WelcomePage = lazy(() => import('#web/features/auth/pages/welcome-page.tsx'));
const ThankYouPage = lazy(() => import('#web/features/info/pages/thank-you-page.tsx'));
const MarketplacePage = lazy(() => import('#web/features/chips/pages/marketplace-page.tsx'));
const ChipPage = lazy(() => import('#web/features/chips/pages/chip-page.tsx'));
const GalleryPage = lazy(() => import('#web/features/chips/pages/gallery-page.tsx'));
const UidPage = lazy(() => import('#web/features/chips/pages/uid-page.tsx'));
const TopMintersPage = lazy(() => import('#web/features/chips/pages/top-minters-page.tsx'));
const TokenPage = lazy(() => import('#web/features/info/pages/token-page.tsx'));
const FaqPage = lazy(() => import('#web/features/info/pages/faq-page.tsx'));
const ContactPage = lazy(() => import('#web/features/contact/pages/contact-page.tsx'));
const PaymentProcessingPage = lazy(() => import('#web/features/checkout/pages/payment-processing-page.tsx'));
const PaypalProcessingPage = lazy(() => import('#web/features/checkout/pages/paypal-processing-page.tsx'));
const StripeProcessingPage = lazy(() => import('#web/features/checkout/pages/stripe-processing-page.tsx'));
const CheckoutSuccessPage = lazy(() => import('#web/features/checkout/pages/checkout-success-page.tsx'));
const MyOrdersPage = lazy(() => import('#web/features/orders/pages/my-orders-page.tsx'));
const DashboardPage = lazy(() => import('#web/features/dashboard/pages/dashboard-page.tsx'));
const AdminLoginPage = lazy(() => import('#web/features/admin/pages/admin-login-page.tsx'));
const AdminPage = lazy(() => import('#web/features/admin/pages/admin-page.tsx'));
const CustomerFormPage = lazy(() => import('#web/features/admin/pages/customer-form-page.tsx'));
const EmailConfirmPage = lazy(() => import('#web/features/subscriptions/pages/email-confirm-page.tsx'));
const EmailUnsubscribePage = lazy(
  () => import('#web/features/subscriptions/pages/email-unsubscribe-page.tsx'),
);

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
        Component: lazy(() => import('#web/features/checkout/pages/token-payment-page.tsx')),
      },
      { path: '/my-orders', element: <MyOrdersPage /> },
      { path: `/my-${BRAND.slug}`, element: <DashboardPage /> },
      { path: '/admin-login', element: <AdminLoginPage /> },
      { path: '/siteadmin', element: <AdminLoginPage /> },
      { path: '/admin', element: <AdminPage /> },
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
