import { describe, expect, test } from 'vitest';
import type { ChipRow } from '#server/modules/chips/index.ts';
import type { OrderRow } from './orders.repo.ts';
import {
  assertOrderMove,
  canPayAgain,
  ORDER_ALREADY_PAID_MESSAGE,
  ORDER_NOT_PAYABLE_MESSAGE,
  ORDER_NOT_REFUNDABLE_MESSAGE,
  ORDER_PAID_TO_SELLER_MESSAGE,
  ORDER_PAYMENT_FLAGGED_MESSAGE,
  ORDER_PAYMENT_PROCESSING_MESSAGE,
  ORDER_REPLACED_MESSAGE,
  orderActions,
  SHIPPED_ORDER_REFUND_MESSAGE,
  unusedShippingCents,
  refusePayAgain,
  refuseRefund,
  SHIPPING_ORDER_PAY_AGAIN_MESSAGE,
  statusWhenPaid,
} from './order-lifecycle.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const BUYER = 20;
const SELLER = 10;

const order = (overrides: Partial<OrderRow> = {}): OrderRow =>
  ({
    id: 1,
    orderType: 'purchase',
    status: 'processing',
    paymentStatus: 'completed',
    paymentFlagged: null,
    shippingOption: 'ship',
    chipId: 1,
    buyerId: BUYER,
    isSurprize: false,
    paymentMethod: 'card',
    markupCents: 0,
    ...overrides,
  }) as OrderRow;

const chip = (overrides: Partial<ChipRow> = {}): ChipRow =>
  ({
    id: 1,
    creatorId: SELLER,
    ownerId: BUYER,
    status: 'sold',
    custody: 'dispatching',
    reservedForUserId: null,
    reservedUntil: null,
    reportStatus: 'none',
    frozenAt: null,
    ...overrides,
  }) as ChipRow;
const inVault = () => chip({ custody: 'in_vault' });

test('the status an order takes once paid: mints wait for the admin, vault purchases and transfers are done', () => {
  expect(statusWhenPaid({ orderType: 'mint', shippingOption: 'store' })).toBe('pending');
  expect(statusWhenPaid({ orderType: 'purchase', shippingOption: 'store' })).toBe('completed');
  expect(statusWhenPaid({ orderType: 'purchase', shippingOption: 'ship' })).toBe('processing');
  expect(statusWhenPaid({ orderType: 'transfer', shippingOption: 'ship' })).toBe('completed');
  expect(statusWhenPaid({ orderType: 'shipping', shippingOption: 'store' })).toBe('processing');
});

describe('an admin refund', () => {
  const notRefundable = { code: 'CONFLICT', message: ORDER_NOT_REFUNDABLE_MESSAGE };
  const shipped = { code: 'CONFLICT', message: SHIPPED_ORDER_REFUND_MESSAGE };

  test('only of a paid order, and not of a sale paid to the seller directly', () => {
    expect(refuseRefund(order({ paymentStatus: 'pending' }), chip())).toEqual({
      code: 'CONFLICT',
      message: 'Only a paid order can be refunded.',
    });
    expect(refuseRefund(order({ paymentMethod: 'paypal', markupCents: 100 }), chip())).toEqual({
      code: 'CONFLICT',
      message: ORDER_PAID_TO_SELLER_MESSAGE,
    });
    // PayPal without markup went through the platform's account.
    const vaultPurchase = { shippingOption: 'store', status: 'completed', paymentMethod: 'paypal' } as const;
    expect(refuseRefund(order({ ...vaultPurchase, markupCents: 0 }), inVault())).toBeNull();
  });

  test('of a mint only before its chip is made', () => {
    const mint = (o: Partial<OrderRow>) => order({ orderType: 'mint', chipId: null, ...o });
    expect(refuseRefund(mint({ status: 'pending' }), null)).toBeNull();
    expect(refuseRefund(mint({ status: 'processing' }), null)).toBeNull();
    expect(refuseRefund(mint({ status: 'completed' }), null)).toEqual(notRefundable);
    expect(refuseRefund(mint({ status: 'pending', chipId: 1 }), chip())).toEqual(notRefundable);
  });

  test('of a shipment only before it is handed to the carrier, while its chip waits for this buyer', () => {
    const shipping = (o: Partial<OrderRow> = {}) => order({ orderType: 'shipping', ...o });
    expect(refuseRefund(shipping(), chip())).toBeNull();
    expect(refuseRefund(shipping({ status: 'shipped' }), chip())).toEqual(shipped);
    expect(refuseRefund(shipping(), chip({ custody: 'in_transit' }))).toEqual(notRefundable);
    expect(refuseRefund(shipping(), null)).toEqual(notRefundable);
  });

  test("of a purchase only while the buyer's chip sits untouched in the vault", () => {
    const purchase = order({ shippingOption: 'store', status: 'completed' });
    expect(refuseRefund(purchase, inVault())).toBeNull();
    expect(refuseRefund(purchase, chip({ custody: 'in_vault', status: 'active' }))).toEqual(notRefundable);
    expect(refuseRefund(purchase, chip({ custody: 'in_vault', ownerId: 99 }))).toEqual(notRefundable);
    expect(refuseRefund(purchase, null)).toEqual(notRefundable);
    // A vault purchase whose chip is leaving for the buyer (a later shipping order) is that order's.
    expect(refuseRefund(purchase, chip({ custody: 'dispatching' }))).toEqual(notRefundable);
  });

  test('of a purchase to ship until it ships: its chip still waits in the vault for the carrier (issue 28)', () => {
    expect(refuseRefund(order({ status: 'processing' }), chip())).toBeNull();
    expect(refuseRefund(order({ status: 'completed' }), chip())).toBeNull();
    // Not a chip sitting in the vault: a purchase to ship finds it dispatching.
    expect(refuseRefund(order({ status: 'processing' }), inVault())).toEqual(notRefundable);
    expect(refuseRefund(order({ status: 'processing' }), chip({ ownerId: 99 }))).toEqual(notRefundable);
    // Shipped or delivered: the buyer's case decides it, and the admin is told so.
    expect(refuseRefund(order({ status: 'shipped' }), chip({ custody: 'in_transit' }))).toEqual(shipped);
    expect(refuseRefund(order({ status: 'shipped' }), inVault())).toEqual(shipped);
    expect(refuseRefund(order({ status: 'delivered' }), chip({ custody: 'with_owner' }))).toEqual(shipped);
    expect(refuseRefund(order({ orderType: 'mint', status: 'shipped', chipId: 1 }), chip())).toEqual(shipped);
    // Unpaid comes first, whatever the status.
    expect(refuseRefund(order({ status: 'shipped', paymentStatus: 'pending' }), chip())?.message).toBe(
      'Only a paid order can be refunded.',
    );
  });

  test('never of an offline transfer', () => {
    expect(refuseRefund(order({ orderType: 'transfer', status: 'completed' }), inVault())).toEqual(
      notRefundable,
    );
  });
});

describe('the admin moves of an order', () => {
  const none = {
    markProcessing: false,
    createArtchip: false,
    uploadMedia: false,
    markCompleted: false,
    markShipped: false,
    markDelivered: false,
    refund: false,
  };

  test('a paid mint waiting for its chip: mark processing, create it, upload a surprise’s media, refund', () => {
    const mint = order({ orderType: 'mint', status: 'pending', chipId: null, isSurprize: true });
    expect(orderActions(mint, null)).toEqual({
      ...none,
      markProcessing: true,
      createArtchip: true,
      uploadMedia: true,
      refund: true,
    });
    expect(orderActions({ ...mint, status: 'processing', isSurprize: false }, null)).toEqual({
      ...none,
      createArtchip: true,
      refund: true,
    });
    expect(orderActions({ ...mint, paymentStatus: 'pending' }, null)).toEqual(none);
    expect(orderActions({ ...mint, status: 'completed' }, null)).toEqual(none);
  });

  test('a paid shipment: complete or ship it while processing, deliver it once in transit', () => {
    // A bought chip still waiting for the carrier may be cancelled and refunded (issue 28).
    expect(orderActions(order(), chip())).toEqual({
      ...none,
      markCompleted: true,
      markShipped: true,
      refund: true,
    });
    expect(orderActions(order({ status: 'completed' }), chip())).toEqual({
      ...none,
      markShipped: true,
      refund: true,
    });
    expect(orderActions(order({ orderType: 'shipping' }), chip())).toEqual({
      ...none,
      markCompleted: true,
      markShipped: true,
      refund: true,
    });
    expect(orderActions(order({ status: 'shipped' }), chip({ custody: 'in_transit' }))).toEqual({
      ...none,
      markDelivered: true,
    });
    expect(orderActions(order({ status: 'shipped' }), chip({ custody: 'with_owner' }))).toEqual(none);
    // A chip no longer waiting for this buyer is not the order's to ship.
    expect(orderActions(order(), chip({ ownerId: 99 }))).toEqual({ ...none, markCompleted: true });
    expect(orderActions(order({ shippingOption: 'store' }), chip()).markShipped).toBe(false);
    expect(orderActions(order(), null).markShipped).toBe(false);
  });

  test('a minted chip shipped to its buyer is a shipment; an unpaid order allows nothing', () => {
    const minted = order({ orderType: 'mint', status: 'completed', chipId: 1 });
    expect(orderActions(minted, chip()).markShipped).toBe(true);
    expect(orderActions(order({ paymentStatus: 'pending' }), chip())).toEqual(none);
  });

  test('assertOrderMove lets allowed moves through and says why the others are refused', () => {
    expect(() => assertOrderMove(order(), chip(), 'shipped')).not.toThrow();
    expect(() => assertOrderMove(order(), chip(), 'completed')).not.toThrow();
    expect(() => assertOrderMove(order({ paymentStatus: 'pending' }), chip(), 'completed')).toThrow(
      'Only paid orders can change status.',
    );
    expect(() => assertOrderMove(order({ shippingOption: 'store' }), chip(), 'shipped')).toThrow(
      'This order is kept in the vault; there is nothing to ship.',
    );
    expect(() => assertOrderMove(order(), chip({ ownerId: 99 }), 'shipped')).toThrow(
      'This Artchip is no longer waiting to be shipped to this buyer (it was listed or sold since).',
    );
    expect(() => assertOrderMove(order({ status: 'shipped' }), null, 'shipped')).toThrow(
      'An order that is shipped cannot be marked shipped.',
    );
    const mint = order({ orderType: 'mint', status: 'pending', chipId: null });
    expect(() => assertOrderMove(mint, null, 'processing')).not.toThrow();
    expect(() => assertOrderMove(mint, null, 'completed')).toThrow(
      'A mint order is completed by creating its Artchip.',
    );
    expect(() => assertOrderMove(order({ status: 'completed' }), null, 'delivered')).toThrow(
      'An order that is completed cannot be marked delivered.',
    );
  });
});

describe('Pay now', () => {
  const unpaid = order({ status: 'pending', paymentStatus: 'pending' });
  const listed = chip({ status: 'active', ownerId: SELLER, custody: 'in_vault' });
  const args: { isReplaced: boolean; chip: ChipRow | null; now: Date } = {
    isReplaced: false,
    chip: listed,
    now: NOW,
  };

  test('an order waiting for its payment, or cancelled unpaid or failed, may be paid again', () => {
    expect(refusePayAgain(unpaid, args)).toBeNull();
    expect(canPayAgain(unpaid, args)).toBe(true);
    expect(refusePayAgain({ ...unpaid, status: 'cancelled' }, args)).toBeNull();
    expect(refusePayAgain({ ...unpaid, status: 'cancelled', paymentStatus: 'failed' }, args)).toBeNull();
    expect(refusePayAgain({ ...unpaid, orderType: 'mint' }, { ...args, chip: null })).toBeNull();
  });

  test('each reason it may not, in order', () => {
    const refused = (o: Partial<OrderRow>, a: Partial<typeof args> = {}) =>
      refusePayAgain({ ...unpaid, ...o }, { ...args, ...a });
    expect(refused({ paymentStatus: 'completed' })).toEqual({
      code: 'CONFLICT',
      message: ORDER_ALREADY_PAID_MESSAGE,
    });
    expect(refused({ paymentFlagged: 'amount_mismatch' })).toEqual({
      code: 'CONFLICT',
      message: ORDER_PAYMENT_FLAGGED_MESSAGE,
    });
    expect(refused({ orderType: 'shipping' })).toEqual({
      code: 'UNPROCESSABLE',
      message: SHIPPING_ORDER_PAY_AGAIN_MESSAGE,
    });
    expect(refused({ paymentStatus: 'processing' })).toEqual({
      code: 'CONFLICT',
      message: ORDER_PAYMENT_PROCESSING_MESSAGE,
    });
    const notPayable = { code: 'CONFLICT', message: ORDER_NOT_PAYABLE_MESSAGE };
    expect(refused({ status: 'pending', paymentStatus: 'failed' })).toEqual(notPayable);
    expect(refused({ status: 'cancelled', paymentStatus: 'refunded' })).toEqual(notPayable);
    expect(refused({ status: 'processing' })).toEqual(notPayable);
    expect(refused({}, { isReplaced: true })).toEqual({ code: 'CONFLICT', message: ORDER_REPLACED_MESSAGE });
    expect(refused({}, { chip: null })).toEqual({ code: 'NOT_FOUND', message: 'Artchip not found' });
    // A purchase needs its chip still buyable by this buyer.
    expect(refused({}, { chip: { ...listed, status: 'sold' } })?.code).toBe('CONFLICT');
    expect(canPayAgain(unpaid, { ...args, isReplaced: true })).toBe(false);
  });
});

test('a ship-to-me mint listed before it ships gives back its shipping and insurance, and nothing else does', () => {
  const made = order({
    orderType: 'mint',
    status: 'completed',
    shippingOption: 'ship',
    shippingCents: 1000,
    insuranceCents: 23,
  });
  expect(unusedShippingCents(made)).toBe(1023);
  expect(unusedShippingCents({ ...made, insuranceCents: 0 })).toBe(1000);
  expect(unusedShippingCents({ ...made, status: 'shipped' })).toBe(0);
  expect(unusedShippingCents({ ...made, status: 'pending' })).toBe(0);
  expect(unusedShippingCents({ ...made, paymentStatus: 'refunded' })).toBe(0);
  expect(unusedShippingCents({ ...made, shippingOption: 'store' })).toBe(0);
  expect(unusedShippingCents({ ...made, orderType: 'purchase' })).toBe(0);
});
