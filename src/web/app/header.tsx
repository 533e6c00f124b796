import { LazyNotificationBell } from '#web/features/social/pages.ts';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { pathOf, RETURN_TO_PARAM, safeReturnPath, withReturnTo } from '#web/lib/return-to.ts';
import { PriceTicker, PriceTickerLoading } from '#web/features/price/index.ts';
import { cn } from '#web/components/ui/cn.ts';
import { CloseIcon, MenuIcon } from '#web/components/ui/inline-icons.tsx';
import { DASHBOARD_LABEL, MY_ORDERS_LABEL } from './nav-labels.ts';

const NAV = [
  { to: ROUTES.home, label: 'Home' },
  { to: ROUTES.marketplace, label: 'Marketplace' },
  { to: ROUTES.token, label: 'Our Meme Coin' },
  { to: ROUTES.topMinters, label: 'Top Minters' },
  { to: ROUTES.contact, label: 'Contact' },
  { to: ROUTES.faq, label: 'FAQ' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
  );
const myAdminClass = (state: { isActive: boolean }) => cn(linkClass(state), 'inline-flex items-center');

// The count of what waits for a signed-in user: its own chunk, loaded only once someone is signed in.
const AttentionLink = lazy(async () => ({ default: (await import('./attention.tsx')).AttentionLink }));
const MenuAttention = lazy(async () => ({ default: (await import('./attention.tsx')).MenuAttention }));

/** The header on every page, with the price ticker above it (spec §2). */
export function Header() {
  const { user, isLoading, signOut } = useAuth();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  // Log in / Sign up come back here afterwards; from an account screen, to where that one came from.
  const returnTo =
    safeReturnPath(pathOf(location)) ??
    safeReturnPath(new URLSearchParams(location.search).get(RETURN_TO_PARAM));
  const close = () => setOpen(false);

  const links = (
    <>
      {NAV.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.to === '/'} className={linkClass} onClick={close}>
          {item.label}
        </NavLink>
      ))}
    </>
  );
  const account = isLoading ? null : user ? (
    <>
      <Suspense
        fallback={
          <NavLink to={ROUTES.dashboard} className={myAdminClass} onClick={close}>
            {DASHBOARD_LABEL}
          </NavLink>
        }
      >
        <AttentionLink className={myAdminClass} onClick={close} />
      </Suspense>
      <NavLink to={ROUTES.myOrders} className={linkClass} onClick={close}>
        {MY_ORDERS_LABEL}
      </NavLink>
      <button
        type="button"
        className="rounded-md px-3 py-2 text-left text-sm font-medium text-gray-700 hover:bg-gray-100"
        onClick={() => {
          close();
          void signOut().then(() => navigate(ROUTES.home));
        }}
      >
        Logout
      </button>
    </>
  ) : (
    <>
      <NavLink to={withReturnTo(ROUTES.login, returnTo)} className={linkClass} onClick={close}>
        Login
      </NavLink>
      <NavLink
        to={withReturnTo(ROUTES.signup, returnTo)}
        onClick={close}
        className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        Sign Up
      </NavLink>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <Suspense fallback={<PriceTickerLoading />}>
        <PriceTicker />
      </Suspense>
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3">
        <Link to={ROUTES.home} className="flex items-center gap-2 text-lg font-bold text-gray-900">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {BRAND.name}
        </Link>
        <div className="flex items-center gap-1">
          {user && (
            <Suspense fallback={null}>
              <LazyNotificationBell />
            </Suspense>
          )}
          <div className="hidden items-center gap-1 lg:flex">
            {links}
            <span className="mx-2 h-6 w-px bg-gray-200" aria-hidden="true" />
            {account}
          </div>
          <button
            type="button"
            className="relative rounded-md p-2 text-gray-800 hover:bg-gray-100 lg:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
            <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
            {/* On a phone My Artchips is behind this button: it carries the count while the menu is shut. */}
            {user && !open && (
              <Suspense fallback={null}>
                <MenuAttention />
              </Suspense>
            )}
          </button>
        </div>
      </nav>
      {open && (
        <div
          id="mobile-menu"
          key={location.pathname}
          className="flex flex-col gap-1 border-t border-gray-200 px-4 py-3 lg:hidden"
        >
          {links}
          <div className="my-1 h-px bg-gray-200" aria-hidden="true" />
          {account}
        </div>
      )}
    </header>
  );
}
