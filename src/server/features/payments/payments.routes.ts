import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CompleteOrderResponseSchema,
  OrderIdParamsSchema,
  PaymentTokenQuerySchema,
} from '#shared/orders.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import { completeDemoOrder } from '#server/features/orders/orders.service.ts';
import { getPaymentRegistry } from './payments.registry.ts';
import { completeOrderPayment, failOrderPayment } from './payments.service.ts';
import type { PaymentProvider } from './payment-provider.ts';

const WebhookResponseSchema = z.object({ received: z.boolean() });

/**
 * Payment routes. POST /api/orders/:id/complete exists ONLY while demo payments are enabled: with
 * live payments it is not registered at all (404), or anyone could mark an order paid. Each live
 * provider with a handleSignal gets POST /api/payments/{name}/webhook, and may add its own routes.
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

  for (const provider of getPaymentRegistry(app).providers()) {
    if (provider.registerRoutes) await app.register(async (scope) => provider.registerRoutes!(scope));
    if (provider.handleSignal) await app.register(async (scope) => registerWebhook(scope, provider));
  }
};

/** A webhook route that keeps the raw body (signatures are over the exact bytes). */
async function registerWebhook(
  scope: Parameters<FastifyPluginAsyncZod>[0],
  provider: PaymentProvider,
): Promise<void> {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  for (const url of [`/api/payments/${provider.name}/webhook`, ...(provider.webhookPaths ?? [])]) {
    scope.post(
      url,
      { config: { auth: 'public' }, schema: { response: { 200: WebhookResponseSchema } } },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const ctx = { app: scope, publicUrl: scope.config.publicUrl };
        const signal = await provider.handleSignal!({ headers: request.headers, rawBody }, ctx);
        if (signal.kind === 'completed') {
          await completeOrderPayment(scope, { ...signal, provider: provider.name });
        } else if (signal.kind === 'failed') {
          await failOrderPayment(scope, { ...signal, provider: provider.name });
        }
        return { received: true };
      },
    );
  }
}
