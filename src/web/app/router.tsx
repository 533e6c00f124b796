import {
  NOTIFICATION_PREFERENCES_PATH,
  NOTIFICATIONS_PATH,
  NotificationPreferencesPage,
  NotificationsPage,
} from '#web/features/social/pages.ts';
import { matchRoutes, useRoutes, type RouteObject } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { lazyPage } from '#web/lib/lazy-page.tsx';
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
import { DashboardPage, DestinationReportPage } from '#web/features/dashboard/pages.ts';
import { FaqPage, PrivacyPage, TermsPage, ThankYouPage, TokenPage } from '#web/features/info/pages.ts';
import { LandingPage } from '#web/features/landing/pages.ts';
import { ClaimPage } from '#web/features/nfc/pages.ts';
import { ConfirmOrderPage, MyOrdersPage } from '#web/features/orders/pages.ts';
import { EmailConfirmPage, EmailUnsubscribePage } from '#web/features/subscriptions/pages.ts';
import { Layout } from './layout.tsx';

// Every page is its own chunk (each feature's pages.ts exports them lazily), so a public page never
// loads dashboard or admin code.
const HomePage = lazyPage(() => import('./home-page.tsx'));
const NotFoundPage = lazyPage(() => import('./not-found-page.tsx'));

/**
 * Public pages, rendered on the server (entry-server.tsx) and hydrated here: they read the same for
 * everyone, so their HTML carries the content and is cached; signed-in parts appear after hydration.
 */
const SSR = { ssr: true } as const;

/** The spec's full route table (§2), with the brand slug from the brand module. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', handle: SSR, element: <HomePage /> },
      { path: '/landing', handle: SSR, element: <LandingPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/check-email', element: <CheckEmailPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/set-password', element: <SetPasswordPage /> },
      { path: '/welcome', element: <WelcomePage /> },
      { path: '/thank-you', element: <ThankYouPage /> },
      { path: '/marketplace', handle: SSR, element: <MarketplacePage /> },
      { path: `/${BRAND.slug}/:username/:slug`, handle: SSR, element: <ChipPage /> },
      { path: '/gallery/:username', handle: SSR, element: <GalleryPage /> },
      { path: '/uid', handle: SSR, element: <UidPage /> },
      { path: ROUTES.claim, element: <ClaimPage /> },
      { path: '/top-minters', handle: SSR, element: <TopMintersPage /> },
      { path: '/our-meme-coin', handle: SSR, element: <TokenPage /> },
      { path: '/faq', handle: SSR, element: <FaqPage /> },
      { path: '/privacy', handle: SSR, element: <PrivacyPage /> },
      { path: '/terms', handle: SSR, element: <TermsPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/payment-processing', element: <PaymentProcessingPage /> },
      { path: '/paypal-processing', element: <PaypalProcessingPage /> },
      { path: '/stripe-processing', element: <StripeProcessingPage /> },
      { path: '/checkout-success', element: <CheckoutSuccessPage /> },
      { path: '/confirm-order', element: <ConfirmOrderPage /> },
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
      { path: NOTIFICATIONS_PATH, element: <NotificationsPage /> },
      { path: NOTIFICATION_PREFERENCES_PATH, element: <NotificationPreferencesPage /> },
      { path: '/email-list/confirm', element: <EmailConfirmPage /> },
      { path: '/email-list/unsubscribe', element: <EmailUnsubscribePage /> },
      { path: ROUTES.payoutDestinationReport, element: <DestinationReportPage /> },
      // Rendered by the server too, which answers it with 404 (isKnownPage).
      { path: '*', handle: SSR, element: <NotFoundPage /> },
    ],
  },
];

/** Whether the server renders this path's page (its route is marked `handle: SSR`). */
export function isServerRendered(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  const handle = matches?.at(-1)?.route.handle as { ssr?: boolean } | undefined;
  return handle?.ssr === true;
}

/** Whether a page of the app answers this path (else it is the Not Found page, which the server sends as a 404). */
export function isKnownPage(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  const last = matches?.at(-1)?.route;
  return last !== undefined && last.path !== '*';
}

/** The pages for the current location, inside BrowserRouter (main.tsx) or StaticRouter (entry-server.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}
