/**
 * Session cookies (PRODUCT.md "Accounts and safety", docs/decisions/024): the browser keeps its session
 * in an HttpOnly cookie that scripts cannot read. User and admin sessions live in separate cookies; the
 * admin one is sent only to /api/admin and lasts as long as its 12-hour session. @fastify/cookie
 * (registered in app.ts) parses the Cookie header into `request.cookies` and writes Set-Cookie.
 */
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BRAND } from '#shared/brand.ts';
import type { SessionKind } from './auth.repo.ts';

/** Cookie names and paths; the user session is needed only by the API, the admin one only by admin calls. */
const SESSION_COOKIES = {
  user: { name: `${BRAND.slug}_session`, path: '/api' },
  admin: { name: `${BRAND.slug}_admin_session`, path: '/api/admin' },
} as const satisfies Record<SessionKind, { name: string; path: string }>;

/**
 * A cookie without a secret that tells the web app a user session exists (so a signed-out visitor's
 * pages never ask the API who is signed in). It expires with the session and is cleared on log-out.
 */
const SIGNED_IN_COOKIE = { name: `${BRAND.slug}_signed_in`, path: '/' } as const;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Cookies are `Secure` except on plain http to the machine itself (development, tests, the browser
 * suite on http://127.0.0.1), where a browser would drop them. Behind a TLS-terminating proxy the
 * request's protocol is http unless TRUST_PROXY lets X-Forwarded-Proto say otherwise, which is why any
 * other host always gets `Secure`.
 */
function isSecureCookieRequest(request: FastifyRequest): boolean {
  if (request.protocol === 'https') return true;
  return !LOOPBACK_HOSTS.has(request.hostname.toLowerCase());
}

/** The session token the request's cookie carries for this kind of session, or null. */
export function readSessionCookie(request: FastifyRequest, kind: SessionKind): string | null {
  const value = request.cookies[SESSION_COOKIES[kind].name];
  return value && value.length <= 200 ? value : null;
}

/**
 * Whether the browser's signed-in marker (readable by the page, sent to every path, unlike the session
 * cookie) says a user session exists: a hint for what to render, never a proof of who is asking.
 */
export function hasSignedInMarker(request: FastifyRequest): boolean {
  return request.cookies[SIGNED_IN_COOKIE.name] === '1';
}

/** Whether the request carries any session cookie (user or admin), valid or not. */
export function hasSessionCookie(request: FastifyRequest): boolean {
  const { cookies } = request;
  return (
    cookies[SESSION_COOKIES.user.name] !== undefined || cookies[SESSION_COOKIES.admin.name] !== undefined
  );
}

/** Sets the session cookie (and, for users, the signed-in marker) for a session lasting `ttlMs`. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  token: string,
  ttlMs: number,
): void {
  const secure = isSecureCookieRequest(request);
  const maxAge = Math.floor(ttlMs / 1000);
  const { name, path } = SESSION_COOKIES[kind];
  void reply.setCookie(name, token, { path, maxAge, sameSite: 'lax', httpOnly: true, secure });
  if (kind === 'user') {
    void reply.setCookie(SIGNED_IN_COOKIE.name, '1', {
      path: SIGNED_IN_COOKIE.path,
      maxAge,
      sameSite: 'lax',
      httpOnly: false,
      secure,
    });
  }
}

/** Expires the session cookie of this kind (and the signed-in marker for users): Max-Age=0 and 1970. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, kind: SessionKind): void {
  const secure = isSecureCookieRequest(request);
  const { name, path } = SESSION_COOKIES[kind];
  void reply.clearCookie(name, { path, sameSite: 'lax', httpOnly: true, secure });
  if (kind === 'user') {
    void reply.clearCookie(SIGNED_IN_COOKIE.name, {
      path: SIGNED_IN_COOKIE.path,
      sameSite: 'lax',
      httpOnly: false,
      secure,
    });
  }
}
