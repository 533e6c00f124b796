/** What the money tests share: a purchase paid through the API or the one payment path, and the ledger's reconciliation. */
import { expect } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { ReconciliationSchema, type Reconciliation } from '#shared/ledger.schemas.ts';
import type { App } from '#server/app.ts';
import { completeOrderPayment } from '#server/flows/settlement/index.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertOrder, purchaseBody } from '#tests/factories/orders.ts';
import { injectAs } from './app.ts';

/** `token`'s checkout of the chip (vault, card, or `extra`), paid by the demo provider; the order id. */
export async function buyAndPay(
  app: App,
  token: string,
  chipId: number,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const res = await injectAs(app, token, {
    method: 'POST',
    url: '/api/checkout',
    payload: purchaseBody(chipId, extra),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { orderId } = CheckoutResponseSchema.parse(res.json());
  const paid = await injectAs(app, token, { method: 'POST', url: `/api/orders/${orderId}/complete` });
  expect(paid.statusCode, paid.body).toBe(200);
  return orderId;
}

/** GET /api/admin/ledger/reconciliation as the admin `token`. */
export async function readReconciliation(app: App, token: string): Promise<Reconciliation> {
  const res = await injectAs(app, token, { method: 'GET', url: '/api/admin/ledger/reconciliation' });
  expect(res.statusCode).toBe(200);
  return ReconciliationSchema.parse(res.json());
}

let saleKey = 0;

/**
 * A paid vault sale of a new chip of `sellerId` at `cents` by card, through the one payment path
 * (the demo provider's signal, whatever payment providers the app has); the order id.
 */
export async function paidSale(app: App, sellerId: number, buyerId: number, cents: number): Promise<number> {
  const chip = await insertChip(app.db, { creatorId: sellerId, priceCents: cents, highestPriceCents: 0 });
  const order = await insertOrder(app.db, {
    orderType: 'purchase',
    chipId: chip.id,
    sellerId,
    buyerId,
    paymentMethod: 'card',
    shippingOption: 'store',
    basePriceCents: cents,
    totalCents: cents,
  });
  const result = await completeOrderPayment(app, {
    orderId: order.id,
    provider: 'demo',
    eventKey: `paid-sale-${++saleKey}`,
    amountCents: cents,
    currency: 'USD',
  });
  expect(result.outcome).toBe('completed');
  return order.id;
}
