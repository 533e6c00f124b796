import { describe, expect, it } from 'vitest';
import {
  CASE_ALREADY_DECIDED_MESSAGE,
  CASE_ALREADY_OPEN_MESSAGE,
  CASE_ALREADY_REFUNDED_MESSAGE,
  CASE_CONFIRMED_RECEIVED_MESSAGE,
  CASE_NOT_DELIVERED_KIND_MESSAGE,
  CASE_ORDER_NOT_SHIPPED_MESSAGE,
} from '#shared/cases.schemas.ts';
import {
  canDecide,
  refuseDecision,
  refuseOpenCase,
  reportableKinds,
  type CaseOrder,
} from './case-lifecycle.ts';

const DAY = 24 * 60 * 60 * 1000;
const SHIPPED = new Date('2026-11-01T12:00:00Z');
const DELIVERED = new Date('2026-11-03T12:00:00Z');
const WINDOWS = { caseWindowDays: 7, caseNotReceivedDays: 30 };
const at = (from: Date, days: number) => new Date(from.getTime() + days * DAY);

const shipped: CaseOrder = {
  buyerId: 1,
  sellerId: 2,
  orderType: 'purchase',
  shippingOption: 'ship',
  status: 'shipped',
  paymentStatus: 'completed',
  shippedAt: SHIPPED,
  deliveredAt: null,
  deliveredBy: null,
};
const delivered: CaseOrder = {
  ...shipped,
  status: 'delivered',
  deliveredAt: DELIVERED,
  deliveredBy: 'buyer',
};

const open = (
  order: CaseOrder,
  kind: 'not_received' | 'damaged' | 'not_as_described',
  now: Date,
  extra = {},
) =>
  refuseOpenCase(order, {
    viewerId: 1,
    kind,
    windows: WINDOWS,
    now,
    hasOpenCase: false,
    wasRefunded: false,
    ...extra,
  });

describe('reportableKinds', () => {
  it('a shipment on its way: not received, up to caseNotReceivedDays after shipping', () => {
    expect(reportableKinds(shipped, WINDOWS, at(SHIPPED, 30))).toEqual({
      open: true,
      kinds: ['not_received'],
      until: at(SHIPPED, 30),
    });
    expect(reportableKinds(shipped, WINDOWS, new Date(at(SHIPPED, 30).getTime() + 1))).toMatchObject({
      open: false,
    });
  });

  it('delivered: damaged or not as described up to caseWindowDays after delivery; not received too when nobody confirmed it', () => {
    expect(reportableKinds(delivered, WINDOWS, at(DELIVERED, 7))).toMatchObject({
      open: true,
      kinds: ['damaged', 'not_as_described'],
    });
    const auto = { ...delivered, deliveredBy: 'auto' };
    expect(reportableKinds(auto, WINDOWS, at(DELIVERED, 1))).toMatchObject({
      kinds: ['not_received', 'damaged', 'not_as_described'],
      until: at(SHIPPED, 30),
    });
    // Delivered by time, never confirmed: "not received" stays open until 30 days after shipping.
    expect(reportableKinds(auto, WINDOWS, at(DELIVERED, 20))).toEqual({
      open: true,
      kinds: ['not_received'],
      until: at(SHIPPED, 30),
    });
    expect(open(auto, 'damaged', at(DELIVERED, 20))?.message).toMatch(
      /^Problems can be reported up to 7 days/,
    );
    expect(open(auto, 'not_received', at(DELIVERED, 20))).toBeNull();
    expect(reportableKinds(auto, WINDOWS, at(SHIPPED, 30.01))).toMatchObject({ open: false });
    const late = reportableKinds(delivered, WINDOWS, at(DELIVERED, 7.01));
    expect(late).toEqual({
      open: false,
      closedMessage:
        "Problems can be reported up to 7 days after delivery; this order's window closed on November 10, 2026.",
    });
  });

  it('nothing for an order kept in the vault, a mint, an unpaid or refunded one, or one not shipped', () => {
    for (const order of [
      { ...delivered, shippingOption: 'store' },
      { ...delivered, orderType: 'mint' },
      { ...delivered, paymentStatus: 'refunded' },
      { ...shipped, status: 'processing', shippedAt: null },
      { ...delivered, sellerId: null },
    ]) {
      expect(reportableKinds(order, WINDOWS, at(DELIVERED, 1))).toBeNull();
    }
  });
});

describe('refuseOpenCase', () => {
  it('lets the buyer report within the window', () => {
    expect(open(delivered, 'damaged', at(DELIVERED, 2))).toBeNull();
    expect(open(shipped, 'not_received', at(SHIPPED, 2))).toBeNull();
  });

  it('another user’s order reads as not found', () => {
    expect(open(delivered, 'damaged', at(DELIVERED, 2), { viewerId: 3 })).toEqual({
      code: 'NOT_FOUND',
      message: 'Order not found',
    });
  });

  it('refuses in plain words: not shipped, a case open, refunded already, the wrong kind, out of window', () => {
    expect(
      open({ ...shipped, status: 'processing', shippedAt: null }, 'not_received', SHIPPED)?.message,
    ).toBe(CASE_ORDER_NOT_SHIPPED_MESSAGE);
    expect(open(delivered, 'damaged', at(DELIVERED, 1), { hasOpenCase: true })?.message).toBe(
      CASE_ALREADY_OPEN_MESSAGE,
    );
    expect(open(delivered, 'damaged', at(DELIVERED, 1), { wasRefunded: true })?.message).toBe(
      CASE_ALREADY_REFUNDED_MESSAGE,
    );
    expect(open(shipped, 'damaged', at(SHIPPED, 1))?.message).toBe(CASE_NOT_DELIVERED_KIND_MESSAGE);
    expect(open(delivered, 'not_received', at(DELIVERED, 1))?.message).toBe(CASE_CONFIRMED_RECEIVED_MESSAGE);
    expect(open(delivered, 'damaged', at(DELIVERED, 8))?.message).toMatch(
      /^Problems can be reported up to 7 days/,
    );
    expect(open(shipped, 'not_received', at(SHIPPED, 31))?.message).toMatch(
      /^A chip that has not arrived can be reported up to 30 days after shipping/,
    );
  });
});

describe('deciding', () => {
  const due = new Date('2026-11-10T00:00:00Z');
  it('once the seller answered, or their 3 days have passed', () => {
    expect(canDecide({ status: 'awaiting_decision', sellerDueAt: due }, at(due, -2))).toBe(true);
    expect(canDecide({ status: 'awaiting_seller', sellerDueAt: due }, due)).toBe(true);
    expect(canDecide({ status: 'awaiting_seller', sellerDueAt: due }, new Date(due.getTime() - 1))).toBe(
      false,
    );
    expect(refuseDecision({ status: 'awaiting_seller', sellerDueAt: due }, at(due, -1))?.message).toBe(
      'The seller has until November 10, 2026 to answer; decide after they answer or after that.',
    );
  });

  it('never twice', () => {
    for (const status of ['decided', 'closed'] as const) {
      expect(canDecide({ status, sellerDueAt: due }, at(due, 5))).toBe(false);
      expect(refuseDecision({ status, sellerDueAt: due }, at(due, 5))?.message).toBe(
        CASE_ALREADY_DECIDED_MESSAGE,
      );
    }
  });
});
