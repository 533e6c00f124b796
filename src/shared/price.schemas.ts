import { z } from 'zod';

/** Spec §3 coin price record, as GET /api/price/artchip returns it. */
export const CoinPriceSchema = z.object({
  /** USD per token, decimal string. */
  price_usd: z.string(),
  formatted_price: z.string(),
  /** Percent change over 24 hours; the sign decides up (>= 0) or down. */
  change_24h: z.number(),
  formatted_change: z.string(),
  last_updated: z.string(),
  source: z.enum(['live', 'fallback']),
  /** True when no live price is known and the settings' fallback price is shown. */
  is_fallback: z.boolean(),
});
export type CoinPrice = z.infer<typeof CoinPriceSchema>;
