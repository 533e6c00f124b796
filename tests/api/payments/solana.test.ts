/**
 * Live token payments against a local fake Solana JSON-RPC node (tests/helpers/fake-solana-rpc.ts):
 * the Solana Pay transfer request, the page's data and QR code, the watcher that finds a transfer by
 * its reference, and every way a transfer can fail to pay. Runs on PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { PaymentsConfigSchema, TokenPaymentSchema } from '#shared/payments.schemas.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { reconcilePendingPayments } from '#server/flows/settlement/payments.service.ts';
import { checkTokenPayments } from '#server/flows/settlement/solana.service.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { randomPubkey, startFakeSolanaRpc, type FakeSolanaRpc } from '#tests/helpers/fake-solana-rpc.ts';
import { insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { purchaseBody, readOrderBooks } from '#tests/factories/orders.ts';

let rpc: FakeSolanaRpc;
beforeAll(async () => {
  rpc = await startFakeSolanaRpc();
});
afterAll(async () => {
  await rpc.close();
});

/** A $25.00 chip bought with the token: 10% off → $22.50 → 22,500 tokens at the $0.001 launch price. */
async function setup(options: { clock?: () => Date } = {}) {
  const app = await buildTestApp({ env: rpc.env, ...options });
  const seller = await insertUser(app.db);
  const chip = await insertChip(app.db, { creatorId: seller.user.id, priceCents: 2500 });
  const buyer = await insertUser(app.db);
  const res = await injectAs(app, buyer.token, {
    method: 'POST',
    url: '/api/checkout',
    payload: purchaseBody(chip.id, { paymentMethod: 'artchip' }),
  });
  expect(res.statusCode).toBe(200);
  const checkout = CheckoutResponseSchema.parse(res.json());
  const reference = new URL(checkout.artchipUrl!, 'http://x').searchParams.get('reference')!;
  return { app, seller, chip, buyer, checkout, reference };
}

const QUOTED_BASE_UNITS = 22_500_000_000n;

describe('token payments with Solana Pay', () => {
  it('answers the token payment page with a fresh reference; the page gets the transfer request', async () => {
    const { app, buyer, checkout, reference } = await setup();
    expect(checkout.summary).toMatchObject({ totalCents: 2250, artchipAmount: '22500.000000' });
    expect(checkout.artchipUrl).toBe(`/token-payment?orderId=${checkout.orderId}&reference=${reference}`);
    expect(checkout.redirectUrl).toBe(checkout.artchipUrl);
    expect(reference).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect((await readOrderBooks(app.db, checkout.orderId)).order.providerRef).toBe(reference);

    const res = await injectAs(app, buyer.token, {
      method: 'GET',
      url: `/api/payments/solana/${checkout.orderId}`,
    });
    expect(res.statusCode).toBe(200);
    const page = TokenPaymentSchema.parse(res.json());
    expect(page).toMatchObject({
      orderId: checkout.orderId,
      reference,
      artchipAmount: '22500.000000',
      totalCents: 2250,
      paymentStatus: 'pending',
      isFlagged: false,
    });
    expect(page.paymentUrl).toBe(
      `solana:${rpc.treasury}?amount=22500&spl-token=${rpc.tokenMint}&reference=${reference}` +
        `&label=Artchip&message=Artchip%20order%20%23${checkout.orderId}&memo=order-${checkout.orderId}`,
    );
    expect(page.quoteExpiresAt).toBe(checkout.summary.quoteExpiresAt);
  });

  it('shows the page and QR code to the buyer or the reference holder only', async () => {
    const { app, checkout, reference } = await setup();
    const guestView = await app.inject({
      method: 'GET',
      url: `/api/payments/solana/${checkout.orderId}?reference=${reference}`,
    });
    expect(guestView.statusCode).toBe(200);
    const stranger = await insertUser(app.db);
    const probe = await injectAs(app, stranger.token, {
      method: 'GET',
      url: `/api/payments/solana/${checkout.orderId}`,
    });
    expect(probe.statusCode).toBe(404);
    const wrongRef = await app.inject({
      method: 'GET',
      url: `/api/payments/solana/${checkout.orderId}?reference=${randomPubkey()}`,
    });
    expect(wrongRef.statusCode).toBe(404);

    const qr = await app.inject({
      method: 'GET',
      url: `/api/payments/solana/${checkout.orderId}/qr.svg?reference=${reference}`,
    });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    expect(qr.body).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(
      (await app.inject({ method: 'GET', url: `/api/payments/solana/${checkout.orderId}/qr.svg` }))
        .statusCode,
    ).toBe(404);
  });

  it('the config says the token method is live and names the mint and treasury', async () => {
    const app = await buildTestApp({ env: rpc.env });
    const config = PaymentsConfigSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/payments/config' })).json(),
    );
    expect(config.methods).toEqual([{ method: 'artchip', mode: 'live', provider: 'solana' }]);
    expect(config.solana).toEqual({ tokenMint: rpc.tokenMint, treasuryWallet: rpc.treasury });
  });

  it('a confirmed transfer found by its reference completes the order, once', async () => {
    const { app, buyer, chip, checkout, reference } = await setup();
    expect(await checkTokenPayments(app)).toBe(0);
    const signature = rpc.transfer({ reference, amountBaseUnits: QUOTED_BASE_UNITS });
    const runs = await Promise.all([
      checkTokenPayments(app),
      checkTokenPayments(app),
      checkTokenPayments(app),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await checkTokenPayments(app)).toBe(0);
    const books = await readOrderBooks(app.db, checkout.orderId);
    expect(books.order).toMatchObject({ paymentStatus: 'completed', paymentFlagged: null });
    expect(books.events).toEqual([
      expect.objectContaining({ provider: 'solana', eventKey: signature, outcome: 'completed' }),
    ]);
    const [sold] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(sold).toMatchObject({ ownerId: buyer.user.id, status: 'sold' });
    const page = TokenPaymentSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/payments/solana/${checkout.orderId}?reference=${reference}`,
        })
      ).json(),
    );
    expect(page.paymentStatus).toBe('completed');
    // The query sent to the node is the one Solana Pay verification needs.
    const getTx = rpc.requests.findLast((r) => r.body.includes('"getTransaction"'))!;
    expect(JSON.parse(getTx.body).params[1]).toEqual({
      encoding: 'jsonParsed',
      maxSupportedTransactionVersion: 0,
      commitment: 'confirmed',
    });
  });

  it('counts a transfer into an existing treasury account by its balance increase', async () => {
    const { app, checkout, reference } = await setup();
    rpc.transfer({ reference, amountBaseUnits: QUOTED_BASE_UNITS, recipientBalanceBefore: 5_000_000_000n });
    expect(await checkTokenPayments(app)).toBe(1);
    expect((await readOrderBooks(app.db, checkout.orderId)).order.paymentStatus).toBe('completed');
  });

  it('a short transfer leaves the order unpaid, flagged, with the event rejected', async () => {
    const { app, chip, checkout, reference } = await setup();
    const signature = rpc.transfer({ reference, amountBaseUnits: QUOTED_BASE_UNITS - 1n });
    expect(await checkTokenPayments(app)).toBe(0);
    expect(await checkTokenPayments(app)).toBe(0);
    const books = await readOrderBooks(app.db, checkout.orderId);
    expect(books.order).toMatchObject({ paymentStatus: 'pending', paymentFlagged: 'short_transfer' });
    expect(books.events).toEqual([
      expect.objectContaining({ eventKey: signature, type: 'payment.rejected', outcome: 'rejected' }),
    ]);
    expect(books.events[0]!.payload).toMatchObject({
      reason: 'short_transfer',
      receivedBaseUnits: '22499999999',
    });
    expect(books.ledger).toHaveLength(0);
    const [row] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(row!.status).toBe('active');
    const page = TokenPaymentSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/payments/solana/${checkout.orderId}?reference=${reference}`,
        })
      ).json(),
    );
    expect(page).toMatchObject({ paymentStatus: 'pending', isFlagged: true });
  });

  it('a transfer of another token, or to another wallet, does not pay the order', async () => {
    const wrongMint = await setup();
    rpc.transfer({
      reference: wrongMint.reference,
      amountBaseUnits: QUOTED_BASE_UNITS,
      mint: randomPubkey(),
    });
    expect(await checkTokenPayments(wrongMint.app)).toBe(0);
    expect((await readOrderBooks(wrongMint.app.db, wrongMint.checkout.orderId)).order).toMatchObject({
      paymentStatus: 'pending',
      paymentFlagged: 'wrong_mint',
    });

    const wrongWallet = await setup();
    rpc.transfer({
      reference: wrongWallet.reference,
      amountBaseUnits: QUOTED_BASE_UNITS,
      recipient: randomPubkey(),
    });
    expect(await checkTokenPayments(wrongWallet.app)).toBe(0);
    expect((await readOrderBooks(wrongWallet.app.db, wrongWallet.checkout.orderId)).order).toMatchObject({
      paymentStatus: 'pending',
      paymentFlagged: 'wrong_recipient',
    });
  });

  it('a failed or unconfirmed transaction is not a payment (yet)', async () => {
    const { app, checkout, reference } = await setup();
    rpc.transfer({ reference, amountBaseUnits: QUOTED_BASE_UNITS, err: { InstructionError: [0, 'Custom'] } });
    rpc.transfer({ reference, amountBaseUnits: QUOTED_BASE_UNITS, confirmationStatus: 'processed' });
    expect(await checkTokenPayments(app)).toBe(0);
    const books = await readOrderBooks(app.db, checkout.orderId);
    expect(books.order).toMatchObject({ paymentStatus: 'pending', paymentFlagged: null });
    expect(books.events).toHaveLength(0);
  });

  it('after a short transfer, a full one still pays; the rejected one is not fetched again', async () => {
    const { app, checkout, reference } = await setup();
    rpc.transfer({ reference, amountBaseUnits: 1n });
    expect(await checkTokenPayments(app)).toBe(0);
    const fetchesBefore = rpc.calls().filter((m) => m === 'getTransaction').length;
    rpc.transfer({ reference, amountBaseUnits: QUOTED_BASE_UNITS });
    expect(await checkTokenPayments(app)).toBe(1);
    expect(rpc.calls().filter((m) => m === 'getTransaction').length - fetchesBefore).toBe(1);
    expect((await readOrderBooks(app.db, checkout.orderId)).order.paymentStatus).toBe('completed');
  });

  it('reconciliation settles a token order through the reference search', async () => {
    let now = new Date();
    const { app, checkout, reference } = await setup({ clock: () => now });
    rpc.transfer({ reference, amountBaseUnits: QUOTED_BASE_UNITS });
    now = new Date(Date.now() + 3 * 60_000);
    expect(await reconcilePendingPayments(app)).toBe(1);
    expect(await checkTokenPayments(app)).toBe(0);
    const books = await readOrderBooks(app.db, checkout.orderId);
    expect(books.order.paymentStatus).toBe('completed');
    expect(books.events).toHaveLength(1);
  });

  it('a payment confirmed after the hold lapsed still settles the (swept) order', async () => {
    let now = new Date();
    const { app, buyer, chip, checkout, reference } = await setup({ clock: () => now });
    now = new Date(Date.now() + 16 * 60_000);
    const { sweepLapsedHolds } = await import('#server/modules/orders/orders.service.ts');
    await sweepLapsedHolds(app);
    expect((await readOrderBooks(app.db, checkout.orderId)).order.status).toBe('cancelled');
    rpc.transfer({ reference, amountBaseUnits: QUOTED_BASE_UNITS });
    expect(await checkTokenPayments(app)).toBe(1);
    const [sold] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(sold).toMatchObject({ ownerId: buyer.user.id, status: 'sold' });
  });
});
