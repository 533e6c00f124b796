import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MailListQuerySchema, MailLogPageSchema } from '#shared/admin.schemas.ts';
import { listMailLog } from '#server/platform/mail/index.ts';

const admin = { auth: 'admin' } as const;

/** The outgoing-mail log in the back office. */
export const adminMailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/mail',
    { config: admin, schema: { querystring: MailListQuerySchema, response: { 200: MailLogPageSchema } } },
    async (request) => listMailLog(app.db, request.query),
  );
};
