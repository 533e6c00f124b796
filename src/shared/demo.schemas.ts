/**
 * The demo catalogue (PRODUCT.md "Demo catalogue"): what the seed put on a fresh install, and an
 * admin's removal of it. Its purchases are booked in the append-only ledger, so removal takes the
 * demo chips off the site (they become pending: seen only by admins) rather than deleting them.
 */
import { z } from 'zod';

/** GET /api/admin/demo-catalogue: what of the demo catalogue is still on the site. */
export const DemoCatalogueSchema = z.object({
  /** Demo chips visitors can still see (listed, unlisted or sold to a demo account). */
  visibleChips: z.number().int(),
  /** Demo chips already taken off the site. */
  hiddenChips: z.number().int(),
  /** Demo accounts (creators and the collector; never the company account). */
  accounts: z.number().int(),
  /** Paid purchases by demo accounts: kept in the books, never counted in figures. */
  purchases: z.number().int(),
});

/** What of the demo catalogue is still on the site. */
export type DemoCatalogue = z.infer<typeof DemoCatalogueSchema>;

/** DELETE /api/admin/demo-catalogue: how many chips this call took off the site, and what remains. */
export const DemoCatalogueRemovalSchema = z.object({
  removedChips: z.number().int(),
  catalogue: DemoCatalogueSchema,
});

/** The answer to a removal of the demo catalogue. */
export type DemoCatalogueRemoval = z.infer<typeof DemoCatalogueRemovalSchema>;
