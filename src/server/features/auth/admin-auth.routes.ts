import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '#server/plugins/auth.ts';
import { endSession } from './auth.service.ts';
import { AdminLoginResponseSchema, LoginInputSchema, MessageResponseSchema } from '#shared/auth.schemas.ts';
import { loginAdmin } from './admin-auth.service.ts';

/** The admin log-in (its own 12-hour session kind) and log-out (spec §7). */
export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/auth/login',
    {
      config: {
        auth: 'public',
        rateLimit: app.config.rateLimit ? { max: 10, timeWindow: '1 minute' } : false,
      },
      schema: { body: LoginInputSchema, response: { 200: AdminLoginResponseSchema } },
    },
    async (request) => loginAdmin(app.db, request.body, app.clock()),
  );

  app.post(
    '/api/admin/auth/logout',
    { config: { auth: 'admin' }, schema: { response: { 200: MessageResponseSchema } } },
    async (request) => endSession(app.db, currentUser(request).sessionId),
  );
};
