/**
 * The admin's view of the money: the ledger's invariants checked against the provider-side records
 * (reconciliation), the books per day and provider (accounting, also as CSV), and one order's lines
 * and refunds. Read-only: every booking is the ledger's.
 */
import type { Accounting, AccountingQuery, AdminOrderMoney, Reconciliation } from '#shared/ledger.schemas.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import {
  listDailyAccounting,
  listLedgerPayoutTotals,
  listOrderLines,
  listOrderSums,
  readLedgerTotals,
} from '#server/modules/ledger/index.ts';
import {
  listCapturedTotals,
  listRefundedTotals,
  listRefundsOfOrder,
  toRefundDto,
} from '#server/modules/payments/index.ts';
import { listPaidOutTotals } from '#server/modules/payouts/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /api/admin/ledger/reconciliation. For every order: the cash lines equal what the provider
 * captured less what it refunded (from the recorded provider signals and refunds), and the
 * allocation lines equal the cash. For every seller and affiliate: the ledger's payout lines equal
 * the payouts table (failed payouts excluded).
 */
export async function reconcile(ctx: ServiceContext): Promise<Reconciliation> {
  const [sums, captured, refunded, ledgerPayouts, payouts, totals] = await Promise.all([
    listOrderSums(ctx.db),
    listCapturedTotals(ctx.db),
    listRefundedTotals(ctx.db),
    listLedgerPayoutTotals(ctx.db),
    listPaidOutTotals(ctx.db),
    readLedgerTotals(ctx.db),
  ]);
  const orderIds = new Set<number>([...sums.map((s) => s.orderId), ...captured.keys()]);
  const byOrder = new Map(sums.map((s) => [s.orderId, s]));
  const orderMismatches: Reconciliation['orderMismatches'] = [];
  for (const orderId of [...orderIds].sort((a, b) => a - b)) {
    const capturedCents = (captured.get(orderId) ?? 0) - (refunded.get(orderId) ?? 0);
    const sum = byOrder.get(orderId) ?? { cashCents: 0, allocatedCents: 0 };
    if (sum.cashCents !== capturedCents || sum.allocatedCents !== sum.cashCents) {
      orderMismatches.push({
        orderId,
        capturedCents,
        cashCents: sum.cashCents,
        allocatedCents: sum.allocatedCents,
      });
    }
  }
  const balanceMismatches: Reconciliation['balanceMismatches'] = [];
  const keys = new Set([...ledgerPayouts, ...payouts].map((p) => `${p.account}:${p.userId}`));
  for (const key of [...keys].sort()) {
    const [account, id] = key.split(':') as ['seller' | 'affiliate', string];
    const userId = Number(id);
    const inLedger = ledgerPayouts.find((p) => p.account === account && p.userId === userId)?.paidCents ?? 0;
    const inTable = payouts.find((p) => p.account === account && p.userId === userId)?.paidCents ?? 0;
    if (inLedger !== inTable) {
      balanceMismatches.push({ userId, account, ledgerPaidOutCents: inLedger, payoutsCents: inTable });
    }
  }
  return {
    checkedAt: ctx.clock().toISOString(),
    orderCount: orderIds.size,
    ...totals,
    orderMismatches,
    balanceMismatches,
    isBalanced: orderMismatches.length === 0 && balanceMismatches.length === 0,
  };
}

/** The day range asked for: `to` inclusive; the last 30 days by default. */
function dayRange(ctx: ServiceContext, query: AccountingQuery): { from: Date; to: Date } {
  const today = new Date(ctx.clock().toISOString().slice(0, 10));
  const to = query.to ? new Date(query.to) : today;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - 29 * DAY_MS);
  return { from, to };
}

/** GET /api/admin/accounting: per day and provider, money in, refunds, fees and payouts. */
export async function getAccounting(ctx: ServiceContext, query: AccountingQuery): Promise<Accounting> {
  const { from, to } = dayRange(ctx, query);
  const rows = (await listDailyAccounting(ctx.db, from, new Date(to.getTime() + DAY_MS))).map((r) => ({
    ...r,
    provider: r.provider as Accounting['rows'][number]['provider'],
  }));
  const totals = { moneyInCents: 0, refundsCents: 0, feesCents: 0, payoutsCents: 0 };
  for (const r of rows) {
    totals.moneyInCents += r.moneyInCents;
    totals.refundsCents += r.refundsCents;
    totals.feesCents += r.feesCents;
    totals.payoutsCents += r.payoutsCents;
  }
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10), rows, totals };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The same table as CSV (RFC 4180; amounts in dollars with two decimals). */
export function accountingCsv(accounting: Accounting): string {
  const lines = [['Day', 'Provider', 'Money in', 'Refunds', 'Fees', 'Payouts'].join(',')];
  for (const r of accounting.rows) {
    lines.push(
      [
        r.day,
        r.provider,
        dollars(r.moneyInCents),
        dollars(r.refundsCents),
        dollars(r.feesCents),
        dollars(r.payoutsCents),
      ].join(','),
    );
  }
  const t = accounting.totals;
  lines.push(
    [
      'Total',
      '',
      dollars(t.moneyInCents),
      dollars(t.refundsCents),
      dollars(t.feesCents),
      dollars(t.payoutsCents),
    ].join(','),
  );
  return `${lines.join('\r\n')}\r\n`;
}

/** GET /api/admin/orders/:id/money: the order's ledger lines and refunds. */
export async function getOrderMoney(ctx: ServiceContext, orderId: number): Promise<AdminOrderMoney> {
  const [lines, refunds] = await Promise.all([
    listOrderLines(ctx.db, orderId),
    listRefundsOfOrder(ctx.db, orderId),
  ]);
  return {
    lines: lines.map((l) => ({
      id: l.id,
      orderId: l.orderId,
      payoutId: l.payoutId,
      refundId: l.refundId,
      account: l.account,
      kind: l.kind,
      userId: l.userId,
      amountCents: l.amountCents,
      reason: l.reason,
      createdAt: l.createdAt.toISOString(),
    })),
    refunds: refunds.map(toRefundDto),
    netCashCents: lines
      .filter((l) => l.kind === 'payment' || l.kind === 'refund')
      .reduce((sum, l) => sum + l.amountCents, 0),
  };
}
