// Issue 28: a ship-to-me mint activated before it ships gets its shipping back. The creator paid for
// a shipment that listing the chip cancels (it stays in our vault to be sold), so the shipping goes
// back through the provider that took it, once, booked out of the ledger and e-mailed (decision 066).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { ChipSchema } from '#shared/chips.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { CreateArtchipResponseSchema } from '#shared/orders.schemas.ts';
import { mailOutbox } from '#server/platform/mail/mail.table.ts';
import { refunds } from '#server/modules/payments/payments.table.ts';
import { commissions } from '#server/modules/affiliates/affiliates.table.ts';
import { setPaymentProviders } from '#server/modules/payments/payments.registry.ts';
import { demoPaymentProvider } from '#server/modules/payments/demo.provider.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { readReconciliation } from '#tests/helpers/money.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertAddress, insertMedia, mintBody, readOrderBooks } from '#tests/factories/orders.ts';

type Session = Awaited<ReturnType<typeof insertUser>>;

/** A creator's paid custom mint (card), shipped to them or kept, made into its chip by the admin. */
async function mintedChip(app: App, creator: Session, adminToken: string, shippingOption: 'ship' | 'store') {
  const image = await insertMedia(app.db, creator.user.id);
  const address = await insertAddress(app.db, creator.user.id);
  const placed = await injectAs(app, creator.token, {
    method: 'POST',
    url: '/api/checkout',
    payload: mintBody(image.originalUrl, {
      paymentMethod: 'card',
      shippingOption,
      ...(shippingOption === 'ship' ? { shippingAddressId: address.id } : {}),
    }),
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const { orderId } = CheckoutResponseSchema.parse(placed.json());
  const paid = await injectAs(app, creator.token, { method: 'POST', url: `/api/orders/${orderId}/complete` });
  expect(paid.statusCode, paid.body).toBe(200);
  const made = await injectAs(app, adminToken, {
    method: 'POST',
    url: `/api/admin/orders/${orderId}/create-artchip`,
    payload: {},
  });
  expect(made.statusCode, made.body).toBe(200);
  return { orderId, chip: CreateArtchipResponseSchema.parse(made.json()).artchip };
}

function activate(app: App, token: string, chipId: number) {
  return injectAs(app, token, {
    method: 'PATCH',
    url: `/api/artchip/${chipId}/activate`,
    payload: { price: '40.00' },
  });
}

async function setup() {
  const app = await buildTestApp();
  const admin = await insertAdmin(app.db);
  const referrer = await insertUser(app.db);
  const creator = await insertUser(app.db, { referredBy: referrer.user.id });
  return { app, admin, creator };
}

describe('a ship-to-me mint listed before it ships', () => {
  it('gets its $10 shipping back once: refunded through the provider, booked, e-mailed; the mint fee stands', async () => {
    const { app, admin, creator } = await setup();
    const { orderId, chip } = await mintedChip(app, creator, admin.token, 'ship');
    expect(chip.custody).toBe('dispatching');

    const res = await activate(app, creator.token, chip.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(ChipSchema.parse(res.json())).toMatchObject({ status: 'active', custody: 'in_vault' });

    const [refund, ...more] = await app.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(more).toHaveLength(0);
    expect(refund).toMatchObject({ reason: 'shipping_unused', amountCents: 1000, status: 'succeeded' });

    const books = await readOrderBooks(app.db, orderId);
    // The mint stays paid and made; only its shipping went back.
    expect(books.order).toMatchObject({ status: 'completed', paymentStatus: 'completed' });
    const sum = (kind: string) =>
      books.lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amountCents, 0);
    expect([sum('payment'), sum('refund'), sum('shipping'), sum('mint_fee')]).toEqual([2500, -1000, 0, 1500]);
    const [commission] = await app.db.select().from(commissions).where(eq(commissions.orderId, orderId));
    expect(commission!.status).toBe('pending');
    expect((await readReconciliation(app, admin.token)).isBalanced).toBe(true);

    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, creator.user.email), eq(mailOutbox.template, 'order-refunded')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('We refunded $10.00');
    expect(mails[0]!.text).toContain('its shipping is not needed');

    // Once: the chip's later moves give nothing more back.
    const unlisted = await injectAs(app, creator.token, {
      method: 'PATCH',
      url: `/api/artchip/${chip.id}/availability`,
      payload: { isAvailable: false },
    });
    expect(unlisted.statusCode, unlisted.body).toBe(200);
    expect((await app.db.select().from(refunds).where(eq(refunds.orderId, orderId))).length).toBe(1);
  });

  it('gives nothing back for a mint kept in the vault, and refuses what activation always refused', async () => {
    const { app, admin, creator } = await setup();
    const { orderId, chip } = await mintedChip(app, creator, admin.token, 'store');
    const stranger = await insertUser(app.db);
    // A made chip is public (decision 062): someone else's is refused, not hidden.
    const notMine = await activate(app, stranger.token, chip.id);
    expect(notMine.statusCode).toBe(403);
    expect((await activate(app, creator.token, chip.id)).statusCode).toBe(200);
    const again = await activate(app, creator.token, chip.id);
    expect(again.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(again.json()).message).toBe('Only pending Artchips can be activated.');
    expect(await app.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(0);
  });

  it('lists the chip even when the provider refuses the refund, which waits, failed, for the refunds job', async () => {
    const { app, admin, creator } = await setup();
    const { orderId, chip } = await mintedChip(app, creator, admin.token, 'ship');
    setPaymentProviders(app, [
      {
        ...demoPaymentProvider,
        refundPayment: () => Promise.reject(new Error('provider is down')),
      },
    ]);
    const res = await activate(app, creator.token, chip.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(ChipSchema.parse(res.json()).status).toBe('active');
    const [refund] = await app.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({ reason: 'shipping_unused', amountCents: 1000, status: 'failed' });
  });
});
