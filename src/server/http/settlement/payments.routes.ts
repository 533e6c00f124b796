import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CompleteOrderResponseSchema,
  OrderIdParamsSchema,
  PaymentTokenQuerySchema,
} from '#shared/orders.schemas.ts';
import {
  PaypalCaptureResponseSchema,
  PaypalCreateOrderRequestSchema,
  PaypalCreateOrderResponseSchema,
  PaypalOrderParamsSchema,
  PaypalSetupResponseSchema,
  TokenPaymentParamsSchema,
  TokenPaymentQuerySchema,
  TokenPaymentSchema,
} from '#shared/payments.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  capturePaypalOrder,
  completeDemoOrder,
  completeOrderPayment,
  failOrderPayment,
  applyProviderRefund,
  getPaypalOrderForCheckout,
  getTokenPayment,
  getTokenPaymentQrSvg,
} from '#server/flows/settlement/index.ts';
import {
  getPaymentRegistry,
  isPaypalProvider,
  isSolanaProvider,
  paymentContext,
  type PaymentProvider,
  type PaypalProvider,
  type SolanaSettings,
} from '#server/modules/payments/index.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';
import { applyDisputeSignal } from '#server/flows/disputes/index.ts';

const WebhookResponseSchema = z.object({ received: z.boolean() });

/**
 * Every payment route, wired here from the live adapters (which register nothing themselves):
 * - POST /api/orders/:id/complete exists ONLY while demo payments are enabled: with live payments it
 *   is not registered at all (404), or anyone could mark an order paid.
 * - each live provider with a handleSignal gets POST /api/payments/{name}/webhook (and its aliases);
 * - live PayPal adds the spec's /paypal/* browser calls, live token payments the payment page's calls.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.demoPayments) {
    app.post(
      '/api/orders/:id/complete',
      {
        config: { auth: 'optional' },
        schema: {
          params: OrderIdParamsSchema,
          querystring: PaymentTokenQuerySchema,
          response: { 200: CompleteOrderResponseSchema },
        },
      },
      async (request) => {
        // The buyer's session, or the order's one-time demo payment token for a guest buyer.
        if (!request.user && !request.query.token) throw new AppError('UNAUTHENTICATED', 'Unauthorized');
        return { order: await completeDemoOrder(app, request.user, request.params.id, request.query.token) };
      },
    );
  }

  const registry = getPaymentRegistry(app);
  for (const provider of registry.providers()) {
    if (provider.handleSignal) await app.register(async (scope) => registerWebhook(scope, provider));
  }
  const paypal = registry.byName('paypal');
  if (isPaypalProvider(paypal)) await app.register(async (scope) => registerPaypalRoutes(scope, paypal));
  const solana = registry.byName('solana');
  if (isSolanaProvider(solana))
    await app.register(async (scope) => registerTokenRoutes(scope, solana.settings));
};

/** A webhook route that keeps the raw body (signatures are over the exact bytes). */
async function registerWebhook(scope: FastifyInstance, provider: PaymentProvider): Promise<void> {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  for (const url of [`/api/payments/${provider.name}/webhook`, ...(provider.webhookPaths ?? [])]) {
    scope.post(
      url,
      // Signed by the provider, posted from its servers: exempt from the origin check. Stripe and
      // PayPal send JSON, which is all the route accepts (the raw bytes are kept for the signature).
      {
        config: { auth: 'public', allowCrossOrigin: true },
        schema: { response: { 200: WebhookResponseSchema } },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signal = await provider.handleSignal!(
          { headers: request.headers, rawBody },
          paymentContext(scope),
        );
        if (signal.kind === 'completed') {
          await completeOrderPayment(scope, { ...signal, provider: provider.name });
        } else if (signal.kind === 'failed') {
          await failOrderPayment(scope, { ...signal, provider: provider.name });
        } else if (signal.kind === 'dispute') {
          await applyDisputeSignal(scope, { ...signal, provider: provider.name });
        } else if (signal.kind === 'refunded') {
          await applyProviderRefund(scope, { ...signal, provider: provider.name });
        }
        return { received: true };
      },
    );
  }
}

/**
 * The spec's PayPal browser calls (§7), registered only while PayPal is live. Public: guest buyers
 * have no session, and none is needed: the amount is never taken from the request, and only the
 * buyer who approved a PayPal order at PayPal can make its capture succeed.
 */
async function registerPaypalRoutes(scope: FastifyInstance, paypal: PaypalProvider): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const rateLimit = limitPerMinute(app.config, 30);

  app.get(
    '/paypal/setup',
    { config: { auth: 'public' }, schema: { response: { 200: PaypalSetupResponseSchema } } },
    async () => ({ clientId: paypal.settings.clientId }),
  );

  app.post(
    '/paypal/order',
    {
      config: { auth: 'public', rateLimit },
      schema: { body: PaypalCreateOrderRequestSchema, response: { 200: PaypalCreateOrderResponseSchema } },
    },
    async (request) => getPaypalOrderForCheckout(app, request.body.orderId),
  );

  app.post(
    '/paypal/order/:id/capture',
    {
      config: { auth: 'public', rateLimit },
      schema: { params: PaypalOrderParamsSchema, response: { 200: PaypalCaptureResponseSchema } },
    },
    async (request) => capturePaypalOrder(app, paypal.api, request.params.id),
  );
}

/** The token payment page's calls, registered only while token payments are live. */
async function registerTokenRoutes(scope: FastifyInstance, settings: SolanaSettings): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/payments/solana/:orderId',
    {
      config: { auth: 'optional' },
      schema: {
        params: TokenPaymentParamsSchema,
        querystring: TokenPaymentQuerySchema,
        response: { 200: TokenPaymentSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getTokenPayment(
        app,
        settings,
        request.user ?? null,
        request.params.orderId,
        request.query.reference,
      );
    },
  );

  app.get(
    '/api/payments/solana/:orderId/qr.svg',
    {
      config: { auth: 'optional' },
      schema: { params: TokenPaymentParamsSchema, querystring: TokenPaymentQuerySchema },
    },
    async (request, reply) => {
      const svg = await getTokenPaymentQrSvg(
        app,
        settings,
        request.user ?? null,
        request.params.orderId,
        request.query.reference,
      );
      return reply.type('image/svg+xml').header('cache-control', 'private, no-store').send(svg);
    },
  );
}
