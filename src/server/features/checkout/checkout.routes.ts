import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckoutRequestSchema,
  CheckoutResponseSchema,
  LegacyPurchaseRequestSchema,
  PayOrderRequestSchema,
  QuoteRequestSchema,
  QuoteResponseSchema,
} from '#shared/checkout.schemas.ts';
import { CHIP_API } from '#shared/brand.ts';
import {
  ArtchipIdParamsSchema,
  OrderIdParamsSchema,
  PaymentTokenQuerySchema,
  ShipArtchipInputSchema,
  TransferArtchipInputSchema,
  TransferFeeSchema,
} from '#shared/orders.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { checkout, legacyPurchase, quoteCheckout } from './checkout.service.ts';
import { payOrderAgain } from './pay-again.service.ts';
import { requestArtchipShipping } from './ship-request.service.ts';
import { getTransferFee, transferArtchip } from './transfer.service.ts';

/**
 * Checkout (guest purchases allowed; mints need a session), its live quote, the legacy buy call,
 * Pay now for an unpaid or failed order, and the owner's paid moves: ship to me and transfer.
 */
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
    '/api/orders/:id/pay',
    {
      config: { auth: 'optional', rateLimit },
      schema: {
        params: OrderIdParamsSchema,
        querystring: PaymentTokenQuerySchema,
        body: PayOrderRequestSchema,
        response: { 200: CheckoutResponseSchema },
      },
    },
    async (request) => {
      // The buyer's session, or the order's one-time demo payment token for a guest buyer.
      if (!request.user && !request.query.token) throw new AppError('UNAUTHENTICATED', 'Unauthorized');
      return payOrderAgain(app, request.user, request.params.id, request.body, request.query.token);
    },
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

  app.get(
    `${CHIP_API}/:id/transfer-fee`,
    {
      config: { auth: 'user' },
      schema: { params: ArtchipIdParamsSchema, response: { 200: TransferFeeSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getTransferFee(app, currentUser(request), request.params.id);
    },
  );

  app.post(
    `${CHIP_API}/:id/transfer`,
    {
      config: { auth: 'user', rateLimit },
      schema: {
        params: ArtchipIdParamsSchema,
        body: TransferArtchipInputSchema,
        response: { 200: CheckoutResponseSchema },
      },
    },
    async (request) => transferArtchip(app, currentUser(request), request.params.id, request.body),
  );
};
