/**
 * Where to go back to after logging in or signing up: a `next` query parameter on /login and
 * /signup, carried across e-mail verification in local storage. Only a path on this site is ever
 * followed, so a crafted link (`/login?next=https://evil.example`) cannot send a person elsewhere
 * right after they typed their password (an open redirect).
 */
import { ROUTES } from '#shared/brand.ts';
import { withoutTrackingParams } from '#shared/tracking-params.ts';
import { useLocation } from './router.tsx';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

/** The query parameter /login and /signup read. */
export const RETURN_TO_PARAM = 'next';

/** Longer values are refused rather than truncated (no page of ours has such a URL). */
const MAX_RETURN_PATH_LENGTH = 2000;

/**
 * The account screens: returning to one after logging in would loop or make no sense (the welcome and
 * thank-you pages greet a new account; logging in from one goes home, as the spec's log-in does).
 */
const ACCOUNT_PATHS: readonly string[] = [
  ROUTES.login,
  ROUTES.signup,
  ROUTES.checkEmail,
  ROUTES.verifyEmail,
  ROUTES.setPassword,
  ROUTES.welcome,
  ROUTES.thankYou,
];

/** Any origin works: only whether a value resolves to it matters. */
const BASE = 'http://return-to.invalid';

/**
 * `raw` as a path on this site (path, query and hash) when it is one, else null. It must be an
 * absolute path (`/…`): not a protocol-relative `//host`, not `/\host` (browsers read a backslash as
 * a slash), no control characters or whitespace tricks, and it must stay on the same origin once
 * resolved. Account screens are refused too.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_RETURN_PATH_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f\s]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (ACCOUNT_PATHS.includes(path.toLowerCase())) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` (an account screen) with `?next=` set to `returnTo` when that is a safe place to return to. */
export function withReturnTo(path: string, returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  if (!safe || safe === ROUTES.home) return path;
  return `${path}?${new URLSearchParams({ [RETURN_TO_PARAM]: safe })}`;
}

/**
 * The current page as a return path: its path, query and hash, without where the visitor came from
 * (`ref`, `utm_*`): the server renders pages without them (decision 078), so links made from the
 * address must not carry them either, or the hydrated page would differ from the rendered one.
 */
export function pathOf(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${withoutTrackingParams(location.search)}${location.hash}`;
}

/** `path` (ROUTES.login or ROUTES.signup) with the current page as where to come back to. */
export function useReturnHref(path: string): string {
  return withReturnTo(path, pathOf(useLocation()));
}

/** Kept across sign-up and the e-mailed verification link (same browser), then used once. */
export function rememberReturnPath(returnTo: string | null | undefined): void {
  writeStorage(STORAGE_KEYS.returnTo, safeReturnPath(returnTo));
}

/** The remembered return path (checked again: storage is writable by anything on the page), then forgotten. */
export function takeReturnPath(): string | null {
  const value = safeReturnPath(readStorage(STORAGE_KEYS.returnTo));
  writeStorage(STORAGE_KEYS.returnTo, null);
  return value;
}
