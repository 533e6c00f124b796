import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminStatsSchema } from '#shared/admin.schemas.ts';
import { getAdminStats } from '#server/views/overview/index.ts';

const admin = { auth: 'admin' } as const;

/** The back office's Overview figures. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/stats', { config: admin, schema: { response: { 200: AdminStatsSchema } } }, async () =>
    getAdminStats(app.db, { livePayments: app.config.livePayments }),
  );
};
