/**
 * Buyer protection cases as their buyer, their seller and the admins read them, the seller's answer,
 * and closing a case when its refund settles (the settlement flow calls closeCaseOfRefund). Opening
 * and deciding a case move money holds and refunds, so they are a flow (flows/buyer-protection).
 */
import {
  CASE_NOT_FOUND_MESSAGE,
  buyerProtectionRule,
  type AdminCaseDetail,
  type AdminCaseSummary,
  type Case,
  type MyCases,
} from '#shared/cases.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { isOrderHeld, releaseOrderProceeds } from '#server/modules/ledger/index.ts';
import { listChipTaps } from '#server/modules/nfc/index.ts';
import { findOrderById, ORDER_NOT_FOUND } from '#server/modules/orders/index.ts';
import { findRefund } from '#server/modules/payments/index.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';
import {
  answerCaseRow,
  canDecide,
  caseHoldKey,
  closeCaseRow,
  reportableKinds,
  toCaseDto,
} from './case-lifecycle.ts';
import { mailCaseStep } from './cases.mail.ts';
import {
  listCasesForAdmin,
  listCasesOfOrder,
  listCasesOfUser,
  listShippedPurchasesOf,
  lockCase,
  lockCaseOfRefund,
} from './cases.repo.ts';

const isAdmin = (user: AuthUser) => user.role === 'admin';

/** GET /api/orders/:id/cases: the order's cases, for its buyer, its seller or an admin. */
export async function getOrderCases(ctx: ServiceContext, user: AuthUser, orderId: number): Promise<Case[]> {
  const order = await findOrderById(ctx.db, orderId);
  const isParty = order && (order.buyerId === user.id || order.sellerId === user.id);
  if (!order || (!isParty && !isAdmin(user))) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return (await listCasesOfOrder(ctx.db, orderId)).map(toCaseDto);
}

/** POST /api/cases/:id/answer: the seller answers, once; both sides are e-mailed. */
export async function answerCase(
  ctx: ServiceContext,
  user: AuthUser,
  caseId: number,
  message: string,
): Promise<Case> {
  const now = ctx.clock();
  const row = await ctx.db.transaction(async (tx) => {
    const found = await lockCase(tx, caseId);
    if (!found || found.sellerId !== user.id) throw new AppError('NOT_FOUND', CASE_NOT_FOUND_MESSAGE);
    const answered = await answerCaseRow(tx, found, { sellerId: user.id, message, now });
    await mailCaseStep(ctx, tx, answered, 'answered');
    return answered;
  });
  return toCaseDto(row);
}

/**
 * GET /api/my-cases: the viewer's cases as buyer and as seller, and which of their shipped purchases
 * they may report now (the kinds and the last day), with the rule in words.
 */
export async function listMyCases(ctx: ServiceContext, user: AuthUser): Promise<MyCases> {
  const settings = await getSiteSettings(ctx);
  const now = ctx.clock();
  const [rows, orders] = await Promise.all([
    listCasesOfUser(ctx.db, user.id),
    listShippedPurchasesOf(ctx.db, user.id),
  ]);
  const withCase = new Set(rows.map((r) => r.orderId));
  const reportable: MyCases['reportable'] = [];
  for (const order of orders) {
    if (order.buyerId !== user.id || withCase.has(order.id)) continue;
    const open = reportableKinds(order, settings, now);
    if (open?.open) {
      reportable.push({ orderId: order.id, kinds: open.kinds, until: open.until.toISOString() });
    }
  }
  return {
    asBuyer: rows.filter((r) => r.buyerId === user.id).map(toCaseDto),
    asSeller: rows.filter((r) => r.sellerId === user.id).map(toCaseDto),
    reportable,
    rule: buyerProtectionRule(settings),
  };
}

function toSummary(row: Awaited<ReturnType<typeof listCasesForAdmin>>[number], now: Date): AdminCaseSummary {
  return {
    ...toCaseDto(row.row),
    buyerUsername: row.buyerUsername,
    sellerUsername: row.sellerUsername,
    chipTitle: row.chipTitle,
    orderTotalCents: row.orderTotalCents,
    canDecide: canDecide(row.row, now),
  };
}

/** GET /api/admin/cases: the queue (open cases oldest first by default). */
export async function listAdminCases(
  ctx: ServiceContext,
  status: 'open' | 'closed' | 'all',
): Promise<AdminCaseSummary[]> {
  const now = ctx.clock();
  return (await listCasesForAdmin(ctx.db, status)).map((row) => toSummary(row, now));
}

/** GET /api/admin/cases/:id: the case with its order, shipment, the chip's taps and its refund. */
export async function getAdminCase(ctx: ServiceContext, caseId: number): Promise<AdminCaseDetail> {
  const [found] = await listCasesForAdmin(ctx.db, 'all', caseId);
  if (!found) throw new AppError('NOT_FOUND', CASE_NOT_FOUND_MESSAGE);
  const order = (await findOrderById(ctx.db, found.row.orderId))!;
  const taps = order.chipId === null ? [] : await listChipTaps(ctx.db, order.chipId);
  const refund = found.row.refundId === null ? null : await findRefund(ctx.db, found.row.refundId);
  return {
    ...toSummary(found, ctx.clock()),
    order: {
      id: order.id,
      status: order.status,
      paymentMethod: order.paymentMethod,
      paymentProvider: order.paymentProvider,
      basePriceCents: order.basePriceCents,
      shippingCents: order.shippingCents,
      insuranceCents: order.insuranceCents,
      totalCents: order.totalCents,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      shippedAt: order.shippedAt?.toISOString() ?? null,
      deliveredAt: order.deliveredAt?.toISOString() ?? null,
      deliveredBy: order.deliveredBy,
    },
    taps: taps
      .slice(0, 50)
      .map((t) => ({ id: t.id, status: t.status, counter: t.counter, createdAt: t.createdAt })),
    refund: refund ? { id: refund.id, status: refund.status, amountCents: refund.amountCents } : null,
    proceedsHeld: await isOrderHeld(ctx.db, order.id),
  };
}

/**
 * Inside the settlement of a buyer protection refund (flows/settlement), with the refund locked:
 * its case closes, the rest of the sale's proceeds are released, and both sides are told. Once.
 */
export async function closeCaseOfRefund(ctx: ServiceContext, tx: Db, refundId: number): Promise<void> {
  const row = await lockCaseOfRefund(tx, refundId);
  if (!row) return;
  const now = ctx.clock();
  const closed = await closeCaseRow(tx, row, now);
  if (!closed) return;
  await releaseOrderProceeds(tx, { key: caseHoldKey(closed.id), at: now });
  await mailCaseStep(ctx, tx, closed, 'closed');
}
