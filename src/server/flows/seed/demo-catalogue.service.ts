import type { ServiceContext } from '#server/lib/service-context.ts';
import type { DemoCatalogue, DemoCatalogueRemoval } from '#shared/demo.schemas.ts';
import { recordAudit } from '#server/modules/audit/index.ts';
import { lockChipForChange, setChipStatusByAdmin } from '#server/modules/chips/index.ts';
import { closeOffersOnWithdrawal } from '#server/modules/offers/index.ts';
import { countDemoCatalogue, lockVisibleDemoChipIds } from './demo-catalogue.repo.ts';

/** GET /api/admin/demo-catalogue: what of the demo catalogue is still on the site. */
export function getDemoCatalogue(ctx: ServiceContext): Promise<DemoCatalogue> {
  return countDemoCatalogue(ctx.db);
}

/**
 * An admin removes the demo catalogue (PRODUCT.md "Demo catalogue"). Its purchases are booked in the
 * append-only ledger, which refuses deletes and which orders, chips and accounts are referenced from,
 * so deleting would break the books: each demo chip still on the site is taken off it instead
 * (pending, the state visitors never see: not in the marketplace, galleries, search or sitemap, and
 * its page answers not found), its open offers are declined, and the whole removal is one audited
 * transaction. Demo accounts stay, passwordless as seeded, and never count in figures. Calling it
 * again changes nothing. The seed never runs again once its accounts exist, so nothing comes back.
 */
export async function removeDemoCatalogue(
  ctx: ServiceContext,
  adminId: number,
): Promise<DemoCatalogueRemoval> {
  const removed = await ctx.db.transaction(async (tx) => {
    const txCtx: ServiceContext = { db: tx, clock: ctx.clock, config: ctx.config, log: ctx.log };
    const ids = await lockVisibleDemoChipIds(tx);
    for (const id of ids) {
      const chip = (await lockChipForChange(tx, id))!;
      await setChipStatusByAdmin(tx, chip, { adminId, status: 'removed' });
      await closeOffersOnWithdrawal(tx, txCtx, id);
    }
    if (ids.length > 0) {
      await recordAudit(tx, {
        adminId,
        action: 'demo_catalogue.remove',
        entity: 'demo_catalogue',
        entityId: null,
        before: { visibleChipIds: ids },
        after: await countDemoCatalogue(tx),
      });
    }
    return ids.length;
  });
  return { removedChips: removed, catalogue: await countDemoCatalogue(ctx.db) };
}
