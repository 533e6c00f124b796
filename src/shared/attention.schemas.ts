/**
 * What waits for the signed-in user (GET /api/my-attention): the header's badge and the dashboard's
 * notice. Each figure is a count from the database, of things only this user can move on.
 */
import { z } from 'zod';

/**
 * Days an unpaid order asks for attention after it was placed. My Orders keeps offering Pay now
 * after that; the badge stops nagging about a checkout the person walked away from.
 */
export const UNPAID_ORDER_NOTICE_DAYS = 7;

const count = z.number().int().nonnegative();

export const AttentionSchema = z.object({
  /** Offers on the user's chips waiting for their answer (pending, not lapsed). */
  offersReceived: count,
  /** The user's own offers waiting for them: a counter to answer, or an accepted offer to check out. */
  offersToAnswer: count,
  /** The user's unpaid orders that Pay now can still pay, placed in the last UNPAID_ORDER_NOTICE_DAYS. */
  ordersToPay: count,
  /** Chips made from the user's mints, waiting for them to set a price and activate them. */
  artchipsToActivate: count,
  /** The sum of the above: the badge's number. */
  total: count,
});
export type Attention = z.infer<typeof AttentionSchema>;
