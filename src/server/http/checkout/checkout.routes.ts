import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckoutResponseSchema,
  LegacyPurchaseRequestSchema,
  PayOrderRequestSchema,
  PaymentStartedRequestSchema,
  PaymentStartedResponseSchema,
  QuoteRequestSchema,
  QuoteResponseSchema,
} from '#shared/checkout.schemas.ts';
import { CheckoutRequestSchema } from '#shared/checkout-request.schemas.ts';
import { CHIP_API } from '#shared/brand.ts';
import {
  ArtchipIdParamsSchema,
  OrderIdParamsSchema,
  PaymentTokenQuerySchema,
  ShipArtchipInputSchema,
  TransferArtchipInputSchema,
  TransferCancellationSchema,
  TransferFeeSchema,
} from '#shared/orders.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { clientNetworkKey } from '#server/lib/client-network.ts';
import {
  checkout,
  legacyPurchase,
  quoteCheckout,
  payOrderAgain,
  startPaying,
  requestArtchipShipping,
  getTransferFee,
  transferArtchip,
  cancelTransfer,
  cancelHandoverByOwner,
  claimByTap,
  previewClaim,
  getLiveHandover,
  startHandoverByOwner,
} from '#server/flows/checkout/index.ts';
import {
  ClaimInputSchema,
  ClaimPreviewQuerySchema,
  ClaimPreviewSchema,
  ClaimResponseSchema,
  HandoverEnvelopeSchema,
  StartHandoverInputSchema,
  StartHandoverResponseSchema,
} from '#shared/handovers.schemas.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';

/**
 * Checkout (guest purchases allowed; mints need a session), its live quote, the legacy buy call,
 * Pay now for an unpaid or failed order, and the owner's paid moves: ship to me and transfer.
 */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = limitPerMinute(app.config, 30);
  // Who is asking, for the open-holds allowance per client network (off with the rate limits).
  const clientKey = (request: FastifyRequest) =>
    app.config.rateLimit ? hashToken(`client:${clientNetworkKey(request.ip)}`) : null;

  app.post(
    '/api/checkout',
    {
      // Per e-mail too when signed out: a guest checkout says whether the e-mail is registered
      // (PRODUCT.md), so it is limited like the e-mail check (docs/decisions/024). A signed-in buyer
      // tells nothing, and may buy as fast as they like within the per-client limit.
      config: {
        auth: 'optional',
        rateLimit,
        ...(app.config.rateLimit && {
          accountRateLimit: { max: 10, windowMs: 60_000, signedOutOnly: true },
        }),
      },
      schema: { body: CheckoutRequestSchema, response: { 200: CheckoutResponseSchema } },
    },
    async (request) => checkout(app, request.user, request.body, clientKey(request)),
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
    async (request) => legacyPurchase(app, currentUser(request), request.body.productId, clientKey(request)),
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
      return payOrderAgain(
        app,
        request.user,
        request.params.id,
        request.body,
        request.query.token,
        clientKey(request),
      );
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

  app.delete(
    `${CHIP_API}/:id/transfer`,
    {
      config: { auth: 'user', rateLimit },
      schema: { params: ArtchipIdParamsSchema, response: { 200: TransferCancellationSchema } },
    },
    async (request) => cancelTransfer(app, currentUser(request), request.params.id),
  );

  app.get(
    `${CHIP_API}/:id/handover`,
    {
      config: { auth: 'user' },
      schema: { params: ArtchipIdParamsSchema, response: { 200: HandoverEnvelopeSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getLiveHandover(app, currentUser(request), request.params.id);
    },
  );

  app.post(
    `${CHIP_API}/:id/handover`,
    {
      config: { auth: 'user', rateLimit },
      schema: {
        params: ArtchipIdParamsSchema,
        body: StartHandoverInputSchema,
        response: { 200: StartHandoverResponseSchema },
      },
    },
    async (request) => startHandoverByOwner(app, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    `${CHIP_API}/:id/handover`,
    {
      config: { auth: 'user' },
      schema: { params: ArtchipIdParamsSchema, response: { 200: HandoverEnvelopeSchema } },
    },
    async (request) => cancelHandoverByOwner(app, currentUser(request), request.params.id),
  );

  app.post(
    '/api/orders/:id/payment-started',
    {
      // The buyer, or a guest's browser by its checkout token (checked by the service).
      config: { auth: 'optional', rateLimit },
      schema: {
        params: OrderIdParamsSchema,
        body: PaymentStartedRequestSchema.optional(),
        response: { 200: PaymentStartedResponseSchema },
      },
    },
    async (request) => startPaying(app, request.user, request.params.id, request.body?.token),
  );

  app.get(
    `${CHIP_API}/claim`,
    {
      config: { auth: 'user', rateLimit },
      schema: { querystring: ClaimPreviewQuerySchema, response: { 200: ClaimPreviewSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return previewClaim(app, request.query.token);
    },
  );

  app.post(
    `${CHIP_API}/claim`,
    {
      config: { auth: 'user', rateLimit },
      schema: { body: ClaimInputSchema, response: { 200: ClaimResponseSchema } },
    },
    async (request) => claimByTap(app, currentUser(request), request.body),
  );
};
