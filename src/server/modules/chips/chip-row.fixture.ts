import type { ChipRow } from './chips.repo.ts';

/** The clock and the people of the chip lifecycle's unit tests. */
export const NOW = new Date('2026-11-24T12:00:00Z');
export const LATER = new Date(NOW.getTime() + 60_000);
export const EARLIER = new Date(NOW.getTime() - 60_000);
export const OWNER = 10;
export const BUYER = 20;
export const OTHER = 30;

/**
 * A made chip its creator OWNER has at home and never listed (a ship-to-me mint, delivered): public,
 * not for sale (decision 062).
 */
export function chipAtHome(overrides: Partial<ChipRow> = {}): ChipRow {
  return chipRow({
    status: 'pending',
    custody: 'with_owner',
    priceCents: null,
    highestPriceCents: 0,
    ...overrides,
  });
}

/** A listed chip in the vault, owned by its creator OWNER, free of holds and reports. */
export function chipRow(overrides: Partial<ChipRow> = {}): ChipRow {
  return {
    id: 1,
    creatorId: OWNER,
    ownerId: OWNER,
    status: 'active',
    custody: 'in_vault',
    priceCents: 5000,
    highestPriceCents: 5000,
    reservedByOrderId: null,
    reservedForUserId: null,
    reservedUntil: null,
    reservedIdle: false,
    reportStatus: 'none',
    frozenAt: null,
    ...overrides,
  } as ChipRow;
}
