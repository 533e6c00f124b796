/**
 * The app's router (docs/decisions/015-own-router.md): React Router's declarative API, reduced to
 * what the app uses (absolute paths, no loaders, no location state), at a tenth of its size in the
 * script every page loads first.
 */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentPropsWithRef,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { matchRoutes, type Params, type RouteObject } from './route-match.ts';
import {
  createBrowserHistory,
  createMemoryHistory,
  createStaticHistory,
  hrefOf,
  type History,
  type Location,
} from './router-history.ts';

export { matchRoutes, type RouteObject } from './route-match.ts';
export { createMemoryHistory, type History, type Location } from './router-history.ts';

type RouterState = { location: Location; history: History };

const RouterContext = createContext<RouterState | null>(null);
const RouteContext = createContext<{ params: Params; outlet: ReactNode }>({ params: {}, outlet: null });

function useRouter(hook: string): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error(`${hook}() may be used only inside a router`);
  return router;
}

/**
 * Renders from a history and follows it. Changes of location render as transitions, as React
 * Router's do: a page whose code is still loading keeps the previous page on screen meanwhile.
 */
export function Router({ history, children }: { history: History; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useLayoutEffect(() => history.listen((next) => startTransition(() => setLocation(next))), [history]);
  const value = useMemo(() => ({ location, history }), [location, history]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

/** The browser's address bar (main.tsx). */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

/** One fixed location, for the server renderer (entry-server.tsx). */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const history = useMemo(() => createStaticHistory(location), [location]);
  return <Router history={history}>{children}</Router>;
}

/** History in memory, for component tests. */
export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

/** The page for the current location inside its layouts (each layout renders the rest as `<Outlet />`). */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { location } = useRouter('useRoutes');
  const matches = useMemo(() => matchRoutes(routes, location.pathname), [routes, location.pathname]);
  if (!matches) return null;
  return matches.reduceRight<ReactNode>((outlet, { route, params }) => {
    const { Component } = route;
    const element = route.element ?? (Component ? <Component /> : outlet);
    return <RouteContext value={{ params, outlet }}>{element}</RouteContext>;
  }, null);
}

export function Outlet() {
  return useContext(RouteContext).outlet;
}

export function useLocation(): Location {
  return useRouter('useLocation').location;
}

export function useParams(): Params {
  return useContext(RouteContext).params;
}

/** An href for `to`: an absolute path as it is, `?query` or `#hash` on the current path. */
function resolveHref(to: string, from: Location): string {
  if (to.startsWith('/') && !to.startsWith('//')) return to;
  if (to.startsWith('?')) return to.length > 1 ? from.pathname + to : from.pathname;
  if (to.startsWith('#')) return from.pathname + from.search + to;
  // A relative path (the app uses none): resolved against the current path, as a browser would.
  return hrefOf(new URL(to, `http://localhost${from.pathname}`));
}

type NavigateOptions = { replace?: boolean };
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

/** `navigate(to, { replace })`, or `navigate(-1)` for back. The same function for the router's lifetime. */
export function useNavigate(): NavigateFunction {
  const { history } = useRouter('useNavigate');
  return useCallback(
    (to, options = {}) => {
      if (typeof to === 'number') return history.go(to);
      const href = resolveHref(to, history.location);
      if (options.replace) history.replace(href);
      else history.push(href);
    },
    [history],
  );
}

type SearchParamsInit = URLSearchParams | Record<string, string> | string;
export type SetSearchParams = (
  next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

/** The query string, and a setter that navigates to the same path with a new one. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { location, history } = useRouter('useSearchParams');
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const current = new URLSearchParams(history.location.search);
      const init = typeof next === 'function' ? next(current) : next;
      navigate(`?${new URLSearchParams(init).toString()}`, options);
    },
    [history, navigate],
  );
  return [params, setParams];
}

/** Navigates once rendered (in an effect, so never while the server renders). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** A plain left click that the browser would follow in this tab: the router's to handle. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & {
  to: string;
  /** Replace the current history entry instead of adding one (the default when `to` is where we are). */
  replace?: boolean;
};

/** An `<a>` that navigates inside the app; other URLs, modified clicks and new tabs go to the browser. */
export function Link({ to, replace, onClick, target, ...props }: LinkProps) {
  const { location, history } = useRouter('Link');
  const isExternal = EXTERNAL.test(to);
  const href = isExternal ? to : resolveHref(to, location);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (isExternal || !isPlainClick(event, target)) return;
    event.preventDefault();
    if (replace ?? href === hrefOf(location)) history.replace(href);
    else history.push(href);
  };
  return <a {...props} href={href} target={target} onClick={handleClick} />;
}

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on this very path, not on the paths below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A Link that knows whether it leads to the current page (`aria-current="page"` then). */
export function NavLink({ end = false, className, ...props }: NavLinkProps) {
  const { location } = useRouter('NavLink');
  const current = location.pathname.toLowerCase();
  const target = resolveHref(props.to, location).split(/[?#]/)[0]!.toLowerCase();
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive =
    current === target || (!end && current.startsWith(target) && current.charAt(slash) === '/');
  return (
    <Link
      {...props}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
