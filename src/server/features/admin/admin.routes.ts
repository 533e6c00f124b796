import type { FastifyPluginAsync } from 'fastify';
import { adminCustomersRoutes } from './admin-customers.routes.ts';
import { adminChipsRoutes } from './admin-chips.routes.ts';
import { adminListsRoutes } from './admin-lists.routes.ts';
import { adminAffiliatesRoutes } from './admin-affiliates.routes.ts';

/** The admin back office API (/api/admin/*); every route declares auth 'admin'. */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(adminCustomersRoutes);
  await app.register(adminChipsRoutes);
  await app.register(adminListsRoutes);
  await app.register(adminAffiliatesRoutes);
};
