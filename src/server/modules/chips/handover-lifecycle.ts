/**
 * Hand over by tap (issue 15): the handover state machine (HANDOVER_STATUSES in shared/handovers.schemas.ts)
 * and the only writer of chip_handovers, handover_claims and handover_owner_taps. Transitions take the chip
 * row already locked by the caller's transaction (every commerce transaction locks the chip first), then
 * lock the handover.
 *
 * A claim is bound to one fresh authentic tap: the tap route gives it only for a counter above the one
 * recorded when the handover started (and above every tap accepted before, which the replay rule gives),
 * stores it hashed under (handover, counter) so one tap gets one token, and a token claims once.
 *
 * A handover opens only from the owner's own fresh tap (decision 038): the tap answer gives the signed-in
 * owner a one-time token bound to that tap, and the handover starts from that tap's counter, so a tap read
 * before it (and kept unsent by someone who once held the chip) can never claim.
 */
import { CHECKOUT_HOLD_MINUTES } from '#shared/checkout.schemas.ts';
import {
  CLAIM_IN_PROGRESS_MESSAGE,
  CLAIM_INVALID_MESSAGE,
  CLAIM_NOT_FRESH_MESSAGE,
  CLAIM_TOKEN_MINUTES,
  HANDOVER_ALREADY_OPEN_MESSAGE,
  HANDOVER_NONE_OPEN_MESSAGE,
  HANDOVER_TAP_MINUTES,
  HANDOVER_TAP_REQUIRED_MESSAGE,
  reportedMessage,
  type Handover,
  type HandoverFeePayer,
  type HandoverTap,
  type TapClaim,
} from '#shared/handovers.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { createSecretToken, hashToken } from '#server/lib/tokens.ts';
import { NOT_OWNER_MESSAGE, ownerIdOf, refuseHandover, transferChip } from './chip-lifecycle.ts';
import { findChipRow, type ChipRow } from './chips.repo.ts';
import {
  blocksNewHandover,
  feeOrderEffect,
  isClaimPending,
  isFreshClaimTap,
  refuseClaim,
  refuseOwnerTap,
  type HandoverTag,
} from './handover-rules.ts';
import {
  findClaimByTokenHash,
  findHandoverById,
  findLiveHandover,
  insertClaimOnce,
  insertHandover,
  insertOwnerTapOnce,
  lockClaim,
  lockHandover,
  lockOwnerTapByTokenHash,
  markClaimUsed,
  markOwnerTapUsed,
  updateHandover,
  type HandoverRow,
} from './handovers.repo.ts';

export type { HandoverRow };

export function toHandoverDto(row: HandoverRow): Handover {
  return {
    id: row.id,
    chipId: row.chipId,
    status: row.status,
    feePaidBy: row.feePaidBy,
    createdAt: row.createdAt.toISOString(),
    claimedAt: row.claimedAt?.toISOString() ?? null,
  };
}

/** A handover by id (to answer with it after a change), or null. */
export async function findHandover(db: Db, id: number): Promise<HandoverRow | null> {
  return findHandoverById(db, id);
}

/** The owner's chip's live handover (for the dashboard), or null. */
export async function findOwnLiveHandover(db: Db, chipId: number): Promise<HandoverRow | null> {
  return findLiveHandover(db, chipId);
}

export type { HandoverTag };

/**
 * After an authentic tap by `viewerId` (counter already accepted by the replay rule): when they own the chip
 * and may hand it over now (no handover open, or only one still waiting for their fee), a one-time token that
 * opens a handover from this tap. Null otherwise, or if this tap already has one.
 */
export async function issueOwnerHandoverTap(
  tx: Db,
  args: { chipId: number; tagId: number; counter: number; viewerId: number; now: Date },
): Promise<HandoverTap | null> {
  const chip = await findChipRow(tx, args.chipId);
  if (!chip || ownerIdOf(chip) !== args.viewerId || refuseHandover(chip, args.viewerId, args.now))
    return null;
  if (blocksNewHandover(await findLiveHandover(tx, chip.id), args.viewerId)) return null;
  const token = createSecretToken();
  const expiresAt = new Date(args.now.getTime() + HANDOVER_TAP_MINUTES * 60 * 1000);
  const stored = await insertOwnerTapOnce(tx, {
    chipId: chip.id,
    ownerId: args.viewerId,
    tagId: args.tagId,
    counter: args.counter,
    tokenHash: hashToken(token),
    expiresAt,
  });
  return stored ? { token, expiresAt: expiresAt.toISOString() } : null;
}

/**
 * Uses the owner's tap token to open a handover: it must be this owner's tap of this chip's current tag, not
 * used and not expired. Returns the tap's counter, the handover's start: only a later tap claims.
 */
async function useOwnerTap(
  tx: Db,
  chip: ChipRow,
  args: { ownerId: number; tapToken: string | undefined; tag: HandoverTag; now: Date },
): Promise<number> {
  if (!args.tapToken) throw new AppError('UNPROCESSABLE', HANDOVER_TAP_REQUIRED_MESSAGE);
  const tap = await lockOwnerTapByTokenHash(tx, hashToken(args.tapToken));
  // Another chip's or account's tap, or one of a tag replaced or reset since: not this owner's fresh tap.
  const refusal = refuseOwnerTap(tap, {
    chipId: chip.id,
    ownerId: args.ownerId,
    tag: args.tag,
    now: args.now,
  });
  if (refusal) throw new AppError(refusal.code, refusal.message);
  await markOwnerTapUsed(tx, tap!.id, args.now);
  return tap!.counter;
}

/**
 * Starts a handover of a chip that is with its owner, from the owner's own fresh tap (its token): the
 * handover records that tap's counter. The owner paying the fee now waits for it ('awaiting_fee');
 * otherwise the handover is open at once and the claimant pays. A handover still waiting for the owner's
 * fee (they left the payment page) is replaced: it is cancelled, and a payment of its fee order arriving
 * later no longer applies and is refunded (fulfilHandoverOrder).
 */
export async function startHandover(
  tx: Db,
  chip: ChipRow,
  args: {
    ownerId: number;
    feePaidBy: HandoverFeePayer;
    tapToken: string | undefined;
    tag: HandoverTag;
    now: Date;
  },
): Promise<HandoverRow> {
  const refusal = refuseHandover(chip, args.ownerId, args.now);
  if (refusal) throw new AppError(refusal.code, refusal.message);
  const live = await findLiveHandover(tx, chip.id, true);
  if (blocksNewHandover(live, args.ownerId)) {
    throw new AppError('CONFLICT', HANDOVER_ALREADY_OPEN_MESSAGE);
  }
  const startCounter = await useOwnerTap(tx, chip, args);
  if (live) await updateHandover(tx, live.id, { status: 'cancelled', cancelledAt: args.now });
  return insertHandover(tx, {
    chipId: chip.id,
    ownerId: args.ownerId,
    status: args.feePaidBy === 'owner' ? 'awaiting_fee' : 'open',
    feePaidBy: args.feePaidBy,
    tagId: args.tag.tagId,
    startCounter,
  });
}

/** The owner's fee order, placed in the same transaction as startHandover. */
export async function attachHandoverFeeOrder(tx: Db, handoverId: number, orderId: number): Promise<void> {
  await updateHandover(tx, handoverId, { feeOrderId: orderId });
}

/** The owner cancels their chip's live handover (a claimant paying meanwhile is refunded). */
export async function cancelHandover(
  tx: Db,
  chip: ChipRow,
  args: { actorId: number; now: Date },
): Promise<HandoverRow> {
  if (ownerIdOf(chip) !== args.actorId) throw new AppError('FORBIDDEN', NOT_OWNER_MESSAGE);
  const live = await findLiveHandover(tx, chip.id, true);
  if (!live) throw new AppError('CONFLICT', HANDOVER_NONE_OPEN_MESSAGE);
  return updateHandover(tx, live.id, { status: 'cancelled', cancelledAt: args.now });
}

/** What a tap of a chip being handed over tells whoever holds it: a claim, why not, or nothing. */
export type TapClaimOutcome = { claim: TapClaim | null; claimMessage: string | null };
const NO_CLAIM: TapClaimOutcome = { claim: null, claimMessage: null };

/**
 * After an authentic tap of the chip's tag (counter already accepted by the replay rule): a claim token
 * when the chip has a claimable handover and the tap is newer than the handover; else why not.
 */
export async function issueHandoverClaim(
  tx: Db,
  args: { chipId: number; tagId: number; counter: number; now: Date },
): Promise<TapClaimOutcome> {
  const handover = await findLiveHandover(tx, args.chipId);
  if (!handover || handover.status === 'awaiting_fee') return NO_CLAIM;
  const chip = await findChipRow(tx, args.chipId);
  if (chip && chip.reportStatus !== 'none') {
    return { claim: null, claimMessage: reportedMessage(chip.reportStatus) };
  }
  if (isClaimPending(handover, args.now)) return { claim: null, claimMessage: CLAIM_IN_PROGRESS_MESSAGE };
  // A tag replaced since the handover began, or counted from before it (a counter reset), claims nothing.
  if (!isFreshClaimTap(handover, args)) {
    return { claim: null, claimMessage: CLAIM_NOT_FRESH_MESSAGE };
  }
  const token = createSecretToken();
  const expiresAt = new Date(args.now.getTime() + CLAIM_TOKEN_MINUTES * 60 * 1000);
  const stored = await insertClaimOnce(tx, {
    handoverId: handover.id,
    counter: args.counter,
    tokenHash: hashToken(token),
    expiresAt,
  });
  if (!stored) return { claim: null, claimMessage: CLAIM_NOT_FRESH_MESSAGE };
  return {
    claim: { token, expiresAt: expiresAt.toISOString(), feePaidBy: handover.feePaidBy },
    claimMessage: null,
  };
}

/** A tap that is not new (repeated, or older than the last one) of a chip being handed over. */
export async function staleTapClaimMessage(db: Db, chipId: number): Promise<string | null> {
  const handover = await findLiveHandover(db, chipId);
  return handover && handover.status !== 'awaiting_fee' ? CLAIM_NOT_FRESH_MESSAGE : null;
}

/** The chip a claim token is for (read before the claim's transaction, to lock that chip first). */
export async function findClaimTarget(
  db: Db,
  token: string,
): Promise<{
  claimId: number;
  handoverId: number;
  chipId: number;
  feePaidBy: HandoverFeePayer;
  expiresAt: Date;
}> {
  const claim = await findClaimByTokenHash(db, hashToken(token));
  const handover = claim ? await findHandoverById(db, claim.handoverId) : null;
  if (!claim || !handover) throw new AppError('INVALID_TOKEN', CLAIM_INVALID_MESSAGE);
  return {
    claimId: claim.id,
    handoverId: handover.id,
    chipId: handover.chipId,
    feePaidBy: handover.feePaidBy,
    expiresAt: claim.expiresAt,
  };
}

/**
 * Uses a claim, under the locks of the chip (taken by the caller), the handover and the claim: two
 * claims at once serialise here and exactly one passes. Refuses a used or expired token, a handover no
 * longer claimable, the owner claiming their own chip, and a chip that cannot change hands now.
 */
export async function useHandoverClaim(
  tx: Db,
  chip: ChipRow,
  args: { claimId: number; handoverId: number; claimantId: number; now: Date },
): Promise<HandoverRow> {
  const handover = await lockHandover(tx, args.handoverId);
  const claim = await lockClaim(tx, args.claimId);
  const refusal = refuseClaim(chip, handover, claim, args);
  if (refusal) throw new AppError(refusal.code, refusal.message);
  await markClaimUsed(tx, claim!.id, args.claimantId, args.now);
  return handover!;
}

/** open → claimed: the owner paid the fee, so the chip is the claimant's now ("handed over, claimed by tap"). */
export async function completeHandover(
  tx: Db,
  chip: ChipRow,
  handover: HandoverRow,
  args: { claimantId: number; orderId: number | null; feeCents: number; now: Date },
): Promise<HandoverRow> {
  await transferChip(tx, chip, {
    orderId: args.orderId,
    fromUserId: handover.ownerId,
    toUserId: args.claimantId,
    feeCents: args.feeCents,
    handoverId: handover.id,
  });
  return updateHandover(tx, handover.id, {
    status: 'claimed',
    claimantId: args.claimantId,
    claimedAt: args.now,
    claimUntil: null,
  });
}

/** open → awaiting_payment: the claimant pays the fee with this order, within the checkout hold. */
export async function awaitClaimPayment(
  tx: Db,
  handover: HandoverRow,
  args: { claimantId: number; orderId: number; now: Date },
): Promise<HandoverRow> {
  return updateHandover(tx, handover.id, {
    status: 'awaiting_payment',
    claimantId: args.claimantId,
    claimOrderId: args.orderId,
    claimUntil: new Date(args.now.getTime() + CHECKOUT_HOLD_MINUTES * 60 * 1000),
  });
}

/**
 * A paid handover fee order (payments calls it with the chip locked): the owner's fee opens the
 * handover; the claimant's moves the chip to them. False when it can no longer apply (cancelled,
 * overtaken by another claim, the chip changed hands): the payment is then refunded.
 */
export async function fulfilHandoverOrder(
  tx: Db,
  chip: ChipRow,
  order: { id: number; handoverId: number; basePriceCents: number },
  now: Date,
): Promise<boolean> {
  const handover = await lockHandover(tx, order.handoverId);
  const effect = feeOrderEffect(chip, handover, order.id, now);
  if (effect === 'open') await updateHandover(tx, handover!.id, { status: 'open' });
  else if (effect === 'complete') {
    await completeHandover(tx, chip, handover!, {
      claimantId: handover!.claimantId!,
      orderId: order.id,
      feeCents: order.basePriceCents,
      now,
    });
  }
  return effect !== null;
}
