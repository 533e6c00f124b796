import type { Db } from '#server/db/client.ts';
import { sumPendingCommissions } from '#server/modules/affiliates/index.ts';
import { countChipTotals } from '#server/views/marketplace-stats/index.ts';
import { sumPlatformIncome } from '#server/modules/ledger/index.ts';
import { readOrderTotals } from '#server/modules/orders/index.ts';
import { countCustomers } from '#server/modules/users/index.ts';
import type { AdminStats } from '#shared/admin.schemas.ts';

/**
 * The Overview figures, a read model across chips, orders, affiliates and users: each owner answers
 * its own aggregate queries over indexed columns, and this only puts them side by side.
 */
export async function getAdminStats(db: Db): Promise<AdminStats> {
  const [chips, orders, revenueCents, pendingPayoutsCents, totalCustomers] = await Promise.all([
    countChipTotals(db),
    readOrderTotals(db),
    sumPlatformIncome(db),
    sumPendingCommissions(db),
    countCustomers(db),
  ]);
  return {
    totalChips: chips.total,
    availableChips: chips.available,
    activeSurprizeOrders: orders.activeSurprize,
    ordersByStatus: orders.byStatus,
    revenueCents,
    pendingPayoutsCents,
    totalCustomers,
  };
}
