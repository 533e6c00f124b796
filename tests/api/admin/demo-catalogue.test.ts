import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHIP_API } from '#shared/brand.ts';
import { ChipPageSchema } from '#shared/chips.schemas.ts';
import { DemoCatalogueRemovalSchema, DemoCatalogueSchema } from '#shared/demo.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { auditLog } from '#server/modules/audit/audit.table.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { ledgerLines } from '#server/modules/ledger/ledger.table.ts';
import { offers } from '#server/modules/offers/offers.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { users } from '#server/modules/users/users.table.ts';
import { COMPANY_USERNAME, DEMO_CHIPS, demoSeedStep } from '#server/flows/seed/seed.service.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const URL = '/api/admin/demo-catalogue';

async function chipOf(app: App, title: string) {
  const [row] = await app.db.select().from(chips).where(eq(chips.title, title));
  return row!;
}

async function marketplaceTitles(app: App): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: `${CHIP_API}?limit=50` });
  return ChipPageSchema.parse(res.json()).items.map((c) => c.title);
}

async function removalAudits(app: App) {
  return app.db.select().from(auditLog).where(eq(auditLog.action, 'demo_catalogue.remove'));
}

// The seed renders artwork: allow for a busy machine.
describe('the demo catalogue', { timeout: 120_000 }, () => {
  it('is taken off the site by an admin, once, audited, with its money records kept and nothing seeded back', async () => {
    const app = await buildTestApp({ env: { SEED_DEMO: 'true' } });
    await demoSeedStep.run(app);
    const { user: admin, token } = await insertAdmin(app.db);
    const { user: buyer, token: buyerToken } = await insertUser(app.db, { username: 'real-buyer' });
    const { user: artist } = await insertUser(app.db, { username: 'real-artist' });
    const [company] = await app.db.select().from(users).where(eq(users.username, COMPANY_USERNAME));
    await insertChip(app.db, { creatorId: artist.id, title: 'Real Harbour' });
    const companyChip = await insertChip(app.db, { creatorId: company!.id, title: 'Studio Original' });
    // A real person made an offer on a listed demo chip, and owns one that sold (bought from its collector).
    const offered = await chipOf(app, 'Demo Sunrise Bloom');
    const offer = await injectAs(app, buyerToken, {
      method: 'POST',
      url: `${CHIP_API}/${offered.id}/offers`,
      payload: { amountUsd: '20.00' },
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const bought = await chipOf(app, 'Sample Quiet Forest');
    await app.db.update(chips).set({ ownerId: buyer.id }).where(eq(chips.id, bought.id));

    const before = DemoCatalogueSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: URL })).json(),
    );
    expect(before).toEqual({
      visibleChips: DEMO_CHIPS.length - 1,
      hiddenChips: 0,
      accounts: 4,
      purchases: DEMO_CHIPS.filter((c) => c.isSold).length,
    });
    expect(await marketplaceTitles(app)).toEqual(
      expect.arrayContaining(['Demo Sunrise Bloom', 'Real Harbour']),
    );
    const [ledgerBefore] = await app.db.select({ n: count() }).from(ledgerLines);
    const [ordersBefore] = await app.db.select({ n: count() }).from(orders);

    const res = await injectAs(app, token, { method: 'DELETE', url: URL });
    expect(res.statusCode, res.body).toBe(200);
    expect(DemoCatalogueRemovalSchema.parse(res.json())).toEqual({
      removedChips: DEMO_CHIPS.length - 1,
      catalogue: { ...before, visibleChips: 0, hiddenChips: DEMO_CHIPS.length - 1 },
    });

    // Gone from the marketplace, chip pages and galleries; real chips (the company's own too) stay.
    const titles = await marketplaceTitles(app);
    expect(titles).toEqual(expect.arrayContaining(['Real Harbour', 'Studio Original']));
    expect(titles.filter((t) => DEMO_CHIPS.some((c) => c.title === t))).toEqual([]);
    const page = await app.inject({ method: 'GET', url: `${CHIP_API}/demo/${offered.slug}` });
    expect(page.statusCode).toBe(404);
    const gallery = await app.inject({ method: 'GET', url: `${CHIP_API}/gallery/example-studio` });
    expect(gallery.statusCode).toBe(200);
    expect(gallery.json()).toMatchObject({ items: [], count: 0 });
    expect((await chipOf(app, 'Real Harbour')).status).toBe('active');
    expect((await chipOf(app, 'Studio Original')).id).toBe(companyChip.id);
    expect((await chipOf(app, 'Studio Original')).status).toBe('active');
    // The demo chip a real person owns is theirs: it stays as it was.
    expect((await chipOf(app, 'Sample Quiet Forest')).status).toBe('sold');
    // The real buyer's offer is declined.
    const [offerRow] = await app.db.select().from(offers).where(eq(offers.chipId, offered.id));
    expect(offerRow!.status).toBe('declined');
    // The books are untouched: nothing deleted, nothing booked.
    expect((await app.db.select({ n: count() }).from(ledgerLines))[0]).toEqual(ledgerBefore);
    expect((await app.db.select({ n: count() }).from(orders))[0]).toEqual(ordersBefore);

    const [audit, ...more] = await removalAudits(app);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ adminId: admin.id, entity: 'demo_catalogue' });
    expect((audit!.before as { visibleChipIds: number[] }).visibleChipIds).toHaveLength(
      DEMO_CHIPS.length - 1,
    );

    // Again: nothing left to remove, nothing audited.
    const again = await injectAs(app, token, { method: 'DELETE', url: URL });
    expect(again.statusCode).toBe(200);
    expect(DemoCatalogueRemovalSchema.parse(again.json()).removedChips).toBe(0);
    expect(await removalAudits(app)).toHaveLength(1);

    // A restart's seed step brings nothing back.
    await demoSeedStep.run(app);
    const [allChips] = await app.db.select({ n: count() }).from(chips);
    expect(allChips!.n).toBe(DEMO_CHIPS.length + 2);
    expect(
      DemoCatalogueSchema.parse((await injectAs(app, token, { method: 'GET', url: URL })).json())
        .visibleChips,
    ).toBe(0);
  });

  it('answers zeros on an install seeded without it, and removing is then a no-op', async () => {
    const app = await buildTestApp();
    const { token } = await insertAdmin(app.db);
    await insertChip(app.db, { title: 'Only Real' });
    const res = await injectAs(app, token, { method: 'DELETE', url: URL });
    expect(res.statusCode).toBe(200);
    expect(DemoCatalogueRemovalSchema.parse(res.json())).toEqual({
      removedChips: 0,
      catalogue: { visibleChips: 0, hiddenChips: 0, accounts: 0, purchases: 0 },
    });
    expect(await marketplaceTitles(app)).toEqual(['Only Real']);
    expect(await removalAudits(app)).toHaveLength(0);
  });

  it('is for admins only: 401 for visitors, 403 for users, and the demo chips stay', async () => {
    const app = await buildTestApp();
    const { user: demo } = await insertUser(app.db, { username: 'demo', isDemo: true });
    await insertChip(app.db, { creatorId: demo.id, title: 'Demo Listed' });
    const { token } = await insertUser(app.db);
    for (const method of ['GET', 'DELETE'] as const) {
      const anonymous = await app.inject({ method, url: URL });
      expect(anonymous.statusCode).toBe(401);
      expect(ApiErrorSchema.parse(anonymous.json()).code).toBe('UNAUTHENTICATED');
      const user = await injectAs(app, token, { method, url: URL });
      expect(user.statusCode).toBe(403);
      expect(ApiErrorSchema.parse(user.json()).code).toBe('FORBIDDEN');
    }
    expect(await marketplaceTitles(app)).toEqual(['Demo Listed']);
    expect((await chipOf(app, 'Demo Listed')).status).toBe('active');
  });
});
