import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PaypalCaptureResponseSchema,
  PaypalCreateOrderRequestSchema,
  PaypalCreateOrderResponseSchema,
  PaypalOrderParamsSchema,
  PaypalSetupResponseSchema,
} from '#shared/payments.schemas.ts';
import type { PaypalApi, PaypalSettings } from './paypal.provider.ts';
import { capturePaypalOrder, getPaypalOrderForCheckout } from './paypal.service.ts';

/**
 * The spec's PayPal browser calls (§7), registered only while PayPal is live. Public: guest buyers
 * have no session, and none is needed: the amount is never taken from the request, and only the
 * buyer who approved a PayPal order at PayPal can make its capture succeed.
 */
export async function registerPaypalRoutes(
  scope: FastifyInstance,
  deps: { settings: PaypalSettings; api: PaypalApi },
): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const rateLimit = app.config.rateLimit ? { max: 30, timeWindow: '1 minute' } : false;

  app.get(
    '/paypal/setup',
    { config: { auth: 'public' }, schema: { response: { 200: PaypalSetupResponseSchema } } },
    async () => ({ clientId: deps.settings.clientId }),
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
    async (request) => capturePaypalOrder(app, deps.api, request.params.id),
  );
}
