// Decision 077 (issue 29): reporting thresholds. Each seller's gross sales and number of sales in a
// calendar year, flagged past the US 1099-K (more than both figures) and EU DAC7 (the sales reached,
// or more than the gross) thresholds of the settings, and the same as CSV.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ReportingSchema, type Reporting } from '#shared/reporting.schemas.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { ledgerLines } from '#server/modules/ledger/ledger.table.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { paidSale } from '#tests/helpers/money.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertOrder } from '#tests/factories/orders.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
/** A paid vault sale of a new chip of `sellerId` at `cents`, paid at `paidAt`. */
async function sale(app: App, sellerId: number, buyerId: number, cents: number, paidAt?: string) {
  const orderId = await paidSale(app, sellerId, buyerId, cents);
  if (paidAt)
    await app.db
      .update(orders)
      .set({ paidAt: new Date(paidAt) })
      .where(eq(orders.id, orderId));
  return orderId;
}

async function reporting(app: App, token: string, query = ''): Promise<Reporting> {
  const res = await injectAs(app, token, { method: 'GET', url: `/api/admin/accounting/reporting${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return ReportingSchema.parse(res.json());
}

/** An app at NOW with low thresholds: 1099-K more than $100 and 2 sales; DAC7 3 sales or more than $250. */
async function setup() {
  const app = await buildTestApp({ env: { DEMO_PAYMENTS: 'true' }, clock: () => NOW });
  const admin = await insertAdmin(app.db);
  const settings = await injectAs(app, admin.token, {
    method: 'PUT',
    url: '/api/admin/site-settings',
    payload: {
      reporting1099kGrossUsd: '100.00',
      reporting1099kSales: 2,
      reportingDac7GrossUsd: '250.00',
      reportingDac7Sales: 3,
    },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const buyer = await insertUser(app.db);
  return { app, admin, buyer };
}

describe('GET /api/admin/accounting/reporting', () => {
  it("counts each seller's sales of the year and flags them past each threshold", async () => {
    const { app, admin, buyer } = await setup();
    const both = await insertUser(app.db, { username: 'both_flags', firstName: 'Ada', lastName: 'Lovelace' });
    const dac7 = await insertUser(app.db, { username: 'dac7_only', firstName: null, lastName: null });
    const neither = await insertUser(app.db, { username: 'under_both', firstName: null, lastName: null });
    const b = buyer.user.id;
    // 3 sales, $150: more than $100 and 2 sales (1099-K); 3 sales (DAC7). One more in 2025 and one
    // paid in the first second of 2027 do not count in 2026.
    for (const paidAt of ['2026-01-01T00:00:00Z', '2026-03-01T00:00:00Z', '2026-12-31T23:59:59Z']) {
      await sale(app, both.user.id, b, 5000, paidAt);
    }
    await sale(app, both.user.id, b, 7000, '2025-12-31T23:59:59Z');
    await sale(app, both.user.id, b, 7000, '2027-01-01T00:00:00Z');
    // One sale of $300: more than $250 (DAC7) but 1 sale (not 1099-K). A second one, refunded in
    // full, is left out; a third with half its proceeds given back counts half its price.
    await sale(app, dac7.user.id, b, 30_000);
    const refunded = await sale(app, dac7.user.id, b, 90_000);
    const refund = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/orders/${refunded}/refund`,
      payload: { reason: 'Damaged in our vault' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    // A fourth, its proceeds reversed in full while its payment stays completed (as a lost dispute
    // reverses a sale), is left out too.
    const giveBack = async (orderId: number, share: number) => {
      const [proceeds] = await app.db
        .select()
        .from(ledgerLines)
        .where(eq(ledgerLines.entryKey, `order:${orderId}:seller_proceeds`));
      await app.db.insert(ledgerLines).values({
        entryKey: `test:${orderId}:given-back`,
        orderId,
        account: 'seller',
        kind: 'seller_proceeds',
        userId: dac7.user.id,
        amountCents: -proceeds!.amountCents * share,
        reason: 'Given back (test)',
      });
    };
    await giveBack(await sale(app, dac7.user.id, b, 2000), 0.5);
    await giveBack(await sale(app, dac7.user.id, b, 50_000), 1);
    // 2 sales, $120: more than $100 but not more than 2 sales; under both DAC7 figures.
    await sale(app, neither.user.id, b, 6000);
    await sale(app, neither.user.id, b, 6000);
    // A mint is the creator paying us, not a sale.
    await insertOrder(app.db, {
      orderType: 'mint',
      buyerId: neither.user.id,
      paymentStatus: 'completed',
      paidAt: NOW,
      basePriceCents: 100_000,
      totalCents: 100_000,
    });

    const report = await reporting(app, admin.token);
    expect(report.year).toBe(2026);
    expect(report.years).toEqual([2027, 2026, 2025]);
    expect(report.thresholds).toEqual({
      form1099kGrossCents: 10_000,
      form1099kSales: 2,
      dac7GrossCents: 25_000,
      dac7Sales: 3,
    });
    expect(report.sellers).toEqual([
      {
        userId: dac7.user.id,
        username: 'dac7_only',
        email: dac7.user.email,
        name: null,
        salesCount: 2,
        grossCents: 31_000,
        over1099k: false,
        overDac7: true,
      },
      {
        userId: both.user.id,
        username: 'both_flags',
        email: both.user.email,
        name: 'Ada Lovelace',
        salesCount: 3,
        grossCents: 15_000,
        over1099k: true,
        overDac7: true,
      },
      {
        userId: neither.user.id,
        username: 'under_both',
        email: neither.user.email,
        name: null,
        salesCount: 2,
        grossCents: 12_000,
        over1099k: false,
        overDac7: false,
      },
    ]);
    expect(report.totals).toEqual({
      sellers: 3,
      salesCount: 7,
      grossCents: 58_000,
      over1099k: 1,
      overDac7: 2,
    });

    const lastYear = await reporting(app, admin.token, '?year=2025');
    expect(lastYear.sellers.map((s) => [s.username, s.salesCount, s.grossCents])).toEqual([
      ['both_flags', 1, 7000],
    ]);
    expect(lastYear.sellers[0]).toMatchObject({ over1099k: false, overDac7: false });
    expect((await reporting(app, admin.token, '?year=2024')).sellers).toEqual([]);

    // The thresholds follow the settings: at 1 sale DAC7 flags everyone with a sale.
    await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/admin/site-settings',
      payload: { reportingDac7Sales: 1 },
    });
    expect((await reporting(app, admin.token)).sellers.every((s) => s.overDac7)).toBe(true);
  });

  it('downloads the year as CSV', async () => {
    const { app, admin, buyer } = await setup();
    const seller = await insertUser(app.db, {
      username: 'csv_seller',
      firstName: 'Grace, "Amazing"',
      lastName: 'Hopper',
    });
    for (let i = 0; i < 3; i += 1) await sale(app, seller.user.id, buyer.user.id, 4550);
    const res = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/admin/accounting/reporting.csv?year=2026',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="artchip-reporting-2026.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.split('\r\n')).toEqual([
      'Year,Seller id,Username,Name,E-mail,Sales,Gross sales (USD),Over 1099-K,Over DAC7',
      `2026,${seller.user.id},csv_seller,"Grace, ""Amazing"" Hopper",${seller.user.email},3,136.50,yes,yes`,
      '',
    ]);
  });

  it('refuses a year that is not one, and anyone but an admin', async () => {
    const { app, admin, buyer } = await setup();
    for (const year of ['abc', '1999', '3000', '2026.5', '']) {
      for (const path of ['reporting', 'reporting.csv']) {
        const res = await injectAs(app, admin.token, {
          method: 'GET',
          url: `/api/admin/accounting/${path}?year=${year}`,
        });
        expect(res.statusCode, `${path}?year=${year}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    }
    for (const path of ['reporting', 'reporting.csv']) {
      const url = `/api/admin/accounting/${path}?year=2026`;
      expect((await injectAs(app, null, { method: 'GET', url })).statusCode).toBe(401);
      expect((await injectAs(app, buyer.token, { method: 'GET', url })).statusCode).toBe(403);
    }
  });
});
