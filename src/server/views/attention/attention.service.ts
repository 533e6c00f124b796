/**
 * What waits for the signed-in user: a read model over offers, orders and chips, each counted by the
 * feature that owns it (through its index.ts), for the header's badge and the dashboard's notice.
 */
import type { Attention } from '#shared/attention.schemas.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { countChipsAwaitingActivation } from '#server/modules/chips/index.ts';
import { countOffersAwaitingUser } from '#server/modules/offers/index.ts';
import { countOrdersToPay } from '#server/modules/orders/index.ts';

/** GET /api/my-attention: the user's offers, orders and chips waiting for them, and their sum. */
export async function getMyAttention(ctx: ServiceContext, userId: number): Promise<Attention> {
  const [offers, ordersToPay, artchipsToActivate] = await Promise.all([
    countOffersAwaitingUser(ctx, userId),
    countOrdersToPay(ctx, userId),
    countChipsAwaitingActivation(ctx.db, userId),
  ]);
  return {
    offersReceived: offers.received,
    offersToAnswer: offers.sent,
    ordersToPay,
    artchipsToActivate,
    total: offers.received + offers.sent + ordersToPay + artchipsToActivate,
  };
}
