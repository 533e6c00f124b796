import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditListQuerySchema, AuditPageSchema } from '#shared/admin.schemas.ts';
import { listAuditLog } from '#server/modules/audit/index.ts';

const admin = { auth: 'admin' } as const;

/** The audit log in the back office. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit',
    { config: admin, schema: { querystring: AuditListQuerySchema, response: { 200: AuditPageSchema } } },
    async (request) => listAuditLog(app.db, request.query),
  );
};
