/**
 * The marketplace's public figures and the Top Minters board: reads across chips, orders, users and
 * the ledger, all from the database (PRODUCT.md "Numbers shown to people are real").
 */
import type { ServiceContext } from '#server/lib/service-context.ts';
import { sumEarningsByUser } from '#server/modules/ledger/index.ts';
import type { LeaderboardEntry, MarketplaceStats } from '#shared/chips.schemas.ts';
import { listTopMinterRows, readMarketplaceStats } from './marketplace-stats.repo.ts';

/** GET /api/artchip/stats: real figures (PRODUCT.md "Numbers shown to people are real"). */
export async function getMarketplaceStats(ctx: ServiceContext): Promise<MarketplaceStats> {
  return readMarketplaceStats(ctx.db);
}

/** GET /api/top-minters: the top 10 users by chips minted. */
export async function listTopMinters(ctx: ServiceContext): Promise<LeaderboardEntry[]> {
  const now = ctx.clock().getTime();
  const rows = await listTopMinterRows(ctx.db, 10);
  const earnings = await sumEarningsByUser(
    ctx.db,
    rows.map((r) => r.userId),
  );
  return rows.map(({ createdAt, userId, ...r }) => ({
    ...r,
    ownSalesEarningsCents: earnings.get(userId)?.sellerProceedsCents ?? 0,
    affiliateEarningsCents: earnings.get(userId)?.commissionsCents ?? 0,
    joinedDaysAgo: Math.max(0, Math.floor((now - createdAt.getTime()) / 86_400_000)),
  }));
}
