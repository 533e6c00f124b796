import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { ChipPageSchema, ChipSchema, MarketplaceStatsSchema } from '#shared/chips.schemas.ts';
import { chipEvents, chips } from '#server/modules/chips/chips.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { users } from '#server/modules/users/users.table.ts';
import {
  COMPANY_USERNAME,
  DEMO_CHIPS,
  demoSeedStep,
  seedDemoCatalogue,
} from '#server/flows/seed/seed.service.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { insertChip } from '#tests/factories/chips.ts';

// Image generation is CPU work; allow for a busy CI machine.
describe('demo catalogue seed', { timeout: 120_000 }, () => {
  it('fills an empty database: company as user 1, creators, chips with generated images, sales', async () => {
    const app = await buildTestApp({ env: { SEED_DEMO: 'true' } });
    await demoSeedStep.run(app);

    const [company] = await app.db.select().from(users).where(eq(users.id, 1));
    expect(company).toMatchObject({ username: COMPANY_USERNAME, role: 'user', passwordHash: null });
    const names = (await app.db.select({ u: users.username }).from(users)).map((r) => r.u);
    expect(names).toEqual(
      expect.arrayContaining(['demo', 'sample-artist', 'example-studio', 'demo-collector']),
    );

    const rows = await app.db.select().from(chips);
    expect(rows).toHaveLength(DEMO_CHIPS.length);
    expect(new Set(rows.map((r) => r.shape))).toEqual(new Set(['round', 'square']));
    expect(rows.some((r) => r.creatorId === 1)).toBe(true);
    for (const r of rows) {
      expect(r.unitId).toMatch(/^\d{14}$/);
      expect(r.priceCents).toBeGreaterThan(0);
      // The artwork exists on disk, as the upload pipeline stored it.
      const file = path.join(app.config.dataDir, 'media', path.basename(r.originalImageUrl!));
      expect(fs.existsSync(file)).toBe(true);
      expect(r.imageVariants.length).toBeGreaterThan(0);
    }
    const sold = rows.filter((r) => r.status === 'sold');
    expect(sold.length).toBeGreaterThan(0);
    for (const r of sold) {
      expect(r.isAvailable).toBe(false);
      expect(r.ownerId).not.toBe(r.creatorId);
    }
    const paid = await app.db.select().from(orders);
    expect(paid).toHaveLength(sold.length);
    expect(
      paid.every(
        (o) => o.orderType === 'purchase' && o.status === 'completed' && o.paymentStatus === 'completed',
      ),
    ).toBe(true);
    const eventTypes = (await app.db.select({ t: chipEvents.type }).from(chipEvents)).map((r) => r.t);
    expect(eventTypes.filter((t) => t === 'minted')).toHaveLength(DEMO_CHIPS.length);
    expect(eventTypes.filter((t) => t === 'sold')).toHaveLength(sold.length);

    // Every demo chip is flagged by the demo-banner rule, and the marketplace lists the unsold ones.
    const page = ChipPageSchema.parse((await app.inject('/api/artchip?limit=60')).json());
    expect(page.items).toHaveLength(DEMO_CHIPS.length - sold.length);
    expect(page.items.every((c) => c.isDemo)).toBe(true);
    const soldPage = await app.inject(`/api/artchip/${sold[0]!.id}`);
    expect(ChipSchema.parse(soldPage.json()).status).toBe('sold');
    // The demo catalogue is never counted as real (its accounts are demo accounts, users.is_demo), and
    // the figures say what it adds, so a page never reads "0 listed" above its chips (decision 056).
    const stats = MarketplaceStatsSchema.parse((await app.inject('/api/artchip/stats')).json());
    expect(stats).toMatchObject({
      chipsListed: 0,
      chipsMinted: 0,
      activeCreators: 0,
      totalSalesCents: 0,
      collectors: 0,
    });
    expect(stats.demo.chipsListed).toBe(page.items.length);
    expect(stats.demo.chipsMinted).toBe(DEMO_CHIPS.length);
    expect(stats.demo.totalSalesCents).toBeGreaterThan(0);
  });

  it('adds nothing on a second run', async () => {
    const app = await buildTestApp({ env: { SEED_DEMO: 'true' } });
    await demoSeedStep.run(app);
    const before = await Promise.all(
      [chips, users, orders, chipEvents].map((t) => app.db.select({ n: count() }).from(t)),
    );
    expect(await seedDemoCatalogue(app)).toEqual({ chipsCreated: 0 });
    await demoSeedStep.run(app);
    const after = await Promise.all(
      [chips, users, orders, chipEvents].map((t) => app.db.select({ n: count() }).from(t)),
    );
    expect(after).toEqual(before);
  });

  it('does not come back after the demo chips are removed', async () => {
    const app = await buildTestApp({ env: { SEED_DEMO: 'true' } });
    await demoSeedStep.run(app);
    // An admin removes the whole demo catalogue.
    await app.db.execute(sql`truncate chips, chip_events, orders, ledger_lines, payment_events cascade`);
    expect(await seedDemoCatalogue(app)).toEqual({ chipsCreated: 0 });
    expect(await app.db.select({ n: count() }).from(chips)).toEqual([{ n: 0 }]);
  });

  it('does nothing with SEED_DEMO=false, and never into a database that has chips', async () => {
    const off = await buildTestApp({ env: { SEED_DEMO: 'false' } });
    await demoSeedStep.run(off);
    expect(await off.db.select({ n: count() }).from(chips)).toEqual([{ n: 0 }]);
    // The company account still exists on a fresh install, as user 1.
    expect((await off.db.select().from(users))[0]).toMatchObject({ id: 1, username: COMPANY_USERNAME });

    const busy = await buildTestApp({ env: { SEED_DEMO: 'true' } });
    await insertChip(busy.db);
    expect(await seedDemoCatalogue(busy)).toEqual({ chipsCreated: 0 });
    expect(await busy.db.select({ n: count() }).from(chips)).toEqual([{ n: 1 }]);
  });
});
