import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useSearchParams } from '#web/lib/router.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { STORAGE_KEYS, writeStorage } from '#web/lib/storage.ts';
import { Header } from './header.tsx';
import { lazyPage } from '#web/lib/lazy-page.tsx';
import { pageHydrated } from './ssr-state.ts';

/** Below the fold on every page: in a chunk of its own, rendered in place by the server. */
const Footer = lazyPage(() => import('./footer.tsx'));

function PageLoading() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 text-center text-gray-700" role="status">
      Loading
    </div>
  );
}

/** Keeps a `?ref=` affiliate code seen on any page, so sign-up can send it as the referrer. */
function useReferralCapture() {
  const [params] = useSearchParams();
  const ref = params.get('ref');
  useEffect(() => {
    if (ref && /^[A-Za-z0-9_-]{1,20}$/.test(ref)) writeStorage(STORAGE_KEYS.referralCode, ref);
  }, [ref]);
}

/**
 * Marks the document once the page has been hydrated (or rendered) and responds to input: rendered
 * with the page inside its Suspense boundary, so its effect runs only when the page's does.
 */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    pageHydrated();
  }, []);
  return null;
}

export function Layout() {
  const { isLoading } = useAuth();
  const location = useLocation();
  useReferralCapture();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        {/* Spec §2: while authentication loads, a plain Loading text shows. */}
        {isLoading ? (
          <PageLoading />
        ) : (
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <HydrationMark />
          </Suspense>
        )}
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
