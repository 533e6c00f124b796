import { describe, expect, test } from 'vitest';
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
import type { ChipRow } from './chips.repo.ts';
import type { HandoverRow } from './handovers.repo.ts';
import {
  blocksNewHandover,
  feeOrderEffect,
  isClaimable,
  isClaimPending,
  isFreshClaimTap,
  refuseClaim,
  refuseOwnerTap,
} from './handover-rules.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const LATER = new Date(NOW.getTime() + 60_000);
const EARLIER = new Date(NOW.getTime() - 60_000);
const OWNER = 10;
const CLAIMANT = 20;

const chip = (overrides: Partial<ChipRow> = {}): ChipRow =>
  ({
    id: 1,
    creatorId: OWNER,
    ownerId: OWNER,
    status: 'active',
    custody: 'with_owner',
    reservedUntil: null,
    reportStatus: 'none',
    frozenAt: null,
    ...overrides,
  }) as ChipRow;

const handover = (overrides: Partial<HandoverRow> = {}): HandoverRow =>
  ({
    id: 5,
    chipId: 1,
    ownerId: OWNER,
    status: 'open',
    feePaidBy: 'claimant',
    tagId: 3,
    startCounter: 40,
    feeOrderId: null,
    claimantId: null,
    claimOrderId: null,
    claimUntil: null,
    ...overrides,
  }) as HandoverRow;

describe('the hand-over counter checks', () => {
  const tag = { tagId: 3, lastCounter: 40 };
  const tap = { chipId: 1, ownerId: OWNER, tagId: 3, counter: 40, usedAt: null, expiresAt: LATER };
  const use = (t: typeof tap | null) => refuseOwnerTap(t, { chipId: 1, ownerId: OWNER, tag, now: NOW });

  test("the owner's tap opens a handover only while its counter is the tag's: a tap counted above it is refused", () => {
    expect(use(tap)).toBeNull();
    expect(use({ ...tap, counter: 39 })).toBeNull();
    // Counted above the tag's last accepted counter: a tag replaced or reset since.
    expect(use({ ...tap, counter: 41 })).toEqual({
      code: 'INVALID_TOKEN',
      message: HANDOVER_TAP_INVALID_MESSAGE,
    });
  });

  test('a claim needs a tap counted after the one that began the handover, of the same tag', () => {
    const h = handover();
    expect(isFreshClaimTap(h, { tagId: 3, counter: 41 })).toBe(true);
    // The very tap that started it, or one read before it (kept unsent by someone who once held the chip).
    expect(isFreshClaimTap(h, { tagId: 3, counter: 40 })).toBe(false);
    expect(isFreshClaimTap(h, { tagId: 3, counter: 12 })).toBe(false);
    // A tag replaced since the handover began.
    expect(isFreshClaimTap(h, { tagId: 4, counter: 41 })).toBe(false);
  });
});

test("the owner's tap token: another chip's, account's or tag's, used or expired, opens nothing", () => {
  const tag = { tagId: 3, lastCounter: 40 };
  const tap = {
    chipId: 1,
    ownerId: OWNER,
    tagId: 3,
    counter: 40,
    usedAt: null as Date | null,
    expiresAt: LATER,
  };
  const use = (t: Partial<typeof tap> | null) =>
    refuseOwnerTap(t && { ...tap, ...t }, { chipId: 1, ownerId: OWNER, tag, now: NOW });
  const invalid = { code: 'INVALID_TOKEN', message: HANDOVER_TAP_INVALID_MESSAGE };
  expect(use(null)).toEqual(invalid);
  expect(use({ chipId: 2 })).toEqual(invalid);
  expect(use({ ownerId: CLAIMANT })).toEqual(invalid);
  expect(use({ tagId: 4 })).toEqual(invalid);
  expect(use({ usedAt: EARLIER })).toEqual({
    code: 'CONFLICT',
    message: HANDOVER_TAP_USED_MESSAGE,
  });
  expect(use({ expiresAt: NOW })).toEqual({ code: 'TOKEN_EXPIRED', message: HANDOVER_TAP_EXPIRED_MESSAGE });
  expect(use({ expiresAt: new Date(NOW.getTime() + 1) })).toBeNull();
});

test("a claimant's unpaid claim holds the handover until its window lapses, then it is claimable again", () => {
  const paying = handover({ status: 'awaiting_payment', claimUntil: LATER });
  expect(isClaimPending(paying, NOW)).toBe(true);
  expect(isClaimable(paying, NOW)).toBe(false);
  const lapsed = handover({ status: 'awaiting_payment', claimUntil: NOW });
  expect(isClaimPending(lapsed, NOW)).toBe(false);
  expect(isClaimable(lapsed, NOW)).toBe(true);
  expect(isClaimPending(handover({ status: 'awaiting_payment', claimUntil: null }), NOW)).toBe(false);
  expect(isClaimPending(handover({ status: 'open', claimUntil: LATER }), NOW)).toBe(false);
  expect(isClaimable(handover({ status: 'open' }), NOW)).toBe(true);
  for (const status of ['awaiting_fee', 'claimed', 'cancelled'] as const) {
    expect(isClaimable(handover({ status }), NOW)).toBe(false);
  }
});

test('only the owner’s own handover still waiting for its fee lets them start another', () => {
  expect(blocksNewHandover(null, OWNER)).toBe(false);
  expect(blocksNewHandover({ status: 'awaiting_fee', ownerId: OWNER }, OWNER)).toBe(false);
  expect(blocksNewHandover({ status: 'awaiting_fee', ownerId: CLAIMANT }, OWNER)).toBe(true);
  expect(blocksNewHandover({ status: 'open', ownerId: OWNER }, OWNER)).toBe(true);
});

describe('using a claim', () => {
  const claim = { usedAt: null, expiresAt: LATER };
  const use = (
    overrides: {
      chip?: Partial<ChipRow>;
      handover?: Partial<HandoverRow> | null;
      claim?: object | null;
    } = {},
    claimantId = CLAIMANT,
  ) =>
    refuseClaim(
      chip(overrides.chip),
      overrides.handover === null ? null : handover(overrides.handover),
      overrides.claim === null ? null : { ...claim, ...overrides.claim },
      { claimantId, now: NOW },
    );

  test('a fresh claim of an open handover of a chip with its owner passes', () => {
    expect(use()).toBeNull();
    expect(use({ handover: { status: 'awaiting_payment', claimUntil: NOW } })).toBeNull();
  });

  test('each reason a claim cannot be used, in order', () => {
    const invalid = { code: 'INVALID_TOKEN', message: CLAIM_INVALID_MESSAGE };
    expect(use({ handover: null })).toEqual(invalid);
    expect(use({ claim: null })).toEqual(invalid);
    expect(use({ handover: { chipId: 2 } })).toEqual(invalid);
    expect(use({ claim: { usedAt: EARLIER } })).toEqual({ code: 'CONFLICT', message: CLAIM_USED_MESSAGE });
    expect(use({ claim: { expiresAt: NOW } })).toEqual({
      code: 'TOKEN_EXPIRED',
      message: CLAIM_EXPIRED_MESSAGE,
    });
    expect(use({ claim: { expiresAt: new Date(NOW.getTime() + 1) } })).toBeNull();
    expect(use({}, OWNER)).toEqual({ code: 'UNPROCESSABLE', message: CLAIM_OWN_MESSAGE });
    expect(use({ handover: { status: 'awaiting_payment', claimUntil: LATER } })).toEqual({
      code: 'CONFLICT',
      message: CLAIM_IN_PROGRESS_MESSAGE,
    });
    const closed = { code: 'CONFLICT', message: CLAIM_CLOSED_MESSAGE };
    expect(use({ handover: { status: 'cancelled' } })).toEqual(closed);
    expect(use({ chip: { reportStatus: 'stolen' } })).toEqual({
      code: 'CONFLICT',
      message: reportedMessage('stolen'),
    });
    // The chip changed hands, or cannot change hands now (travelling, held for a buyer).
    expect(use({ chip: { ownerId: 99 } })).toEqual(closed);
    expect(use({ chip: { custody: 'in_transit' } })).toEqual(closed);
    expect(use({ chip: { reservedUntil: LATER } })).toEqual(closed);
  });
});

describe('a paid handover fee order', () => {
  test("the owner's fee opens the handover; the claimant's completes it", () => {
    expect(feeOrderEffect(chip(), handover({ status: 'awaiting_fee', feeOrderId: 8 }), 8, NOW)).toBe('open');
    const paying = handover({ status: 'awaiting_payment', claimOrderId: 8, claimantId: CLAIMANT });
    expect(feeOrderEffect(chip(), paying, 8, NOW)).toBe('complete');
  });

  test('an order that no longer applies does nothing (and is refunded)', () => {
    const fee = handover({ status: 'awaiting_fee', feeOrderId: 8 });
    const paying = handover({ status: 'awaiting_payment', claimOrderId: 8, claimantId: CLAIMANT });
    expect(feeOrderEffect(chip(), null, 8, NOW)).toBeNull();
    expect(feeOrderEffect(chip({ id: 2 }), fee, 8, NOW)).toBeNull();
    expect(feeOrderEffect(chip({ ownerId: 99 }), fee, 8, NOW)).toBeNull();
    expect(feeOrderEffect(chip({ custody: 'in_transit' }), fee, 8, NOW)).toBeNull();
    expect(feeOrderEffect(chip(), fee, 9, NOW)).toBeNull();
    expect(feeOrderEffect(chip(), handover({ status: 'cancelled', feeOrderId: 8 }), 8, NOW)).toBeNull();
    expect(feeOrderEffect(chip(), paying, 9, NOW)).toBeNull();
    expect(feeOrderEffect(chip(), { ...paying, claimantId: null }, 8, NOW)).toBeNull();
    expect(feeOrderEffect(chip({ reportStatus: 'lost' }), paying, 8, NOW)).toBeNull();
    expect(feeOrderEffect(chip(), { ...paying, status: 'open' }, 8, NOW)).toBeNull();
  });
});
