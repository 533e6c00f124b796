/** What the money tests share: a purchase paid through the API, and the ledger's reconciliation. */
import { expect } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { ReconciliationSchema, type Reconciliation } from '#shared/ledger.schemas.ts';
import type { App } from '#server/app.ts';
import { purchaseBody } from '#tests/factories/orders.ts';
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
