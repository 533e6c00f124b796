// Issue 10: the eight reproductions at the seams between chips, orders and offers, each driven
// through the real routes.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, GUEST_ACCOUNT_EXISTS_MESSAGE } from '#shared/checkout.schemas.ts';
import { ChipSchema, ChipEventSchema } from '#shared/chips.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { OfferSchema } from '#shared/offers.schemas.ts';
import {
  AdminOrderDetailSchema,
  AdminOrderSchema,
  CreateArtchipResponseSchema,
  MyArtchipListSchema,
} from '#shared/orders.schemas.ts';
import { mailOutbox } from '#server/platform/mail/mail.table.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertAddress, insertMedia, mintBody, purchaseBody } from '#tests/factories/orders.ts';

type Session = Awaited<ReturnType<typeof insertUser>>;

async function checkout(app: App, token: string | null, body: Record<string, unknown>) {
  const res = await injectAs(app, token, { method: 'POST', url: '/api/checkout', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return CheckoutResponseSchema.parse(res.json());
}

async function pay(app: App, token: string | null, orderId: number) {
  const res = await injectAs(app, token, { method: 'POST', url: `/api/orders/${orderId}/complete` });
  expect(res.statusCode, res.body).toBe(200);
}

async function readChip(app: App, token: string | null, id: number) {
  const res = await injectAs(app, token, { method: 'GET', url: `/api/artchip/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return ChipSchema.parse(res.json());
}

/** A creator's paid custom mint, made into its chip by the admin. */
async function mintedChip(app: App, creator: Session, adminToken: string, shippingOption: 'ship' | 'store') {
  const image = await insertMedia(app.db, creator.user.id);
  const address = await insertAddress(app.db, creator.user.id);
  const mint = await checkout(
    app,
    creator.token,
    mintBody(image.originalUrl, {
      shippingOption,
      ...(shippingOption === 'ship' ? { shippingAddressId: address.id } : {}),
    }),
  );
  await pay(app, creator.token, mint.orderId);
  const made = await injectAs(app, adminToken, {
    method: 'POST',
    url: `/api/admin/orders/${mint.orderId}/create-artchip`,
    payload: {},
  });
  expect(made.statusCode, made.body).toBe(200);
  return { mintOrderId: mint.orderId, chip: CreateArtchipResponseSchema.parse(made.json()).artchip };
}

async function setup() {
  const app = await buildTestApp();
  const admin = await insertAdmin(app.db);
  const creator = await insertUser(app.db);
  const buyer = await insertUser(app.db);
  return { app, admin, creator, buyer };
}

describe('issue 10: one owner for each lifecycle', () => {
  it('#1 a paid mint marked Processing can still get its chip made', async () => {
    const { app, admin, creator } = await setup();
    const image = await insertMedia(app.db, creator.user.id);
    const mint = await checkout(app, creator.token, mintBody(image.originalUrl));
    await pay(app, creator.token, mint.orderId);
    const processing = await injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/admin/orders/${mint.orderId}/status`,
      payload: { status: 'processing' },
    });
    expect(AdminOrderSchema.parse(processing.json()).actions).toMatchObject({
      createArtchip: true,
      markProcessing: false,
    });
    const made = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/orders/${mint.orderId}/create-artchip`,
      payload: {},
    });
    expect(made.statusCode, made.body).toBe(200);
    const body = CreateArtchipResponseSchema.parse(made.json());
    expect(body.order).toMatchObject({ orderStatus: 'completed', artchipId: body.artchip.id });

    const detail = AdminOrderDetailSchema.parse(
      (await injectAs(app, admin.token, { method: 'GET', url: `/api/admin/orders/${mint.orderId}` })).json(),
    );
    expect(detail.timeline.map((e) => e.type)).toEqual([
      'placed',
      'paid',
      'processing',
      'completed',
      'artchip_created',
    ]);
    expect(detail.timeline[2]!.actorUsername).toBe(admin.user.username);
    expect(detail.item).toMatchObject({ title: 'My Mint', custody: 'in_vault', unitId: body.artchip.unitId });
    expect(detail.payment).toMatchObject({ method: 'artchip', provider: 'demo' });
  });

  it('#2 marking the original ship-to-me mint shipped never moves a chip a buyer bought into the vault', async () => {
    const { app, admin, creator, buyer } = await setup();
    const { mintOrderId, chip } = await mintedChip(app, creator, admin.token, 'ship');
    expect(chip.custody).toBe('dispatching');
    const activated = await injectAs(app, creator.token, {
      method: 'PATCH',
      url: `/api/artchip/${chip.id}/activate`,
      payload: { price: '40.00' },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    // Listing keeps the chip in the vault: the mint's shipment no longer applies.
    expect(ChipSchema.parse(activated.json())).toMatchObject({ status: 'active', custody: 'in_vault' });
    const mintOrder = AdminOrderSchema.parse(
      (await injectAs(app, admin.token, { method: 'GET', url: `/api/admin/orders/${mintOrderId}` })).json(),
    );
    expect(mintOrder.actions.markShipped).toBe(false);

    const purchase = await checkout(app, buyer.token, purchaseBody(chip.id, { shippingOption: 'store' }));
    await pay(app, buyer.token, purchase.orderId);
    const shipMint = await injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/admin/orders/${mintOrderId}/status`,
      payload: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' },
    });
    expect(shipMint.statusCode).toBe(409);
    const bought = await readChip(app, buyer.token, chip.id);
    expect(bought).toMatchObject({
      ownerId: buyer.user.id,
      status: 'sold',
      custody: 'in_vault',
      shippingOption: 'store',
    });
    expect(bought.actions).toMatchObject({ shipToMe: true, list: true });
    const mine = MyArtchipListSchema.parse(
      (await injectAs(app, buyer.token, { method: 'GET', url: '/api/my-artchip' })).json(),
    );
    expect(mine.find((i) => i.artchip?.id === chip.id)).toMatchObject({
      userStatus: 'In Vault',
      canRequestShipping: true,
      canResell: true,
    });
  });

  it('#2 a ship-to-me mint kept by its creator is shipped, then delivered, by its own order', async () => {
    const { app, admin, creator } = await setup();
    const { mintOrderId, chip } = await mintedChip(app, creator, admin.token, 'ship');
    const shipped = await injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/admin/orders/${mintOrderId}/status`,
      payload: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z1' },
    });
    expect(AdminOrderSchema.parse(shipped.json()).actions.markDelivered).toBe(true);
    expect((await readChip(app, creator.token, chip.id)).custody).toBe('in_transit');
    const delivered = await injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/admin/orders/${mintOrderId}/status`,
      payload: { status: 'delivered' },
    });
    expect(AdminOrderSchema.parse(delivered.json()).orderStatus).toBe('delivered');
    const home = await readChip(app, creator.token, chip.id);
    expect(home).toMatchObject({ custody: 'with_owner', shippingOption: 'ship' });
    expect(home.actions).toMatchObject({ activate: false, shipToMe: false, list: false });
    // With its owner and never listed, it still moves like any chip at home (decision 062).
    expect(home.actions).toMatchObject({ transfer: true, handover: true, report: true });
  });

  it('#3 unticking Available on a resale listing unlists it (not sold), and it can be listed again', async () => {
    const { app, creator, buyer } = await setup();
    const chip = await insertChip(app.db, { creatorId: creator.user.id, priceCents: 3000 });
    const purchase = await checkout(app, buyer.token, purchaseBody(chip.id));
    await pay(app, buyer.token, purchase.orderId);
    const resold = await injectAs(app, buyer.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/resell`,
      payload: { priceUsd: '45.00' },
    });
    expect(resold.statusCode, resold.body).toBe(200);
    const unticked = await injectAs(app, buyer.token, {
      method: 'PATCH',
      url: `/api/artchip/${chip.id}/availability`,
      payload: { isAvailable: false },
    });
    expect(ChipSchema.parse(unticked.json())).toMatchObject({ status: 'inactive', isAvailable: false });
    // Its public page does not read as sold: a visitor sees an unlisted chip, without Buy or Offer.
    const visitor = await readChip(app, null, chip.id);
    expect(visitor).toMatchObject({ status: 'inactive', ownerId: buyer.user.id });
    expect(visitor.actions).toMatchObject({ buy: false, offer: false });
    const relisted = await injectAs(app, buyer.token, {
      method: 'PATCH',
      url: `/api/artchip/${chip.id}/availability`,
      payload: { isAvailable: true },
    });
    expect(ChipSchema.parse(relisted.json())).toMatchObject({ status: 'active', priceUsd: '45.00' });
    expect((await readChip(app, null, chip.id)).actions.buy).toBe(true);
  });

  it('#4 the owner opens their own pending chip; its history names them as the minter', async () => {
    const { app, admin, creator } = await setup();
    const { chip } = await mintedChip(app, creator, admin.token, 'store');
    const own = await readChip(app, creator.token, chip.id);
    expect(own).toMatchObject({ status: 'pending', isAvailable: false });
    expect(own.actions).toMatchObject({ activate: true, buy: false, offer: false });
    // Made and not listed yet, it is public, not for sale (decision 062).
    expect(await readChip(app, null, chip.id)).toMatchObject({ status: 'pending', isForSale: false });
    const events = await injectAs(app, creator.token, {
      method: 'GET',
      url: `/api/artchip/${chip.id}/events`,
    });
    const minted = ChipEventSchema.array()
      .parse(events.json())
      .find((e) => e.type === 'minted');
    expect(minted?.actorUsername).toBe(creator.user.username);
  });

  it('#5 when the buyer accepts the counter-offer, the buyer is told to check out and the seller is told it was accepted', async () => {
    const { app, creator, buyer } = await setup();
    const chip = await insertChip(app.db, { creatorId: creator.user.id, priceCents: 5000 });
    const made = await injectAs(app, buyer.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/offers`,
      payload: { amountUsd: '30.00' },
    });
    const offer = OfferSchema.parse(made.json());
    await injectAs(app, creator.token, {
      method: 'POST',
      url: `/api/offers/${offer.id}/counter`,
      payload: { amountUsd: '45.00' },
    });
    await app.db.delete(mailOutbox).where(eq(mailOutbox.template, 'offer-countered'));
    const accepted = await injectAs(app, buyer.token, {
      method: 'POST',
      url: `/api/offers/${offer.id}/accept`,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const mails = await app.db.select().from(mailOutbox);
    const byRecipient = Object.fromEntries(mails.map((m) => [m.to, m]));
    expect(byRecipient[buyer.user.email]).toMatchObject({ template: 'offer-counter-accepted' });
    expect(byRecipient[buyer.user.email]!.text).toContain('Check out within 48 hours');
    expect(byRecipient[creator.user.email]).toMatchObject({ template: 'offer-buyer-accepted' });
    expect(byRecipient[creator.user.email]!.text).not.toContain('Check out within');
    // The accepted offer holds the chip for the buyer: nobody else sees Buy Now.
    expect(await readChip(app, null, chip.id)).toMatchObject({ isReserved: true, actions: { buy: false } });
    expect((await readChip(app, buyer.token, chip.id)).actions.buy).toBe(true);
  });

  it('#6 Make Offer is offered only where it works, and the API refuses the rest without a server error', async () => {
    const { app, creator, buyer } = await setup();
    const sold = await insertChip(app.db, { creatorId: creator.user.id, status: 'sold' });
    const unlisted = await insertChip(app.db, { creatorId: creator.user.id, status: 'inactive' });
    const listed = await insertChip(app.db, { creatorId: creator.user.id });
    for (const [chip, token] of [
      [sold, buyer.token],
      [unlisted, buyer.token],
      [listed, creator.token],
    ] as const) {
      expect((await readChip(app, token, chip.id)).actions.offer).toBe(false);
      const res = await injectAs(app, token, {
        method: 'POST',
        url: `/api/artchip/${chip.id}/offers`,
        payload: { amountUsd: '10.00' },
      });
      expect([403, 409]).toContain(res.statusCode);
      expect(ApiErrorSchema.parse(res.json()).message).toMatch(/offer/);
    }
    expect((await readChip(app, buyer.token, listed.id)).actions.offer).toBe(true);
  });

  it('#7 GET /api/my-artchip answers bought, vaulted and pending-creation items in the shared schema', async () => {
    const { app, creator, buyer } = await setup();
    const chip = await insertChip(app.db, { creatorId: creator.user.id });
    const purchase = await checkout(app, buyer.token, purchaseBody(chip.id));
    await pay(app, buyer.token, purchase.orderId);
    const image = await insertMedia(app.db, buyer.user.id);
    const mint = await checkout(app, buyer.token, mintBody(image.originalUrl));
    await pay(app, buyer.token, mint.orderId);
    const res = await injectAs(app, buyer.token, { method: 'GET', url: '/api/my-artchip' });
    const items = MyArtchipListSchema.parse(res.json());
    expect(items.map((i) => [i.kind, i.userStatus]).sort()).toEqual([
      ['chip', 'In Vault'],
      ['mint', 'Pending Creation'],
    ]);
  });

  // Issue 25 (decision 035): a guest checkout never buys into an existing account, so the returning
  // guest is mailed a link to set a password, and buys once signed in.
  it('#8 a returning guest (password-less account from an earlier guest checkout) is mailed a way back in', async () => {
    const { app, creator } = await setup();
    const first = await insertChip(app.db, { creatorId: creator.user.id });
    const second = await insertChip(app.db, { creatorId: creator.user.id });
    const one = await checkout(app, null, purchaseBody(first.id, { email: 'again@example.com' }));
    expect(one.newAccount).toBe(true);
    const two = await injectAs(app, null, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(second.id, { email: 'again@example.com' }),
    });
    expect(two.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(two.json()).message).toBe(GUEST_ACCOUNT_EXISTS_MESSAGE);
    const [link] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'again@example.com'), eq(mailOutbox.template, 'set-password')));
    expect(link?.text).toContain('/set-password?token=');
    const check = await injectAs(app, null, {
      method: 'POST',
      url: '/api/auth/check-email',
      payload: { email: 'again@example.com' },
    });
    expect(check.statusCode).toBe(200);
    const registered = await insertUser(app.db);
    const third = await insertChip(app.db, { creatorId: creator.user.id });
    const blocked = await injectAs(app, null, {
      method: 'POST',
      url: '/api/checkout',
      payload: purchaseBody(third.id, { email: registered.user.email }),
    });
    expect(blocked.statusCode).toBe(409);
    expect(
      await app.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, 'again@example.com'))),
    ).toBeDefined();
  });
});
