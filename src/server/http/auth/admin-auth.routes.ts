import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '#server/lib/auth-user.ts';
import { endSession, SESSION_TTL_MS } from '#server/modules/auth/index.ts';
import { clearSessionCookie, setSessionCookie } from '#server/modules/auth/index.ts';
import {
  AdminLoginAnswerSchema,
  AdminSessionOrTwoFactorSchema,
  LoginCodeInputSchema,
  LoginInputSchema,
  MessageResponseSchema,
} from '#shared/auth.schemas.ts';
import { loginAdmin, loginAdminWithCode } from '#server/modules/auth/index.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';

/** The admin log-in (its own 12-hour session kind), its code step (decision 036) and log-out (spec §7). */
export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/auth/login',
    {
      config: {
        auth: 'public',
        rateLimit: limitPerMinute(app.config, 10),
        ...(app.config.rateLimit && { accountRateLimit: { max: 10, windowMs: 60_000, perClient: true } }),
      },
      schema: { body: LoginInputSchema, response: { 200: AdminLoginAnswerSchema } },
    },
    async (request, reply) => {
      const answer = await loginAdmin(app.db, request.body, {
        now: app.clock(),
        backoff: app.config.rateLimit,
        client: request.ip,
        publicUrl: app.config.publicUrl,
      });
      // Its own cookie, sent only to /api/admin, and as short-lived as the admin session.
      if ('token' in answer) setSessionCookie(request, reply, 'admin', answer.token, SESSION_TTL_MS.admin);
      return answer;
    },
  );

  app.post(
    '/api/admin/auth/login/code',
    {
      config: { auth: 'public', rateLimit: limitPerMinute(app.config, 10) },
      schema: { body: LoginCodeInputSchema, response: { 200: AdminSessionOrTwoFactorSchema } },
    },
    async (request, reply) => {
      const answer = await loginAdminWithCode(app.db, request.body, { now: app.clock(), client: request.ip });
      if ('token' in answer) setSessionCookie(request, reply, 'admin', answer.token, SESSION_TTL_MS.admin);
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
