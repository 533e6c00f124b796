/**
 * Hand over by tap (issue 15), the commerce side: the owner starts a handover (paying the transfer fee
 * now, or leaving it to whoever claims), a fresh tap's claim token makes the holder the owner once the
 * fee is paid. The fee is the offline transfer's (docs/decisions/012) and is paid as a 'transfer' order
 * linked to the handover; the chip lifecycle (handover-lifecycle.ts) decides every move.
 */
import type { ServiceContext } from '#server/lib/service-context.ts';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { CHECKOUT_HOLD_MINUTES } from '#shared/checkout.schemas.ts';
import { CHIP_NOT_FOUND_MESSAGE } from '#shared/chips.schemas.ts';
import {
  CLAIM_EXPIRED_MESSAGE,
  HANDOVER_NO_TAG_MESSAGE,
  type ClaimInput,
  type ClaimPreview,
  type ClaimResponse,
  type Handover,
  type StartHandoverInput,
  type StartHandoverResponse,
} from '#shared/handovers.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import {
  attachHandoverFeeOrder,
  awaitClaimPayment,
  cancelHandover,
  completeHandover,
  findChipById,
  findChipRow,
  findClaimTarget,
  findHandover,
  findOwnLiveHandover,
  lockChipForChange,
  ownerIdOf,
  refuseHandover,
  startHandover,
  toHandoverDto,
  useHandoverClaim,
  type HandoverRow,
} from '#server/modules/chips/index.ts';
import { findChipTagCounter } from '#server/modules/nfc/index.ts';
import {
  findOrderById,
  withdrawFeeOrder,
  withdrawReplacedTransfers,
  type FeeOrderWithdrawal,
} from '#server/modules/orders/index.ts';
import { loadPricingContext } from './checkout.service.ts';
import { answerOwnerOrder, ownerOrderProvider, requireOwnChip } from './owner-orders.ts';
import { feeInput, mintPriceCents, placeTransferFeeOrder } from './transfer.service.ts';
import { describeTransferFee, transferFee } from '#shared/pricing.ts';
import { toPricingSettings } from '#shared/settings.schemas.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';
import { paymentOptionsFor } from '#server/modules/payments/index.ts';

async function reread(db: Db, handover: HandoverRow): Promise<Handover> {
  return toHandoverDto((await findHandover(db, handover.id)) ?? handover);
}

/**
 * A handover that ended unpaid (cancelled or started again) takes its fee orders with it: the owner's
 * and a claimant's, each withdrawn unless paid (issue 28: they stayed pending in My Orders).
 */
async function withdrawHandoverFeeOrders(
  tx: Db,
  handover: Pick<HandoverRow, 'feeOrderId' | 'claimOrderId'>,
  args: { reason: FeeOrderWithdrawal; actorUserId: number },
): Promise<void> {
  for (const orderId of [handover.feeOrderId, handover.claimOrderId]) {
    if (orderId !== null) await withdrawFeeOrder(tx, orderId, args);
  }
}

/** GET /api/artchip/:id/handover: the owner's chip's live handover, or null. */
export async function getLiveHandover(
  ctx: ServiceContext,
  user: AuthUser,
  chipId: number,
): Promise<{ handover: Handover | null }> {
  requireOwnChip(await findChipRow(ctx.db, chipId), user);
  const live = await findOwnLiveHandover(ctx.db, chipId);
  return { handover: live ? toHandoverDto(live) : null };
}

/**
 * POST /api/artchip/:id/handover: opens a handover of a chip that is with its owner, from the owner's own
 * fresh tap (input.tapToken, decision 038) whose counter it records. The owner paying now gets a checkout
 * answer for the fee; the handover opens once it is paid.
 */
export async function startHandoverByOwner(
  ctx: ServiceContext,
  user: AuthUser,
  chipId: number,
  input: StartHandoverInput,
): Promise<StartHandoverResponse> {
  const now = ctx.clock();
  const seen = requireOwnChip(await findChipRow(ctx.db, chipId), user);
  const refusal = refuseHandover(seen, user.id, now);
  if (refusal) throw new AppError(refusal.code, refusal.message);
  const tag = await findChipTagCounter(ctx.db, chipId);
  if (!tag) throw new AppError('CONFLICT', HANDOVER_NO_TAG_MESSAGE);
  const isOwnerPaying = input.feePaidBy === 'owner';
  const pricing = isOwnerPaying ? await loadPricingContext(ctx) : null;
  const payment = pricing ? ownerOrderProvider(ctx, pricing, input.paymentMethod) : null;
  const mintPrice = pricing ? await mintPriceCents(ctx.db, seen, pricing.settings) : 0;
  const expiresAt = new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60 * 1000);

  const placed = await ctx.db.transaction(async (tx) => {
    const chip = requireOwnChip(await lockChipForChange(tx, chipId), user);
    // The tag as it is now, under the chip's lock: the owner's tap must be of this tag and counter.
    const current = await findChipTagCounter(tx, chipId);
    if (!current) throw new AppError('CONFLICT', HANDOVER_NO_TAG_MESSAGE);
    const before = await findOwnLiveHandover(tx, chipId);
    const handover = await startHandover(tx, chip, {
      ownerId: user.id,
      feePaidBy: input.feePaidBy,
      tapToken: input.tapToken,
      tag: current,
      now,
    });
    // Started again: the handover it replaced (still waiting for its fee) ends with its fee order; an
    // offline transfer of the chip still waiting for its fee is replaced too.
    const replaced = before ? await findHandover(tx, before.id) : null;
    if (replaced?.status === 'cancelled') {
      await withdrawHandoverFeeOrders(tx, replaced, { reason: 'handover_replaced', actorUserId: user.id });
    }
    await withdrawReplacedTransfers(tx, { chipId, ownerId: user.id });
    if (!pricing || !payment) return { handover, fee: null };
    const { order, summary } = await placeTransferFeeOrder(tx, chip, {
      buyerId: user.id,
      payment,
      pricing,
      mintPrice,
      expiresAt,
      handoverId: handover.id,
    });
    await attachHandoverFeeOrder(tx, handover.id, order.id);
    return { handover, fee: { order, summary, title: chip.title } };
  });

  if (!placed.fee || !pricing || !payment) return { handover: toHandoverDto(placed.handover) };
  const answer = await answerOwnerOrder(ctx, {
    ...placed.fee,
    provider: payment.provider,
    user,
    pricing,
    expiresAt,
  });
  return { ...answer, handover: await reread(ctx.db, placed.handover) };
}

/** DELETE /api/artchip/:id/handover: the owner cancels the live handover. */
export async function cancelHandoverByOwner(
  ctx: ServiceContext,
  user: AuthUser,
  chipId: number,
): Promise<{ handover: Handover }> {
  const now = ctx.clock();
  const cancelled = await ctx.db.transaction(async (tx) => {
    const chip = requireOwnChip(await lockChipForChange(tx, chipId), user);
    const handover = await cancelHandover(tx, chip, { actorId: user.id, now });
    await withdrawHandoverFeeOrders(tx, handover, { reason: 'handover_cancelled', actorUserId: user.id });
    return handover;
  });
  return { handover: toHandoverDto(cancelled) };
}

async function chipPathOf(db: Db, chipId: number): Promise<string> {
  const chip = await findChipById(db, chipId);
  return chip ? ROUTES.chip(chip.creatorUsername, chip.chip.slug) : '/';
}

/**
 * POST /api/artchip/claim: a signed-in holder uses a fresh tap's token. With the fee paid by the owner
 * the chip is theirs at once; otherwise they get a checkout answer for the fee, and it is theirs once paid.
 */
export async function claimByTap(
  ctx: ServiceContext,
  user: AuthUser,
  input: ClaimInput,
): Promise<ClaimResponse> {
  const { token } = input;
  const now = ctx.clock();
  const target = await findClaimTarget(ctx.db, token);
  const seen = await findChipRow(ctx.db, target.chipId);
  if (!seen) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  const handoverSeen = await findOwnLiveHandover(ctx.db, target.chipId);
  // Pricing is read before the transaction (no network inside it); only a claimant who pays needs it.
  const pricing = handoverSeen?.feePaidBy === 'claimant' ? await loadPricingContext(ctx) : null;
  const payment = pricing ? ownerOrderProvider(ctx, pricing, input.paymentMethod) : null;
  const mintPrice = pricing ? await mintPriceCents(ctx.db, seen, pricing.settings) : 0;
  const expiresAt = new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60 * 1000);

  const result = await ctx.db.transaction(async (tx) => {
    const chip = await lockChipForChange(tx, target.chipId);
    if (!chip) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
    const handover = await useHandoverClaim(tx, chip, {
      claimId: target.claimId,
      handoverId: target.handoverId,
      claimantId: user.id,
      now,
    });
    if (handover.feePaidBy === 'owner') {
      const feeOrder = handover.feeOrderId === null ? null : await findOrderById(tx, handover.feeOrderId);
      const done = await completeHandover(tx, chip, handover, {
        claimantId: user.id,
        orderId: feeOrder?.id ?? null,
        feeCents: feeOrder?.basePriceCents ?? 0,
        now,
      });
      return { handover: done, fee: null };
    }
    // The handover changed hands between the read and the lock only if its payer did: never.
    if (!pricing || !payment) throw new AppError('CONFLICT', `This ${BRAND.name} cannot be claimed now.`);
    const { order, summary } = await placeTransferFeeOrder(tx, chip, {
      buyerId: user.id,
      payment,
      pricing,
      mintPrice,
      expiresAt,
      recipient: { display: user.username, userId: user.id },
      handoverId: handover.id,
    });
    const waiting = await awaitClaimPayment(tx, handover, { claimantId: user.id, orderId: order.id, now });
    // A claimant whose payment window lapsed is overtaken by this claim: their fee order ends.
    if (handover.claimOrderId !== null) {
      await withdrawFeeOrder(tx, handover.claimOrderId, { reason: 'claim_overtaken', actorUserId: null });
    }
    return { handover: waiting, fee: { order, summary, title: chip.title } };
  });

  const base = {
    chipId: target.chipId,
    chipPath: await chipPathOf(ctx.db, target.chipId),
    ownerId: result.fee ? result.handover.ownerId : user.id,
  };
  if (!result.fee || !pricing || !payment) return { ...base, handover: toHandoverDto(result.handover) };
  const answer = await answerOwnerOrder(ctx, {
    ...result.fee,
    provider: payment.provider,
    user,
    pricing,
    expiresAt,
  });
  // A zero fee completed at once: the chip is theirs already.
  const after = (await findChipRow(ctx.db, target.chipId))!;
  const handover = (await findHandover(ctx.db, result.handover.id)) ?? result.handover;
  return { ...answer, ...base, ownerId: ownerIdOf(after), handover: toHandoverDto(handover) };
}

/**
 * GET /api/artchip/claim?token=…: what claiming with this tap costs before the holder commits (issue
 * 27: the claim page took payment without showing the fee): the chip, who pays the transfer fee, how
 * much and by which rule, the methods to pay it with, and when the claim runs out. Reads only; the
 * claim itself re-checks everything under its locks.
 */
export async function previewClaim(ctx: ServiceContext, token: string): Promise<ClaimPreview> {
  const target = await findClaimTarget(ctx.db, token);
  if (target.expiresAt <= ctx.clock()) throw new AppError('TOKEN_EXPIRED', CLAIM_EXPIRED_MESSAGE);
  const chip = await findChipRow(ctx.db, target.chipId);
  if (!chip) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  const base = {
    chipTitle: chip.title,
    chipPath: await chipPathOf(ctx.db, chip.id),
    feePaidBy: target.feePaidBy,
    expiresAt: target.expiresAt.toISOString(),
  };
  if (target.feePaidBy === 'owner') return { ...base, feeCents: 0, rule: null, paymentOptions: [] };
  const settings = toPricingSettings(await getSiteSettings(ctx));
  const input = feeInput(chip, await mintPriceCents(ctx.db, chip, settings), settings);
  return {
    ...base,
    feeCents: transferFee(input).feeCents,
    rule: describeTransferFee(input),
    paymentOptions: paymentOptionsFor(ctx, settings.paymentMethods.purchase),
  };
}
