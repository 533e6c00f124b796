import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DisputeEvidenceSchema,
  DisputeFileSchema,
  DisputeIdParamsSchema,
  DisputeQueueSchema,
} from '#shared/disputes.schemas.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import { z } from 'zod';
import {
  clearLostDisputeFlag,
  getDisputeFile,
  listDisputeQueue,
  submitDisputeEvidence,
} from '#server/flows/disputes/index.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';

/**
 * The admin's disputes (decision 076): the queue of open disputes, one dispute's file (what the
 * platform knows: order, payment signals, custody, the chip's provenance and taps, the buyer's
 * sign-ins), and the evidence sent to Stripe. Disputes arrive only by the providers' signed webhooks.
 */
export const disputesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/disputes',
    { config: { auth: 'admin' }, schema: { response: { 200: DisputeQueueSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return listDisputeQueue(app);
    },
  );

  app.get(
    '/api/admin/disputes/:id',
    {
      config: { auth: 'admin' },
      schema: { params: DisputeIdParamsSchema, response: { 200: DisputeFileSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getDisputeFile(app, { disputeId: request.params.id, admin: currentUser(request) });
    },
  );

  app.post(
    '/api/admin/disputes/:id/evidence',
    {
      config: { auth: 'admin', rateLimit: limitPerMinute(app.config, 10) },
      schema: {
        params: DisputeIdParamsSchema,
        body: DisputeEvidenceSchema,
        response: { 200: DisputeFileSchema },
      },
    },
    async (request) =>
      submitDisputeEvidence(app, {
        disputeId: request.params.id,
        admin: currentUser(request),
        evidence: request.body,
      }),
  );

  app.post(
    '/api/admin/users/:id/clear-dispute-flag',
    {
      config: { auth: 'admin' },
      schema: { params: DisputeIdParamsSchema, response: { 200: z.object({ cleared: z.literal(true) }) } },
    },
    async (request) =>
      clearLostDisputeFlag(app, { userId: request.params.id, adminId: currentUser(request).id }),
  );
};
