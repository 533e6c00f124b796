import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AffiliateSummarySchema } from '#shared/affiliates.schemas.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import { getMyAffiliateSummary } from '#server/modules/affiliates/index.ts';

/** The dashboard's Affiliates tab; the admin side lives in the admin module over this service. */
export const affiliatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/affiliates/me',
    { config: { auth: 'user' }, schema: { response: { 200: AffiliateSummarySchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getMyAffiliateSummary(app, currentUser(request).id);
    },
  );
};
