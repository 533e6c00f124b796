import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DemoCatalogueRemovalSchema, DemoCatalogueSchema } from '#shared/demo.schemas.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import { getDemoCatalogue, removeDemoCatalogue } from '#server/flows/seed/index.ts';

const admin = { auth: 'admin' } as const;

/** The demo catalogue in the admin's settings: what is left of it, and its removal. */
export const demoCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/demo-catalogue',
    { config: admin, schema: { response: { 200: DemoCatalogueSchema } } },
    async () => getDemoCatalogue(app),
  );
  app.delete(
    '/api/admin/demo-catalogue',
    { config: admin, schema: { response: { 200: DemoCatalogueRemovalSchema } } },
    async (request) => removeDemoCatalogue(app, currentUser(request).id),
  );
};
