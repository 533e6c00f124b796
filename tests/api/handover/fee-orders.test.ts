// Issue 28, loose end: the fee order of a hand-over or transfer that is cancelled, started again or
// abandoned stayed "pending" in My Orders forever. It is cancelled now (through the order lifecycle), and a
// payment of it that arrives afterwards does not count: it is refunded and moves nothing.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import { sweepLapsedHoldsAndPayments } from '#server/flows/settlement/index.ts';
import { chipEvents, chips } from '#server/modules/chips/chips.table.ts';
import { orderEvents } from '#server/modules/orders/orders.table.ts';
import { WATCH_MAX_AGE_MS } from '#server/modules/payments/index.ts';
import { refunds } from '#server/modules/payments/payments.table.ts';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import {
  ClaimResponseSchema,
  HANDOVER_PAYMENT_TOO_LATE_MESSAGE,
  StartHandoverResponseSchema,
} from '#shared/handovers.schemas.ts';
import {
  NO_TRANSFER_TO_CANCEL_MESSAGE,
  ORDER_CANCELLED_UNPAID_NOTE,
  OrderListSchema,
  TRANSFER_WITHDRAWN_MESSAGE,
  TransferCancellationSchema,
} from '#shared/orders.schemas.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertNfcTag, type TagKeys, tapChip } from '#tests/factories/nfc.ts';
import { insertUser } from '#tests/factories/users.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';

type Clock = { now: Date };
type Session = { token: string; user: { id: number; username: string } };

/** An owner holding a tagged chip (sold before at $50: a $15 fee), a holder and a friend; the app's clock moves. */
async function setUp() {
  const clock: Clock = { now: new Date() };
  const app = await buildTestApp({ clock: () => clock.now });
  const owner = await insertUser(app.db);
  const holder = await insertUser(app.db);
  const friend = await insertUser(app.db);
  const chip = await insertChip(app.db, {
    creatorId: owner.user.id,
    status: 'sold',
    custody: 'with_owner',
    priceCents: 5000,
    highestPriceCents: 5000,
  });
  const tag = await insertNfcTag(app, chip.id);
  return { app, clock, owner, holder, friend, chip, tag };
}

/** The owner opens a handover from their own fresh tap (decision 038). */
async function openByTap(
  app: App,
  owner: Session,
  chipId: number,
  tag: TagKeys,
  counter: number,
  payload: object,
) {
  const ownerTap = await tapChip(app, tag, counter, owner.token);
  const res = await injectAs(app, owner.token, {
    method: 'POST',
    url: `/api/artchip/${chipId}/handover`,
    payload: { ...payload, tapToken: ownerTap.handoverTap!.token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return StartHandoverResponseSchema.parse(res.json());
}

function cancelHandover(app: App, owner: Session, chipId: number) {
  return injectAs(app, owner.token, { method: 'DELETE', url: `/api/artchip/${chipId}/handover` });
}

async function transfer(app: App, owner: Session, chipId: number, recipient: string) {
  const res = await injectAs(app, owner.token, {
    method: 'POST',
    url: `/api/artchip/${chipId}/transfer`,
    payload: { recipient },
  });
  expect(res.statusCode, res.body).toBe(200);
  return CheckoutResponseSchema.parse(res.json());
}

function pay(app: App, token: string, orderId: number) {
  return injectAs(app, token, { method: 'POST', url: `/api/orders/${orderId}/complete` });
}

/** The order as its buyer sees it in My Orders. */
async function myOrder(app: App, buyer: Session, orderId: number) {
  const res = await injectAs(app, buyer.token, { method: 'GET', url: '/api/my-orders' });
  expect(res.statusCode).toBe(200);
  return OrderListSchema.parse(res.json()).find((o) => o.id === orderId);
}

async function refundsOf(app: App, orderId: number) {
  return app.db.select().from(refunds).where(eq(refunds.orderId, orderId));
}

async function ownerOf(app: App, chipId: number) {
  const [row] = await app.db.select().from(chips).where(eq(chips.id, chipId));
  return row!.ownerId;
}

describe('fee orders of hand-overs (issue 28)', () => {
  it('the owner cancelling a handover waiting for their fee cancels its fee order; paid late, it is refunded', async () => {
    const { app, owner, chip, tag } = await setUp();
    const started = await openByTap(app, owner, chip.id, tag, 1, { feePaidBy: 'owner' });
    expect(started.handover.status).toBe('awaiting_fee');
    expect(await myOrder(app, owner, started.orderId!)).toMatchObject({ status: 'pending' });

    const cancelled = await cancelHandover(app, owner, chip.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await myOrder(app, owner, started.orderId!)).toMatchObject({ status: 'cancelled' });

    const late = await pay(app, owner.token, started.orderId!);
    expect(late.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(late.json()).message).toBe(HANDOVER_PAYMENT_TOO_LATE_MESSAGE);
    expect(await refundsOf(app, started.orderId!)).toHaveLength(1);
    expect(await myOrder(app, owner, started.orderId!)).toMatchObject({ status: 'cancelled' });
  });

  it('the owner cancelling an open handover cancels the fee order its claimant has not paid', async () => {
    const { app, owner, holder, chip, tag } = await setUp();
    await openByTap(app, owner, chip.id, tag, 1, { feePaidBy: 'claimant' });
    const fresh = await tapChip(app, tag, 2);
    const claimed = await injectAs(app, holder.token, {
      method: 'POST',
      url: '/api/artchip/claim',
      payload: { token: fresh.claim!.token },
    });
    const { orderId } = ClaimResponseSchema.parse(claimed.json());
    expect(await myOrder(app, holder, orderId!)).toMatchObject({ status: 'pending' });

    expect((await cancelHandover(app, owner, chip.id)).statusCode).toBe(200);
    expect(await myOrder(app, holder, orderId!)).toMatchObject({ status: 'cancelled' });
  });

  it('starting again replaces the handover waiting for its fee, and cancels that fee order', async () => {
    const { app, owner, chip, tag } = await setUp();
    const first = await openByTap(app, owner, chip.id, tag, 1, { feePaidBy: 'owner' });
    const second = await openByTap(app, owner, chip.id, tag, 2, { feePaidBy: 'owner' });
    expect(await myOrder(app, owner, first.orderId!)).toMatchObject({ status: 'cancelled' });
    expect(await myOrder(app, owner, second.orderId!)).toMatchObject({ status: 'pending' });
    // The new one still pays and opens.
    expect((await pay(app, owner.token, second.orderId!)).statusCode).toBe(200);
    expect(await myOrder(app, owner, second.orderId!)).toMatchObject({ status: 'completed' });
  });
});

describe('fee orders of transfers (issue 28)', () => {
  it('a new transfer of the chip replaces the unpaid one: cancelled, and paid late it is refunded and moves nothing', async () => {
    const { app, owner, holder, friend, chip } = await setUp();
    const first = await transfer(app, owner, chip.id, friend.user.username);
    const second = await transfer(app, owner, chip.id, holder.user.username);
    // Cancelled, said so, and nothing to pay in My Orders.
    expect(await myOrder(app, owner, first.orderId)).toMatchObject({
      status: 'cancelled',
      statusNote: ORDER_CANCELLED_UNPAID_NOTE,
      canPayNow: false,
    });
    expect(await myOrder(app, owner, second.orderId)).toMatchObject({ status: 'pending' });

    const late = await pay(app, owner.token, first.orderId);
    expect(late.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(late.json()).message).toBe(TRANSFER_WITHDRAWN_MESSAGE);
    expect(await refundsOf(app, first.orderId)).toHaveLength(1);
    expect(await ownerOf(app, chip.id)).toBe(owner.user.id);

    expect((await pay(app, owner.token, second.orderId)).statusCode).toBe(200);
    expect(await ownerOf(app, chip.id)).toBe(holder.user.id);
  });

  it('a transfer whose fee is never paid is cancelled once its payment can no longer arrive, and a payment after that is refunded', async () => {
    const { app, clock, owner, friend, chip } = await setUp();
    const placed = await transfer(app, owner, chip.id, friend.user.username);

    // Still inside the window a slow payment may take: left alone.
    clock.now = new Date(clock.now.getTime() + WATCH_MAX_AGE_MS - 60_000);
    await sweepLapsedHoldsAndPayments(app);
    expect(await myOrder(app, owner, placed.orderId)).toMatchObject({ status: 'pending' });

    clock.now = new Date(clock.now.getTime() + 2 * 60_000);
    await sweepLapsedHoldsAndPayments(app);
    expect(await myOrder(app, owner, placed.orderId)).toMatchObject({ status: 'cancelled' });

    const late = await pay(app, owner.token, placed.orderId);
    expect(late.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(late.json()).message).toBe(TRANSFER_WITHDRAWN_MESSAGE);
    expect(await refundsOf(app, placed.orderId)).toHaveLength(1);
    expect(await ownerOf(app, chip.id)).toBe(owner.user.id);
    const moved = await app.db
      .select()
      .from(chipEvents)
      .where(and(eq(chipEvents.chipId, chip.id), eq(chipEvents.type, 'transferred')));
    expect(moved).toHaveLength(0);
  });

  it('a paid transfer is never swept, and a transfer paid in time still hands the chip on', async () => {
    const { app, clock, owner, friend, chip } = await setUp();
    const placed = await transfer(app, owner, chip.id, friend.user.username);
    expect((await pay(app, owner.token, placed.orderId)).statusCode).toBe(200);
    clock.now = new Date(clock.now.getTime() + 2 * WATCH_MAX_AGE_MS);
    await sweepLapsedHoldsAndPayments(app);
    expect(await myOrder(app, owner, placed.orderId)).toMatchObject({ status: 'completed' });
    expect(await ownerOf(app, chip.id)).toBe(friend.user.id);
  });
});

function cancelTransfer(app: App, token: string | null, chipId: number) {
  return injectAs(app, token, { method: 'DELETE', url: `/api/artchip/${chipId}/transfer` });
}

describe('DELETE /api/artchip/:id/transfer: the owner cancels a transfer before its fee is paid', () => {
  it('cancels its fee order, keeps the chip theirs, and refunds a payment of it that arrives later', async () => {
    const { app, owner, friend, chip } = await setUp();
    const placed = await transfer(app, owner, chip.id, friend.user.username);
    expect(await myOrder(app, owner, placed.orderId)).toMatchObject({ canCancelTransfer: true });

    const res = await cancelTransfer(app, owner.token, chip.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(TransferCancellationSchema.parse(res.json())).toEqual({ cancelledOrderIds: [placed.orderId] });
    expect(await myOrder(app, owner, placed.orderId)).toMatchObject({
      status: 'cancelled',
      statusNote: ORDER_CANCELLED_UNPAID_NOTE,
      canPayNow: false,
      canCancelTransfer: false,
    });
    const steps = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, placed.orderId));
    expect(steps.find((e) => e.type === 'cancelled')?.data).toMatchObject({ reason: 'transfer_cancelled' });

    const late = await pay(app, owner.token, placed.orderId);
    expect(late.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(late.json()).message).toBe(TRANSFER_WITHDRAWN_MESSAGE);
    expect(await refundsOf(app, placed.orderId)).toHaveLength(1);
    expect(await ownerOf(app, chip.id)).toBe(owner.user.id);

    // Nothing waits any more; the owner may start a new transfer, which pays and moves the chip.
    const again = await cancelTransfer(app, owner.token, chip.id);
    expect(again.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(again.json()).message).toBe(NO_TRANSFER_TO_CANCEL_MESSAGE);
    const next = await transfer(app, owner, chip.id, friend.user.username);
    expect((await pay(app, owner.token, next.orderId)).statusCode).toBe(200);
    expect(await ownerOf(app, chip.id)).toBe(friend.user.id);
  });

  it('is refused once the fee is paid: the chip has moved, and nothing is cancelled or refunded', async () => {
    const { app, owner, friend, chip } = await setUp();
    const placed = await transfer(app, owner, chip.id, friend.user.username);
    expect((await pay(app, owner.token, placed.orderId)).statusCode).toBe(200);
    expect(await myOrder(app, owner, placed.orderId)).toMatchObject({ canCancelTransfer: false });
    // No longer the owner's chip: it reads as not found to them.
    expect((await cancelTransfer(app, owner.token, chip.id)).statusCode).toBe(404);
    expect(await myOrder(app, owner, placed.orderId)).toMatchObject({ status: 'completed' });
    expect(await refundsOf(app, placed.orderId)).toHaveLength(0);
    expect(await ownerOf(app, chip.id)).toBe(friend.user.id);
  });

  it('answers only the owner: a visitor must sign in, the recipient or anyone else reads not found', async () => {
    const { app, owner, friend, holder, chip } = await setUp();
    const placed = await transfer(app, owner, chip.id, friend.user.username);
    expect((await cancelTransfer(app, null, chip.id)).statusCode).toBe(401);
    expect((await cancelTransfer(app, friend.token, chip.id)).statusCode).toBe(404);
    expect((await cancelTransfer(app, holder.token, chip.id)).statusCode).toBe(404);
    expect(
      (await injectAs(app, owner.token, { method: 'DELETE', url: '/api/artchip/abc/transfer' })).statusCode,
    ).toBe(400);
    expect(await myOrder(app, owner, placed.orderId)).toMatchObject({ status: 'pending' });
  });

  it('with no transfer waiting, says so (409) and changes nothing', async () => {
    const { app, owner, chip } = await setUp();
    const res = await cancelTransfer(app, owner.token, chip.id);
    expect(res.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(res.json()).message).toBe(NO_TRANSFER_TO_CANCEL_MESSAGE);
  });
});
