/**
 * Session cookies (PRODUCT.md "Accounts and safety", docs/decisions/024): the browser keeps its session
 * in an HttpOnly cookie that scripts cannot read. User and admin sessions live in separate cookies; the
 * admin one is sent only to /api/admin and lasts as long as its 12-hour session.
 */
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

/** The cookies of a request's Cookie header, by name (first occurrence wins, values decoded). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (!name || cookies.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

/** The session token the request's cookie carries for this kind of session, or null. */
export function readSessionCookie(request: FastifyRequest, kind: SessionKind): string | null {
  const value = parseCookies(request.headers.cookie).get(SESSION_COOKIES[kind].name);
  return value && value.length <= 200 ? value : null;
}

/** Whether the request carries any session cookie (user or admin), valid or not. */
export function hasSessionCookie(request: FastifyRequest): boolean {
  const cookies = parseCookies(request.headers.cookie);
  return cookies.has(SESSION_COOKIES.user.name) || cookies.has(SESSION_COOKIES.admin.name);
}

type CookieOptions = { path: string; maxAgeSeconds: number; httpOnly: boolean; secure: boolean };

function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'SameSite=Lax',
  ];
  if (options.maxAgeSeconds === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

function appendSetCookie(reply: FastifyReply, cookie: string): void {
  const current = reply.getHeader('set-cookie');
  const list = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
  void reply.header('set-cookie', [...list, cookie]);
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
  const maxAgeSeconds = Math.floor(ttlMs / 1000);
  const { name, path } = SESSION_COOKIES[kind];
  appendSetCookie(reply, serializeCookie(name, token, { path, maxAgeSeconds, httpOnly: true, secure }));
  if (kind === 'user') {
    appendSetCookie(
      reply,
      serializeCookie(SIGNED_IN_COOKIE.name, '1', {
        path: SIGNED_IN_COOKIE.path,
        maxAgeSeconds,
        httpOnly: false,
        secure,
      }),
    );
  }
}

/** Expires the session cookie of this kind (and the signed-in marker for users). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, kind: SessionKind): void {
  const secure = isSecureCookieRequest(request);
  const { name, path } = SESSION_COOKIES[kind];
  appendSetCookie(reply, serializeCookie(name, '', { path, maxAgeSeconds: 0, httpOnly: true, secure }));
  if (kind === 'user') {
    appendSetCookie(
      reply,
      serializeCookie(SIGNED_IN_COOKIE.name, '', {
        path: SIGNED_IN_COOKIE.path,
        maxAgeSeconds: 0,
        httpOnly: false,
        secure,
      }),
    );
  }
}
