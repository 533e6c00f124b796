import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '#server/lib/auth-user.ts';
import {
  endSession,
  SESSION_TTL_MS,
  clearSessionCookie,
  setSessionCookie,
  loginAdmin,
} from '#server/modules/auth/index.ts';
import { AdminLoginResponseSchema, LoginInputSchema, MessageResponseSchema } from '#shared/auth.schemas.ts';

/** The admin log-in (its own 12-hour session kind) and log-out (spec §7). */
export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/auth/login',
    {
      config: {
        auth: 'public',
        rateLimit: app.config.rateLimit ? { max: 10, timeWindow: '1 minute' } : false,
        ...(app.config.rateLimit && { accountRateLimit: { max: 10, windowMs: 60_000 } }),
      },
      schema: { body: LoginInputSchema, response: { 200: AdminLoginResponseSchema } },
    },
    async (request, reply) => {
      const answer = await loginAdmin(app.db, request.body, {
        now: app.clock(),
        backoff: app.config.rateLimit,
      });
      // Its own cookie, sent only to /api/admin, and as short-lived as the admin session.
      setSessionCookie(request, reply, 'admin', answer.token, SESSION_TTL_MS.admin);
      return answer;
    },
  );

  app.post(
    '/api/admin/auth/logout',
    { config: { auth: 'admin' }, schema: { response: { 200: MessageResponseSchema } } },
    async (request, reply) => {
      const answer = await endSession(app.db, currentUser(request).sessionId);
      clearSessionCookie(request, reply, 'admin');
      return answer;
    },
  );
};
