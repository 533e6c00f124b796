import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '#server/modules/orders/orders.table.ts';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import {
  ORDER_CANCELLED_UNPAID_NOTE,
  ORDER_REPLACED_NOTE,
  OrderListSchema,
  PAYMENT_PENDING_NOTE,
} from '#shared/orders.schemas.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { purchaseBody } from '#tests/factories/orders.ts';
import { insertUser } from '#tests/factories/users.ts';

describe('one status line per order, from the order and its payment (issue 27)', () => {
  it('a replaced order reads replaced, a cancelled unpaid one cancelled: never "still processing"', async () => {
    const app = await buildTestApp();
    const seller = await insertUser(app.db);
    const chip = await insertChip(app.db, { creatorId: seller.user.id, priceCents: 2500 });
    const buyer = await insertUser(app.db);
    const placed = await injectAs(app, buyer.token, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(chip.id),
    });
    const first = CheckoutResponseSchema.parse(placed.json());
    const myOrders = async () =>
      OrderListSchema.parse(
        (await injectAs(app, buyer.token, { method: 'GET', url: '/api/my-orders' })).json(),
      );
    expect((await myOrders()).find((o) => o.id === first.orderId)?.statusNote).toBe(PAYMENT_PENDING_NOTE);

    // The buyer pays again with Pay now: the old order is cancelled and replaced, its payment still pending.
    const again = await injectAs(app, buyer.token, {
      method: 'POST',
      url: `/api/orders/${first.orderId}/pay`,
      payload: {},
    });
    expect(again.statusCode, again.body).toBe(200);
    const list = await myOrders();
    const old = list.find((o) => o.id === first.orderId)!;
    expect(old).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
    expect(old.statusNote).toBe(ORDER_REPLACED_NOTE);
    expect(old.statusNote).not.toMatch(/processing/i);
    const retry = list.find((o) => o.id === CheckoutResponseSchema.parse(again.json()).orderId)!;
    expect(retry.statusNote).toBe(PAYMENT_PENDING_NOTE);

    // An order cancelled before it was paid (its hold lapsed) says so.
    await app.db
      .update(orders)
      .set({ status: 'cancelled', paymentStatus: 'pending' })
      .where(eq(orders.id, retry.id));
    const lapsed = (await myOrders()).find((o) => o.id === retry.id)!;
    expect(lapsed.statusNote).toBe(ORDER_CANCELLED_UNPAID_NOTE);
  });
});
