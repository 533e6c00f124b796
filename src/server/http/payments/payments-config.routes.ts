import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PaymentsConfigSchema } from '#shared/payments.schemas.ts';
import { getPaymentsConfig } from '#server/modules/payments/index.ts';

/** GET /api/payments/config (public): which methods are live or demo, and the public provider keys. */
export const paymentsConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payments/config',
    { config: { auth: 'public' }, schema: { response: { 200: PaymentsConfigSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return getPaymentsConfig(app);
    },
  );
};
