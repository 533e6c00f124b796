/**
 * Buyer protection (issue 28, decision 070): the buyer opens a case on a shipped purchase, and an
 * admin decides it. Each moves several modules in one transaction:
 *
 *   open:   lock the order → the case lifecycle says whether → open the case → hold the sale's
 *           proceeds (ledger) → e-mail both sides.
 *   decide: lock the order, then the case → a refund is requested once through the provider that took
 *           the money (payments), or a denial releases the hold → e-mail both sides; after commit the
 *           refund is processed (flows/settlement), whose settlement reverses the ledger (in proportion
 *           for a part), voids unpaid commissions for the whole, closes the case and releases the hold.
 * Lock order: order, then case (the settlement locks refund, order, case: the same way round).
 */
import {
  CASE_NOT_FOUND_MESSAGE,
  CASE_PAID_TO_SELLER_MESSAGE,
  partialRefundError,
  type Case,
  type CaseDecisionInput,
  type CaseKind,
} from '#shared/cases.schemas.ts';
import { DISPUTED_ORDER_REFUND_MESSAGE } from '#shared/disputes.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { isUniqueViolation } from '#server/lib/sql.ts';
import { recordAudit } from '#server/modules/audit/index.ts';
import {
  caseHoldKey,
  decideCaseRow,
  findCase,
  lockCase,
  mailCaseStep,
  openCaseRow,
  readOrderCaseState,
  refuseDecision,
  refuseOpenCase,
  toCaseDto,
} from '#server/modules/cases/index.ts';
import { hasOpenDispute } from '#server/modules/disputes/index.ts';
import { holdOrderProceeds, releaseOrderProceeds } from '#server/modules/ledger/index.ts';
import { findMediaByIds, processUpload, type MediaRow } from '#server/modules/media/index.ts';
import {
  findOrderById,
  lockOrder,
  ORDER_NOT_FOUND,
  recordCaseRefundRequested,
  type OrderRow,
} from '#server/modules/orders/index.ts';
import { findCompletionKey, insertRefundOnce } from '#server/modules/payments/index.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';
import { processRefund } from '#server/flows/settlement/index.ts';

const PHOTO_NOT_FOUND_MESSAGE = 'A photo was not found: upload it again.';

/** The buyer's photos: uploaded now (multipart files), or uploaded before by them (media ids). */
export type CasePhotos = { files: Buffer[] } | { mediaIds: number[] };

/** Why the viewer may not open this case on this order now (throws), read with the order as it is. */
async function assertMayOpen(
  ctx: ServiceContext,
  db: Db,
  order: OrderRow | null,
  user: AuthUser,
  kind: CaseKind,
) {
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const settings = await getSiteSettings(ctx);
  const { hasOpen, wasRefunded } = await readOrderCaseState(db, order.id);
  const refusal = refuseOpenCase(order, {
    viewerId: user.id,
    kind,
    windows: settings,
    now: ctx.clock(),
    hasOpenCase: hasOpen,
    wasRefunded,
  });
  if (refusal) throw new AppError(refusal.code, refusal.message);
}

async function storePhotos(ctx: ServiceContext, user: AuthUser, photos: CasePhotos): Promise<MediaRow[]> {
  if ('files' in photos) {
    const rows: MediaRow[] = [];
    for (const file of photos.files) {
      rows.push(await processUpload(ctx, file, { uploaderId: user.id, chargePixels: true }));
    }
    return rows;
  }
  const ids = [...new Set(photos.mediaIds)];
  const rows = await findMediaByIds(ctx.db, ids);
  // Only images this buyer uploaded: an id is not a way to attach someone else's picture.
  if (rows.length !== ids.length || rows.some((r) => r.uploaderId !== user.id)) {
    throw new AppError('VALIDATION_FAILED', PHOTO_NOT_FOUND_MESSAGE, {
      fieldErrors: { photos: [PHOTO_NOT_FOUND_MESSAGE] },
    });
  }
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

/** POST /api/orders/:id/cases: the buyer of a shipped purchase reports a problem. */
export async function openCase(
  ctx: ServiceContext,
  user: AuthUser,
  orderId: number,
  input: { kind: CaseKind; description: string; photos: CasePhotos },
): Promise<Case> {
  // Refused before any photo is processed; checked again under the order's lock.
  await assertMayOpen(ctx, ctx.db, await findOrderById(ctx.db, orderId), user, input.kind);
  const photos = await storePhotos(ctx, user, input.photos);
  const now = ctx.clock();
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      await assertMayOpen(ctx, tx, order, user, input.kind);
      const opened = await openCaseRow(tx, {
        orderId,
        buyerId: user.id,
        sellerId: order!.sellerId!,
        kind: input.kind,
        description: input.description,
        photos: photos.map((p) => ({ mediaId: p.id, url: p.originalUrl })),
        now,
      });
      await holdOrderProceeds(tx, {
        key: caseHoldKey(opened.id),
        orderId,
        reason: `Buyer protection case #${opened.id} is open`,
        at: now,
      });
      await mailCaseStep(ctx, tx, opened, 'opened');
      return opened;
    });
    return toCaseDto(row);
  } catch (err) {
    // Two reports of one order at once: the partial unique index lets one in.
    if (isUniqueViolation(err))
      await assertMayOpen(ctx, ctx.db, await findOrderById(ctx.db, orderId), user, input.kind);
    throw err;
  }
}

/**
 * POST /api/admin/cases/:id/decision: a full or partial refund through the provider that took the
 * money (exactly once: one refund per case, keyed by it), or a denial with a reason. Two admins
 * deciding at once decide once: the second finds the case decided and gets 409.
 */
export async function decideCase(
  ctx: ServiceContext,
  admin: AuthUser,
  caseId: number,
  input: CaseDecisionInput,
): Promise<Case> {
  const now = ctx.clock();
  const found = await findCase(ctx.db, caseId);
  if (!found) throw new AppError('NOT_FOUND', CASE_NOT_FOUND_MESSAGE);
  const { row, refundId } = await ctx.db.transaction(async (tx) => {
    const order = (await lockOrder(tx, found.orderId))!;
    const current = (await lockCase(tx, caseId))!;
    const refusal = refuseDecision(current, now);
    if (refusal) throw new AppError(refusal.code, refusal.message);
    if (input.outcome === 'deny') {
      const denied = await decideCaseRow(tx, current, {
        adminId: admin.id,
        outcome: 'deny',
        refundCents: null,
        refundId: null,
        reason: input.reason,
        now,
      });
      await releaseOrderProceeds(tx, { key: caseHoldKey(denied.id), at: now });
      await audit(tx, admin, denied.id, current.status, { outcome: 'deny', reason: input.reason });
      await mailCaseStep(ctx, tx, denied, 'decided');
      return { row: denied, refundId: null };
    }
    if (order.paymentMethod === 'paypal' && order.markupCents > 0) {
      throw new AppError('CONFLICT', CASE_PAID_TO_SELLER_MESSAGE);
    }
    // A payment the buyer disputed with their bank or PayPal is the dispute's to settle (decision
    // 076): refunding it here too would give the money back twice. The dispute's signal locks the
    // order first, so the check holds against one arriving now.
    if (await hasOpenDispute(tx, order.id)) throw new AppError('CONFLICT', DISPUTED_ORDER_REFUND_MESSAGE);
    const amountCents = input.outcome === 'refund' ? order.totalCents : input.amountCents!;
    const tooMuch =
      input.outcome === 'partial_refund' ? partialRefundError(amountCents, order.totalCents) : null;
    if (tooMuch) {
      throw new AppError('VALIDATION_FAILED', tooMuch, { fieldErrors: { amountCents: [tooMuch] } });
    }
    const paymentKey = (await findCompletionKey(tx, order.id)) ?? `order-${order.id}`;
    const refund = await insertRefundOnce(tx, {
      orderId: order.id,
      provider: order.paymentProvider,
      // One refund per case, apart from any other refund of the payment.
      paymentKey: `${paymentKey}:case:${current.id}`,
      amountCents,
      reason: 'buyer_protection',
      note: input.reason,
      requestedBy: admin.id,
    });
    if (!refund) throw new AppError('CONFLICT', 'This case is already being refunded.');
    const decided = await decideCaseRow(tx, current, {
      adminId: admin.id,
      outcome: input.outcome,
      refundCents: amountCents,
      refundId: refund.id,
      reason: input.reason,
      now,
    });
    await recordCaseRefundRequested(tx, order, {
      refundId: refund.id,
      caseId: decided.id,
      amountCents,
      actorUserId: admin.id,
    });
    await audit(tx, admin, decided.id, current.status, {
      outcome: input.outcome,
      amountCents,
      refundId: refund.id,
      reason: input.reason,
    });
    await mailCaseStep(ctx, tx, decided, 'decided');
    return { row: decided, refundId: refund.id };
  });
  if (refundId === null) return toCaseDto(row);
  // A provider failure leaves the refund failed, for the refunds job to retry; the case stays decided.
  await processRefund(ctx, refundId);
  return toCaseDto((await findCase(ctx.db, caseId))!);
}

async function audit(
  tx: Db,
  admin: AuthUser,
  caseId: number,
  before: string,
  after: Record<string, unknown>,
) {
  await recordAudit(tx, {
    adminId: admin.id,
    action: 'case.decide',
    entity: 'case',
    entityId: caseId,
    before: { status: before },
    after,
  });
}
