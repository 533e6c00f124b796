import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHIP_API, BRAND } from '#shared/brand.ts';
import { ChipSchema } from '#shared/chips.schemas.ts';
import {
  ActivateArtchipInputSchema,
  ArtchipAvailabilityInputSchema,
  ArtchipIdParamsSchema,
  MyArtchipListSchema,
  MyStatsSchema,
  ResellArtchipInputSchema,
  UpdateArtchipPricingInputSchema,
} from '#shared/orders.schemas.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import { activateArtchip } from '#server/flows/settlement/index.ts';
import { resellArtchip, setArtchipAvailability, updateArtchipPricing } from '#server/modules/chips/index.ts';
import { getMyStats, listMyArtchips } from '#server/views/my-artchips/index.ts';

/** The creator/owner tools of the dashboard. */
export const ownerToolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const user = { auth: 'user' } as const;
  const chipResponse = { response: { 200: ChipSchema } };

  app.get(
    `/api/my-${BRAND.slug}`,
    { config: user, schema: { response: { 200: MyArtchipListSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return listMyArtchips(app, currentUser(request));
    },
  );

  app.get(
    '/api/my-stats',
    { config: user, schema: { response: { 200: MyStatsSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getMyStats(app, currentUser(request).id);
    },
  );

  app.patch(
    `${CHIP_API}/:id/activate`,
    {
      config: user,
      schema: { params: ArtchipIdParamsSchema, body: ActivateArtchipInputSchema, ...chipResponse },
    },
    async (request) => activateArtchip(app, currentUser(request), request.params.id, request.body),
  );

  app.patch(
    `${CHIP_API}/:id/pricing`,
    {
      config: user,
      schema: { params: ArtchipIdParamsSchema, body: UpdateArtchipPricingInputSchema, ...chipResponse },
    },
    async (request) => updateArtchipPricing(app, currentUser(request), request.params.id, request.body),
  );

  app.patch(
    `${CHIP_API}/:id/availability`,
    {
      config: user,
      schema: { params: ArtchipIdParamsSchema, body: ArtchipAvailabilityInputSchema, ...chipResponse },
    },
    async (request) => setArtchipAvailability(app, currentUser(request), request.params.id, request.body),
  );

  app.post(
    `${CHIP_API}/:id/resell`,
    {
      config: user,
      schema: { params: ArtchipIdParamsSchema, body: ResellArtchipInputSchema, ...chipResponse },
    },
    async (request) => resellArtchip(app, currentUser(request), request.params.id, request.body),
  );
};
