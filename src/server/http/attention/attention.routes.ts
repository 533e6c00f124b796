import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AttentionSchema } from '#shared/attention.schemas.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import { getMyAttention } from '#server/views/attention/index.ts';

/** The signed-in user's counts of what waits for them (the header badge, the dashboard notice). */
export const attentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/my-attention',
    { config: { auth: 'user' }, schema: { response: { 200: AttentionSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getMyAttention(app, currentUser(request).id);
    },
  );
};
