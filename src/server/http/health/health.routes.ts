import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '#server/lib/app-error.ts';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { response: { 200: HealthSchema } } }, async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (err) {
      app.log.error({ err }, 'health check: database unreachable');
      throw new AppError('INTERNAL', 'Database unavailable');
    }
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, database: app.database.kind };
  });
};
