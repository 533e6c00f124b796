import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BRAND } from '#shared/brand.ts';
import { CoinPriceSchema } from '#shared/price.schemas.ts';
import { getCoinPrice } from '#server/modules/price/index.ts';

/** The token price the ticker polls. */
export const priceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `/api/price/${BRAND.slug}`,
    {
      // Pages rendered with it depend on the price alone (decision 078).
      config: { publicCache: { maxAge: 25, sMaxAge: 25, store: false, tags: () => ['price'] } },
      schema: { response: { 200: CoinPriceSchema } },
    },
    async () => getCoinPrice(app),
  );
};
