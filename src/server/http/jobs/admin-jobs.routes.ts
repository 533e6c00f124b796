import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JobListQuerySchema, JobListSchema } from '#shared/jobs.schemas.ts';

const admin = { auth: 'admin' } as const;

/** Background jobs in the back office: what is scheduled, running, failed and why. */
export const adminJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/jobs',
    { config: admin, schema: { querystring: JobListQuerySchema, response: { 200: JobListSchema } } },
    async (request) => app.jobs.listJobs(request.query),
  );
};
