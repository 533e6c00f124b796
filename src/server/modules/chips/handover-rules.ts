/**
 * The hand-over's decisions, pure (decision 050): which tap may open or claim a handover, which claim
 * may be used, and what a paid fee order does. handover-lifecycle.ts reads and locks the rows and acts
 * on these answers; they are unit- and mutation-tested here (docs/mutation-testing.md).
 */
import {
  CLAIM_CLOSED_MESSAGE,
  CLAIM_EXPIRED_MESSAGE,
  CLAIM_IN_PROGRESS_MESSAGE,
  CLAIM_INVALID_MESSAGE,
  CLAIM_OWN_MESSAGE,
  CLAIM_USED_MESSAGE,
  HANDOVER_TAP_EXPIRED_MESSAGE,
  HANDOVER_TAP_INVALID_MESSAGE,
  HANDOVER_TAP_USED_MESSAGE,
  reportedMessage,
} from '#shared/handovers.schemas.ts';
import { ownerIdOf, refuseTransfer, type Refusal } from './chip-lifecycle.ts';
import type { ChipRow } from './chips.repo.ts';
import type { HandoverClaimRow, HandoverOwnerTapRow, HandoverRow } from './handovers.repo.ts';

/** The chip's tag and the highest counter it has accepted, read under the chip's lock. */
export type HandoverTag = { tagId: number; lastCounter: number };

type HandoverState = Pick<HandoverRow, 'status' | 'claimUntil'>;

/** Whether a claimant's unpaid claim still holds the handover at `now`. */
export function isClaimPending(handover: HandoverState, now: Date): boolean {
  return handover.status === 'awaiting_payment' && handover.claimUntil !== null && handover.claimUntil > now;
}

/** Whether a fresh tap may claim it now: open, or a claimant's payment window has lapsed. */
export function isClaimable(handover: HandoverState, now: Date): boolean {
  return (
    handover.status === 'open' || (handover.status === 'awaiting_payment' && !isClaimPending(handover, now))
  );
}

/** Whether a live handover stops `ownerId` starting one: anything but their own still waiting for its fee. */
export function blocksNewHandover(
  live: Pick<HandoverRow, 'status' | 'ownerId'> | null,
  ownerId: number,
): boolean {
  return live !== null && (live.status !== 'awaiting_fee' || live.ownerId !== ownerId);
}

/**
 * Why the owner's tap token cannot open a handover, or null: it must be this owner's tap of this chip's
 * current tag, not used and not expired. A tap counted above the tag's last accepted counter belongs to a
 * tag replaced or reset since (its counter is no longer the tag's).
 */
export function refuseOwnerTap(
  tap: Pick<HandoverOwnerTapRow, 'chipId' | 'ownerId' | 'tagId' | 'counter' | 'usedAt' | 'expiresAt'> | null,
  args: { chipId: number; ownerId: number; tag: HandoverTag; now: Date },
): Refusal | null {
  if (
    !tap ||
    tap.chipId !== args.chipId ||
    tap.ownerId !== args.ownerId ||
    tap.tagId !== args.tag.tagId ||
    tap.counter > args.tag.lastCounter
  ) {
    return { code: 'INVALID_TOKEN', message: HANDOVER_TAP_INVALID_MESSAGE };
  }
  if (tap.usedAt !== null) return { code: 'CONFLICT', message: HANDOVER_TAP_USED_MESSAGE };
  if (tap.expiresAt <= args.now) return { code: 'TOKEN_EXPIRED', message: HANDOVER_TAP_EXPIRED_MESSAGE };
  return null;
}

/**
 * Whether a tap may claim the handover: of the tag it began with, and counted after the owner's tap that
 * began it (a tag replaced since, or a counter reset, claims nothing).
 */
export function isFreshClaimTap(
  handover: Pick<HandoverRow, 'tagId' | 'startCounter'>,
  tap: { tagId: number; counter: number },
): boolean {
  return handover.tagId === tap.tagId && tap.counter > handover.startCounter;
}

/**
 * Why a claim cannot be used now, or null: a token of another chip, used or expired; the owner claiming
 * their own chip; a handover another claimant is paying for or no longer claimable; a reported chip; a
 * chip that is no longer the handover owner's to give.
 */
export function refuseClaim(
  chip: ChipRow,
  handover: HandoverRow | null,
  claim: Pick<HandoverClaimRow, 'usedAt' | 'expiresAt'> | null,
  args: { claimantId: number; now: Date },
): Refusal | null {
  if (!handover || !claim || handover.chipId !== chip.id) {
    return { code: 'INVALID_TOKEN', message: CLAIM_INVALID_MESSAGE };
  }
  if (claim.usedAt !== null) return { code: 'CONFLICT', message: CLAIM_USED_MESSAGE };
  if (claim.expiresAt <= args.now) return { code: 'TOKEN_EXPIRED', message: CLAIM_EXPIRED_MESSAGE };
  if (handover.ownerId === args.claimantId) return { code: 'UNPROCESSABLE', message: CLAIM_OWN_MESSAGE };
  if (isClaimPending(handover, args.now)) return { code: 'CONFLICT', message: CLAIM_IN_PROGRESS_MESSAGE };
  if (!isClaimable(handover, args.now)) return { code: 'CONFLICT', message: CLAIM_CLOSED_MESSAGE };
  if (chip.reportStatus !== 'none') return { code: 'CONFLICT', message: reportedMessage(chip.reportStatus) };
  if (ownerIdOf(chip) !== handover.ownerId || refuseTransfer(chip, handover.ownerId, args.now)) {
    return { code: 'CONFLICT', message: CLAIM_CLOSED_MESSAGE };
  }
  return null;
}

/**
 * What a paid handover fee order does: the owner's fee opens the handover ('open'); the claimant's moves
 * the chip to them ('complete'); null when it can no longer apply (cancelled, overtaken by another claim,
 * the chip changed hands or was reported), and the payment is refunded.
 */
export function feeOrderEffect(
  chip: ChipRow,
  handover: HandoverRow | null,
  orderId: number,
  now: Date,
): 'open' | 'complete' | null {
  if (!handover || handover.chipId !== chip.id) return null;
  if (ownerIdOf(chip) !== handover.ownerId || refuseTransfer(chip, handover.ownerId, now)) return null;
  if (handover.status === 'awaiting_fee' && handover.feeOrderId === orderId) return 'open';
  if (
    handover.status === 'awaiting_payment' &&
    handover.claimOrderId === orderId &&
    handover.claimantId !== null &&
    chip.reportStatus === 'none'
  ) {
    return 'complete';
  }
  return null;
}
