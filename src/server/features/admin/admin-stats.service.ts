import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rowsOf } from '#server/db/client.ts';
import { chips } from '#server/features/chips/chips.table.ts';
import { orders } from '#server/features/orders/orders.table.ts';
import { commissions } from '#server/features/affiliates/affiliates.table.ts';
import { users } from '#server/features/users/users.table.ts';
import type { AdminStats } from '#shared/admin.schemas.ts';

/** The Overview figures, each one aggregate query over indexed columns. */
export async function getAdminStats(db: Db): Promise<AdminStats> {
  const [totals] = rowsOf<{
    total_chips: number;
    available_chips: number;
    active_surprize: number;
    revenue: number;
    pending_payouts: number;
    customers: number;
  }>(
    await db.execute(sql`select
      (select count(*)::int from ${chips}) as total_chips,
      (select count(*)::int from ${chips} where ${chips.isAvailable}) as available_chips,
      (select count(*)::int from ${orders} where ${orders.orderType} = 'mint' and ${orders.isSurprize}
         and ${orders.paymentStatus} = 'completed' and ${orders.status} in ('pending', 'processing')) as active_surprize,
      (select coalesce(sum(${orders.totalCents}), 0)::bigint from ${orders}
         where ${orders.paymentStatus} = 'completed') as revenue,
      (select coalesce(sum(${commissions.amountCents}), 0)::bigint from ${commissions}
         where ${commissions.status} = 'pending') as pending_payouts,
      (select count(*)::int from ${users} where ${users.role} = 'user') as customers`),
  );
  const byStatus = rowsOf<{ status: string; n: number }>(
    await db.execute(sql`select ${orders.status} as status, count(*)::int as n from ${orders} group by 1`),
  );
  return {
    totalChips: Number(totals?.total_chips ?? 0),
    availableChips: Number(totals?.available_chips ?? 0),
    activeSurprizeOrders: Number(totals?.active_surprize ?? 0),
    ordersByStatus: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
    revenueCents: Number(totals?.revenue ?? 0),
    pendingPayoutsCents: Number(totals?.pending_payouts ?? 0),
    totalCustomers: Number(totals?.customers ?? 0),
  };
}
