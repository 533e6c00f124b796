// Issue 26: "two admins pay once", where it can fail. On PGlite (one connection) two payouts never
// overlap, so the test passed whatever the locking; here each request has its own pooled connection,
// and the test makes them overlap: it holds the payouts table while both requests run, lets go only
// once both are waiting inside their transactions, then checks one payout was made. With the payee's
// row lock the second waits for the first and finds nothing left; without it both read the same
// balance and both pay it.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PayoutSchema } from '#shared/payouts.schemas.ts';
import { rowsOf } from '#server/db/client.ts';
import { ledgerLines } from '#server/modules/ledger/ledger.table.ts';
import { payouts } from '#server/modules/payouts/payouts.table.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { buyAndPay, readReconciliation } from '#tests/helpers/money.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';

/** Backends of this database waiting for a lock (a row, a table, another transaction). */
async function waitingForLocks(app: App): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await app.db.execute(sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`),
  );
  return Number(row?.n ?? 0);
}

/**
 * Runs `requests` while the payouts table is held (no payout can be written), and lets go once
 * `waiters` of them wait for a lock: each has then read the balance it means to pay, or queued for the
 * payee's row. Answers the requests' responses.
 */
async function overlapping<T>(app: App, waiters: number, requests: () => Promise<T>[]): Promise<T[]> {
  let started: Promise<T[]> | undefined;
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${payouts} in exclusive mode`);
    started = Promise.all(requests());
    const deadline = Date.now() + 20_000;
    while ((await waitingForLocks(app)) < waiters) {
      if (Date.now() > deadline) throw new Error(`the requests never both waited for a lock`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return started!;
}

describe('two admins paying the same balance at once (PostgreSQL, concurrent connections)', () => {
  it('pay it once', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT: 'false' } });
    const admin = await insertAdmin(app.db);
    const other = await insertAdmin(app.db);
    const seller = await insertUser(app.db, { paypalEmail: 'seller@paypal.example' });
    const buyer = await insertUser(app.db);
    const settings = await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/admin/site-settings',
      payload: { payoutHoldDays: 0 },
    });
    expect(settings.statusCode, settings.body).toBeLessThan(300);
    for (const cents of [1000, 3000]) {
      const chip = await insertChip(app.db, {
        creatorId: seller.user.id,
        priceCents: cents,
        highestPriceCents: 0,
      });
      await buyAndPay(app, buyer.token, chip.id);
    }

    const pay = (token: string, reference: string) =>
      injectAs(app, token, {
        method: 'POST',
        url: `/api/admin/payouts/sellers/${seller.user.id}`,
        payload: { txReference: reference },
      });
    const results = await overlapping(app, 2, () => [pay(admin.token, 'BANK-1'), pay(other.token, 'BANK-2')]);

    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const paid = PayoutSchema.parse(results.find((r) => r.statusCode === 201)!.json());
    expect(paid.amountCents).toBe(2800);
    const rows = await app.db.select().from(payouts).where(eq(payouts.userId, seller.user.id));
    expect(rows.map((r) => r.amountCents)).toEqual([2800]);
    const lines = await app.db.select().from(ledgerLines).where(eq(ledgerLines.kind, 'payout'));
    expect(lines.map((l) => l.amountCents)).toEqual([-2800]);
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);
  });
});
