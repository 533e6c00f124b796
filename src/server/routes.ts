import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './features/health/health.routes.ts';
import { spaRoutes } from './features/spa/spa.routes.ts';

/** Every feature's routes, registered in one place. Add a line per feature; keep the SPA last. */
export async function registerFeatureRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(spaRoutes);
}
