import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckoutRequestSchema,
  CheckoutResponseSchema,
  LegacyPurchaseRequestSchema,
  QuoteRequestSchema,
  QuoteResponseSchema,
} from '#shared/checkout.schemas.ts';
import { CHIP_API } from '#shared/brand.ts';
import { ArtchipIdParamsSchema, ShipArtchipInputSchema } from '#shared/orders.schemas.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { checkout, legacyPurchase, quoteCheckout } from './checkout.service.ts';
import { requestArtchipShipping } from './ship-request.service.ts';

/** Checkout (guest purchases allowed; mints need a session), its live quote and the legacy buy call. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = app.config.rateLimit ? { max: 30, timeWindow: '1 minute' } : false;

  app.post(
    '/api/checkout',
    {
      config: { auth: 'optional', rateLimit },
      schema: { body: CheckoutRequestSchema, response: { 200: CheckoutResponseSchema } },
    },
    async (request) => checkout(app, request.user, request.body),
  );

  app.post(
    '/api/checkout/quote',
    {
      config: { auth: 'optional' },
      schema: { body: QuoteRequestSchema, response: { 200: QuoteResponseSchema } },
    },
    async (request) => quoteCheckout(app, request.user, request.body),
  );

  app.post(
    '/api/purchase',
    {
      config: { auth: 'user', rateLimit },
      schema: { body: LegacyPurchaseRequestSchema, response: { 200: CheckoutResponseSchema } },
    },
    async (request) => legacyPurchase(app, currentUser(request), request.body.productId),
  );

  app.post(
    `${CHIP_API}/:id/ship`,
    {
      config: { auth: 'user' },
      schema: {
        params: ArtchipIdParamsSchema,
        body: ShipArtchipInputSchema,
        response: { 200: CheckoutResponseSchema },
      },
    },
    async (request) => requestArtchipShipping(app, currentUser(request), request.params.id, request.body),
  );
};
