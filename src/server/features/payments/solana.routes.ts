import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TokenPaymentParamsSchema,
  TokenPaymentQuerySchema,
  TokenPaymentSchema,
} from '#shared/payments.schemas.ts';
import type { SolanaSettings } from './solana.provider.ts';
import { getTokenPayment, getTokenPaymentQrSvg } from './solana.service.ts';

/** The token payment page's calls, registered only while token payments are live. */
export async function registerSolanaRoutes(scope: FastifyInstance, settings: SolanaSettings): Promise<void> {
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
