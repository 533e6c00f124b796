import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { hashToken } from '#server/lib/tokens.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import {
  clearSessionCookie,
  isAdminEnrolmentRequired,
  readSessionCookie,
  type SessionLookups,
} from '#server/modules/auth/index.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';

/** Who may call a route; every route declares it in `config.auth` (default 'public'). */
type RouteAuth = 'public' | 'optional' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyInstance {
    /** Session lookups remembered briefly by this process (modules/auth/session-lookups.ts). */
    sessionLookups: SessionLookups;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Resolves the session behind the bearer token (API clients) or, without one, the session cookie:
 * the admin cookie on admin routes, the user cookie elsewhere. A cookie whose session is gone
 * (expired, logged out elsewhere, password changed) is cleared in the answer.
 */
async function resolveUser(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: RouteAuth,
): Promise<AuthUser | null> {
  const bearer = bearerToken(request);
  if (bearer) {
    if (bearer.length > 200) return null;
    return actingAs(await app.sessionLookups.find(app.db, hashToken(bearer), app.clock()));
  }
  const kind = auth === 'admin' ? 'admin' : 'user';
  const cookie = readSessionCookie(request, kind);
  if (!cookie) return null;
  const user = await app.sessionLookups.find(app.db, hashToken(cookie), app.clock());
  if (!user) clearSessionCookie(request, reply, kind);
  return actingAs(user);
}

/**
 * Whether a request to a route that reads its viewer (auth 'optional') is made by a real session: the
 * bearer token's, else the user cookie's, as resolveUser finds it. A made-up or ended credential is
 * none, so its caller is answered as a visitor, from the public cache (decision 078).
 */
export async function hasViewerSession(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const bearer = bearerToken(request);
  const token = bearer ?? readSessionCookie(request, 'user');
  if (!token || token.length > 200) return false;
  return (await app.sessionLookups.find(app.db, hashToken(token), app.clock())) !== null;
}

/**
 * The rights a session carries: an admin's rights come only with a session from the admin log-in
 * (12 hours); their ordinary 30-day session acts as a customer's everywhere, so services that ask
 * `role === 'admin'` (any order, a pending chip) answer as they would to anyone (issue 25, finding 8).
 */
function actingAs(found: (AuthUser & { expiresAt: Date }) | null): AuthUser | null {
  if (!found) return null;
  // A copy: the lookup is shared with other requests of this process.
  const { expiresAt: _expiresAt, ...user } = found;
  if (user.role !== 'admin' || user.sessionKind === 'admin') return user;
  return { ...user, role: 'user' };
}

/**
 * The admin routes open to everyone: the log-in, its code step and its second factor's step, and
 * signing in with a passkey (decision 075).
 */
const ADMIN_LOGIN_URLS = new Set([
  '/api/admin/auth/login',
  '/api/admin/auth/login/code',
  '/api/admin/auth/2fa/verify',
  '/api/admin/auth/passkeys/authentication/options',
  '/api/admin/auth/passkeys/authentication',
]);

/** The admin routes an admin who must set up a second factor may still use: the set-up and log-out. */
const ADMIN_ENROLMENT_URLS = new Set([
  '/api/admin/auth/2fa',
  '/api/admin/auth/2fa/totp',
  '/api/admin/auth/2fa/totp/confirm',
  // A passkey is a second factor too (decision 075): listing and adding one.
  '/api/admin/auth/passkeys',
  '/api/admin/auth/passkeys/registration/options',
  '/api/admin/auth/passkeys/registration',
  '/api/admin/auth/logout',
]);

const ADMIN_ENROLMENT_REQUIRED_MESSAGE =
  'Set up two-factor sign-in (an authenticator app or a passkey) before using the admin tools: admins must have a second factor.';

/**
 * Authorisation by route config: each route says who may call it, and this hook enforces it before
 * the handler runs. Admin routes need an admin session of a user whose role is admin.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route) => {
    const auth = route.config?.auth;
    if (route.url.startsWith('/api/admin/') && !ADMIN_LOGIN_URLS.has(route.url) && auth !== 'admin') {
      throw new Error(`Admin route ${String(route.method)} ${route.url} must declare config.auth = 'admin'`);
    }
  });
  // onRequest, before the body is parsed and validated: a caller without the right session gets 401/403,
  // never a validation message about a route it may not use.
  app.addHook('onRequest', async (request, reply) => {
    const auth = request.routeOptions.config.auth ?? 'public';
    if (auth === 'public') return;
    request.user = await resolveUser(app, request, reply, auth);
    if (auth === 'optional') return;
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Unauthorized');
    if (auth === 'admin' && (request.user.role !== 'admin' || request.user.sessionKind !== 'admin')) {
      throw new AppError('FORBIDDEN', 'Admin access required');
    }
    // Decision 072: once an admin has a second factor, every admin needs one (site setting).
    if (
      auth === 'admin' &&
      !ADMIN_ENROLMENT_URLS.has(request.routeOptions.url ?? '') &&
      (await isAdminEnrolmentRequired(
        app.db,
        request.user.id,
        (await getSiteSettings(app)).requireAdminTwoFactor,
      ))
    ) {
      throw new AppError('FORBIDDEN', ADMIN_ENROLMENT_REQUIRED_MESSAGE);
    }
  });
}
