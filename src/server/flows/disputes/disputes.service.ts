/**
 * Disputes and chargebacks (decision 076, PRODUCT.md "Money that cannot be stolen"). A provider's
 * dispute signal is recorded once (payment_events, the same skeleton as payments: applySignalOnce),
 * then in one transaction with the chip and order locked:
 * - opened: the dispute row (once per provider dispute); the chip frozen while the buyer who disputed
 *   still owns it; the order's proceeds and unpaid commissions held (ledger hold `dispute:<id>`);
 * - moved (needs_response ⇄ under_review): the row follows;
 * - won: the hold released, the chip unfrozen;
 * - lost: the money the provider took back booked as a refund of reason chargeback (the order's
 *   allocation reversed, its unpaid commissions voided; money already paid out leaves a negative
 *   balance that later proceeds repay), the dispute fee booked to the platform, the hold released,
 *   the chip taken into the platform's account if it is still in the vault in the buyer's name (else it
 *   stays frozen), and the buyer's account flagged.
 */
import type { DisputeEvidence, DisputeFile, DisputeQueue } from '#shared/disputes.schemas.ts';
import type { DisputeStatus } from '#shared/disputes.schemas.ts';
import type { Db } from '#server/db/client.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { AppError } from '#server/lib/app-error.ts';
import { recordAudit } from '#server/modules/audit/index.ts';
import { listSessionsOf } from '#server/modules/auth/index.ts';
import {
  canReclaim,
  findChipRow,
  freezeChip,
  listChipEvents,
  ownerIdOf,
  reclaimChip,
  unfreezeChip,
  type ChipRow,
} from '#server/modules/chips/index.ts';
import {
  disputeHoldKey,
  findDispute,
  isOpen,
  listOpenDisputes,
  lockDisputeByProviderId,
  markEvidenceSubmitted,
  moveDispute,
  openDisputeRow,
  toDisputeDto,
  type DisputeRow,
} from '#server/modules/disputes/index.ts';
import {
  bookDisputeFee,
  holdOrderProceeds,
  isOrderHeld,
  releaseOrderProceeds,
} from '#server/modules/ledger/index.ts';
import { findOrderById, type OrderRow } from '#server/modules/orders/index.ts';
import {
  findCompletionKey,
  findOrderIdByPaymentKey,
  getPaymentRegistry,
  listPaymentEventsOfOrder,
  paymentContext,
  type PaymentProviderName,
} from '#server/modules/payments/index.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';
import {
  findAccountById,
  findAccountsByIds,
  findOrCreateGuestUser,
  clearDisputeFlag,
  flagForLostDispute,
} from '#server/modules/users/index.ts';
import { applySignalOnce, recordTakenBack, unrefundedCents } from '#server/flows/settlement/index.ts';

/** A provider's verified dispute report (PaymentSignal kind 'dispute'). */
export type DisputeSignal = {
  provider: PaymentProviderName;
  eventKey: string;
  type: string;
  paymentKey: string;
  providerDisputeId: string;
  status: DisputeStatus;
  reason: string | null;
  amountCents: number;
  currency: string;
  evidenceDueBy: Date | null;
  payload?: Record<string, unknown>;
};

type DisputeOutcome = 'opened' | 'moved' | 'won' | 'lost' | 'unchanged' | 'duplicate' | 'ignored';

/** Applies one dispute signal, once (a repeat of its event is a duplicate and changes nothing). */
export async function applyDisputeSignal(
  ctx: ServiceContext,
  signal: DisputeSignal,
): Promise<{ outcome: DisputeOutcome; orderId: number | null; disputeId?: number }> {
  const orderId = await findOrderIdByPaymentKey(ctx.db, signal.provider, signal.paymentKey);
  if (orderId === null) {
    ctx.log.warn(
      { provider: signal.provider, paymentKey: signal.paymentKey },
      'dispute of an unknown payment',
    );
    return { outcome: 'ignored', orderId: null };
  }
  const { disputeFeeCents } = await getSiteSettings(ctx);
  let disputeId: number | undefined;
  const outcome = await applySignalOnce<DisputeOutcome>(
    ctx,
    {
      provider: signal.provider,
      eventKey: signal.eventKey,
      orderId,
      type: signal.type,
      payload: { ...signal.payload, disputeId: signal.providerDisputeId, status: signal.status },
      locksChip: true,
    },
    'duplicate',
    async ({ tx, order, chip, now, settle }) => {
      const provider = signal.provider as DisputeRow['provider'];
      const opened = await openDisputeRow(tx, {
        provider,
        providerDisputeId: signal.providerDisputeId,
        orderId: order.id,
        reason: signal.reason,
        amountCents: signal.amountCents,
        currency: signal.currency,
        evidenceDueBy: signal.evidenceDueBy,
        status: signal.status,
        at: now,
      });
      const row = opened ?? (await lockDisputeByProviderId(tx, provider, signal.providerDisputeId))!;
      disputeId = row.id;
      let result: DisputeOutcome = 'unchanged';
      if (opened) {
        await holdOrderProceeds(tx, {
          key: disputeHoldKey(row.id),
          orderId: order.id,
          reason: `A ${signal.provider} dispute of order #${order.id} is open`,
          at: now,
        });
        if (chip && ownerIdOf(chip) === order.buyerId) {
          await freezeChip(tx, chip, { orderId: order.id, disputeId: row.id, now });
        }
        result = 'opened';
      }
      if (isOpen(signal.status)) {
        const moved =
          signal.status !== row.status
            ? await moveDispute(tx, row, signal.status, { at: now, evidenceDueBy: signal.evidenceDueBy })
            : null;
        if (moved && result === 'unchanged') result = 'moved';
      } else if (isOpen(row.status)) {
        const current = chip ? ((await findChipRow(tx, chip.id)) ?? chip) : null;
        result =
          signal.status === 'won'
            ? await closeWon(tx, row, order, current, now)
            : await closeLost(ctx, tx, { row, order, chip: current, now, feeCents: disputeFeeCents });
      }
      await settle(`dispute_${result}`);
      return result;
    },
  );
  return { outcome, orderId, ...(disputeId === undefined ? {} : { disputeId }) };
}

/** Won: everything the dispute held is released. */
async function closeWon(
  tx: Db,
  row: DisputeRow,
  order: OrderRow,
  chip: ChipRow | null,
  now: Date,
): Promise<DisputeOutcome> {
  await moveDispute(tx, row, 'won', { at: now });
  await releaseOrderProceeds(tx, { key: disputeHoldKey(row.id), at: now });
  if (chip) await unfreezeChip(tx, chip, { orderId: order.id, disputeId: row.id, outcome: 'won' });
  return 'won';
}

/** Lost: the chargeback and the fee are booked, the chip reclaimed if it can be, the buyer flagged. */
async function closeLost(
  ctx: ServiceContext,
  tx: Db,
  args: { row: DisputeRow; order: OrderRow; chip: ChipRow | null; now: Date; feeCents: number },
): Promise<DisputeOutcome> {
  const { row, order, chip, now } = args;
  // Never more than is left of the payment: money an admin or the dashboard already gave back counts.
  const amountCents = Math.min(row.amountCents, await unrefundedCents(tx, order));
  const completionKey = (await findCompletionKey(tx, order.id)) ?? `order-${order.id}`;
  const refund =
    amountCents > 0
      ? await recordTakenBack(ctx, tx, {
          order,
          chip,
          reason: 'chargeback',
          paymentKey: `${completionKey}:dispute:${row.id}`,
          amountCents,
          reference: row.providerDisputeId,
          note: `Dispute ${row.providerDisputeId} lost`,
        })
      : null;
  await bookDisputeFee(tx, {
    order,
    disputeId: row.id,
    feeCents: args.feeCents,
    provider: row.provider,
  });
  await moveDispute(tx, row, 'lost', { at: now, refundId: refund?.id ?? null, feeCents: args.feeCents });
  await releaseOrderProceeds(tx, { key: disputeHoldKey(row.id), at: now });
  if (chip && canReclaim(chip, order.buyerId)) {
    const platform = await findOrCreateGuestUser(tx, ctx.config.mail.supportEmail);
    await reclaimChip(tx, chip, { orderId: order.id, disputeId: row.id, platformUserId: platform.user.id });
  }
  await flagForLostDispute(tx, order.buyerId, now);
  return 'lost';
}

/** GET /api/admin/disputes: the open disputes, oldest first, with their order's buyer and chip. */
export async function listDisputeQueue(ctx: ServiceContext): Promise<DisputeQueue> {
  const rows = await listOpenDisputes(ctx.db);
  const orders = await Promise.all(rows.map((r) => findOrderById(ctx.db, r.orderId)));
  const buyers = await findAccountsByIds(
    ctx.db,
    orders.flatMap((o) => (o ? [o.buyerId] : [])),
  );
  const disputes: DisputeQueue['disputes'] = [];
  for (const [i, row] of rows.entries()) {
    const order = orders[i];
    if (!order) continue;
    const buyer = buyers.get(order.buyerId);
    const chip = order.chipId === null ? null : await findChipRow(ctx.db, order.chipId);
    disputes.push({
      ...toDisputeDto(row),
      buyerUsername: buyer?.username ?? '',
      buyerEmail: buyer?.email ?? '',
      chipTitle: chip?.title ?? order.mintTitle ?? null,
      orderTotalCents: order.totalCents,
    });
  }
  return { disputes };
}

/** GET /api/admin/disputes/:id: what the platform knows, for the admin's answer to the provider. */
export async function getDisputeFile(
  ctx: ServiceContext,
  args: { disputeId: number; admin: AuthUser },
): Promise<DisputeFile> {
  const row = await findDispute(ctx.db, args.disputeId);
  if (!row) throw new AppError('NOT_FOUND', 'Dispute not found');
  const order = (await findOrderById(ctx.db, row.orderId))!;
  const [buyer, chip, sessions, paymentEvents, held] = await Promise.all([
    findAccountById(ctx.db, order.buyerId),
    order.chipId === null ? null : findChipRow(ctx.db, order.chipId),
    listSessionsOf(ctx.db, order.buyerId),
    listPaymentEventsOfOrder(ctx.db, order.id),
    isOrderHeld(ctx.db, order.id),
  ]);
  const chipEvents = chip ? (await listChipEvents(ctx, { id: chip.id, viewer: args.admin })).events : [];
  const provider = getPaymentRegistry(ctx).byName(row.provider);
  return {
    dispute: toDisputeDto(row),
    order: {
      id: order.id,
      orderType: order.orderType,
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentMethod: order.paymentMethod,
      totalCents: order.totalCents,
      paidAt: order.paidAt?.toISOString() ?? null,
      providerRef: order.providerRef,
      shippingOption: order.shippingOption,
      createdAt: order.createdAt.toISOString(),
    },
    buyer: {
      id: order.buyerId,
      username: buyer?.username ?? '',
      email: buyer?.email ?? '',
      createdAt: buyer?.createdAt.toISOString() ?? order.createdAt.toISOString(),
      disputeFlaggedAt: buyer?.disputeFlaggedAt?.toISOString() ?? null,
    },
    chip: chip
      ? {
          id: chip.id,
          title: chip.title,
          custody: chip.custody,
          frozen: chip.frozenAt !== null,
          ownedByBuyer: ownerIdOf(chip) === order.buyerId,
        }
      : null,
    chipEvents: chipEvents.map((e) => ({ type: e.type, at: e.createdAt })),
    signIns: sessions.map((s) => ({
      at: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt?.toISOString() ?? null,
      kind: s.kind,
    })),
    paymentEvents: paymentEvents.map((e) => ({
      type: e.type,
      at: e.createdAt.toISOString(),
      outcome: e.outcome,
    })),
    heldProceeds: held,
    canSubmitEvidence: isOpen(row.status) && Boolean(provider?.submitDisputeEvidence),
  };
}

/**
 * POST /api/admin/disputes/:id/evidence: sends the admin's evidence to the provider and submits it
 * (Stripe: disputes.update with submit), then records when. Only an open dispute at a provider that
 * takes evidence through its API.
 */
export async function submitDisputeEvidence(
  ctx: ServiceContext,
  args: { disputeId: number; admin: AuthUser; evidence: DisputeEvidence },
): Promise<DisputeFile> {
  const row = await findDispute(ctx.db, args.disputeId);
  if (!row) throw new AppError('NOT_FOUND', 'Dispute not found');
  if (!isOpen(row.status)) throw new AppError('CONFLICT', 'This dispute is closed.');
  const provider = getPaymentRegistry(ctx).byName(row.provider);
  if (!provider?.submitDisputeEvidence) {
    throw new AppError(
      'UNPROCESSABLE',
      `Evidence for ${row.provider} disputes is answered at ${row.provider}.`,
    );
  }
  const hasEvidence = Object.values(args.evidence).some((v) => typeof v === 'string' && v.length > 0);
  if (!hasEvidence) {
    throw new AppError('VALIDATION_FAILED', 'Add at least one piece of evidence.', {
      fieldErrors: { uncategorizedText: ['Add at least one piece of evidence.'] },
    });
  }
  await provider.submitDisputeEvidence(row.providerDisputeId, args.evidence, paymentContext(ctx));
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    await markEvidenceSubmitted(tx, row.id, now);
    await recordAudit(tx, {
      adminId: args.admin.id,
      action: 'dispute.evidence',
      entity: 'order',
      entityId: row.orderId,
      before: { disputeId: row.id, status: row.status },
      after: { submittedAt: now.toISOString(), fields: Object.keys(args.evidence) },
    });
  });
  return getDisputeFile(ctx, { disputeId: row.id, admin: args.admin });
}

/**
 * POST /api/admin/users/:id/clear-dispute-flag: an admin lets an account flagged by a lost dispute
 * check out again (audited). 404 for no such account; 409 when it is not flagged.
 */
export async function clearLostDisputeFlag(
  ctx: ServiceContext,
  args: { userId: number; adminId: number },
): Promise<{ cleared: true }> {
  await ctx.db.transaction(async (tx) => {
    if (!(await clearDisputeFlag(tx, args.userId))) {
      throw new AppError('CONFLICT', 'This account is not flagged by a lost dispute.');
    }
    await recordAudit(tx, {
      adminId: args.adminId,
      action: 'user.clear_dispute_flag',
      entity: 'user',
      entityId: args.userId,
      before: { flagged: true },
      after: { flagged: false },
    });
  });
  return { cleared: true };
}
