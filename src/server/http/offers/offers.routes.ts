import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHIP_API } from '#shared/brand.ts';
import { ArtchipIdParamsSchema } from '#shared/orders.schemas.ts';
import {
  CounterOfferInputSchema,
  CreateOfferInputSchema,
  OfferIdParamsSchema,
  OfferListSchema,
  OfferSchema,
} from '#shared/offers.schemas.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import {
  acceptOffer,
  counterOffer,
  createOffer,
  declineOffer,
  listMyOffers,
  withdrawOffer,
} from '#server/modules/offers/index.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';

/** Offers on listed chips: make, list, accept, decline, counter, withdraw. */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const user = { auth: 'user' } as const;
  const one = { params: OfferIdParamsSchema, response: { 200: OfferSchema } };

  app.post(
    `${CHIP_API}/:id/offers`,
    {
      config: { ...user, rateLimit: limitPerMinute(app.config, 20) },
      schema: { params: ArtchipIdParamsSchema, body: CreateOfferInputSchema, response: { 200: OfferSchema } },
    },
    async (request) => createOffer(app, currentUser(request).id, request.params.id, request.body),
  );

  for (const side of ['received', 'sent'] as const) {
    app.get(
      `/api/offers/${side}`,
      { config: user, schema: { response: { 200: OfferListSchema } } },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return listMyOffers(app, currentUser(request).id, side);
      },
    );
  }

  app.post('/api/offers/:id/accept', { config: user, schema: one }, async (request) =>
    acceptOffer(app, currentUser(request).id, request.params.id),
  );
  app.post('/api/offers/:id/decline', { config: user, schema: one }, async (request) =>
    declineOffer(app, currentUser(request).id, request.params.id),
  );
  app.post(
    '/api/offers/:id/counter',
    { config: user, schema: { ...one, body: CounterOfferInputSchema } },
    async (request) => counterOffer(app, currentUser(request).id, request.params.id, request.body),
  );
  app.post('/api/offers/:id/withdraw', { config: user, schema: one }, async (request) =>
    withdrawOffer(app, currentUser(request).id, request.params.id),
  );
};
