// Issue 15: hand over by tap. The owner of a chip that is with them opens a handover; a fresh authentic
// tap (simulated with the tag's keys and an advancing counter) gives the holder a claim token; claiming
// makes them the owner once the transfer fee is paid, with provenance "handed over, claimed by tap".
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import { chipEvents, chips } from '#server/modules/chips/chips.table.ts';
import { chipHandovers } from '#server/modules/chips/handovers.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { refunds } from '#server/modules/payments/payments.table.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import {
  CLAIM_EXPIRED_MESSAGE,
  CLAIM_INVALID_MESSAGE,
  CLAIM_NOT_FRESH_MESSAGE,
  CLAIM_OWN_MESSAGE,
  CLAIM_USED_MESSAGE,
  ClaimPreviewSchema,
  ClaimResponseSchema,
  HANDOVER_ALREADY_OPEN_MESSAGE,
  HANDOVER_NO_TAG_MESSAGE,
  HANDOVER_NONE_OPEN_MESSAGE,
  HANDOVER_NOT_WITH_OWNER_MESSAGE,
  HANDOVER_PAYMENT_TOO_LATE_MESSAGE,
  HANDOVER_TAP_EXPIRED_MESSAGE,
  HANDOVER_TAP_INVALID_MESSAGE,
  HANDOVER_TAP_REQUIRED_MESSAGE,
  HANDOVER_TAP_USED_MESSAGE,
  HandoverEnvelopeSchema,
  StartHandoverResponseSchema,
} from '#shared/handovers.schemas.ts';
import { TapResultSchema } from '#shared/nfc.schemas.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { makeSunTapQuery } from '#tests/helpers/sun-tap.ts';
import { insertNfcTag, type TagKeys, tapChip } from '#tests/factories/nfc.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertUser } from '#tests/factories/users.ts';

type Clock = { now: Date };

/** An owner holding a chip (bought before at $50, so the fee is 30 % of $50 = $15) with a tag, and a holder. */
async function setUp(overrides: Parameters<typeof insertChip>[1] = {}) {
  const clock: Clock = { now: new Date() };
  const app = await buildTestApp({ clock: () => clock.now });
  const owner = await insertUser(app.db);
  const holder = await insertUser(app.db);
  const chip = await insertChip(app.db, {
    creatorId: owner.user.id,
    status: 'sold',
    custody: 'with_owner',
    priceCents: 5000,
    highestPriceCents: 5000,
    ...overrides,
  });
  const tag = await insertNfcTag(app, chip.id);
  return { app, clock, owner, holder, chip, tag };
}

async function tapUrl(app: App, query: string, token?: string) {
  const res = await injectAs(app, token, { method: 'GET', url: `/api/artchip/tap?${query}` });
  return TapResultSchema.parse(res.json());
}

function startHandover(app: App, token: string | null, chipId: number, payload: object) {
  return injectAs(app, token, { method: 'POST', url: `/api/artchip/${chipId}/handover`, payload });
}

/** The owner taps the chip signed in and opens the handover from that tap, as the tap page does (decision 038). */
async function openByTap(
  app: App,
  owner: { token: string },
  chipId: number,
  tag: TagKeys,
  counter: number,
  payload: object,
) {
  const ownerTap = await tapChip(app, tag, counter, owner.token);
  expect(ownerTap.handoverTap, 'the owner’s tap offers to hand over').not.toBeNull();
  return startHandover(app, owner.token, chipId, { ...payload, tapToken: ownerTap.handoverTap!.token });
}

function claim(app: App, token: string | null, claimToken: unknown) {
  return injectAs(app, token, { method: 'POST', url: '/api/artchip/claim', payload: { token: claimToken } });
}

function pay(app: App, token: string, orderId: number) {
  return injectAs(app, token, { method: 'POST', url: `/api/orders/${orderId}/complete` });
}

async function readChip(app: App, chipId: number) {
  const [row] = await app.db.select().from(chips).where(eq(chips.id, chipId));
  return row!;
}

async function handedOverEvents(app: App, chipId: number) {
  return app.db
    .select()
    .from(chipEvents)
    .where(and(eq(chipEvents.chipId, chipId), eq(chipEvents.type, 'handed_over')));
}

function errorOf(res: { json: () => unknown }) {
  return ApiErrorSchema.parse(res.json());
}

describe('hand over by tap', () => {
  it('claimant pays: handover → fresh tap → claim → paid → new owner, with the provenance event', async () => {
    const { app, owner, holder, chip, tag } = await setUp();
    // A tap before the handover moves the counter to 2; the owner's tap that opens it, to 3.
    expect((await tapChip(app, tag, 2)).claim).toBeNull();

    const started = await openByTap(app, owner, chip.id, tag, 3, { feePaidBy: 'claimant' });
    expect(started.statusCode, started.body).toBe(200);
    const body = StartHandoverResponseSchema.parse(started.json());
    expect(body.handover).toMatchObject({ chipId: chip.id, status: 'open', feePaidBy: 'claimant' });
    expect(body.orderId).toBeUndefined();

    const fresh = await tapChip(app, tag, 4);
    expect(fresh.status).toBe('authentic');
    expect(fresh.claim).toMatchObject({ feePaidBy: 'claimant' });
    expect(new Date(fresh.claim!.expiresAt).getTime()).toBeGreaterThan(Date.now());

    const claimed = await claim(app, holder.token, fresh.claim!.token);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const answer = ClaimResponseSchema.parse(claimed.json());
    expect(answer.handover.status).toBe('awaiting_payment');
    expect(answer.summary?.totalCents).toBe(1500);
    expect(answer.redirectUrl).toContain('/payment-processing');
    expect(answer.ownerId).toBe(owner.user.id);
    // Unpaid: nothing has moved yet.
    expect((await readChip(app, chip.id)).ownerId).toBe(owner.user.id);

    expect((await pay(app, holder.token, answer.orderId!)).statusCode).toBe(200);
    expect((await readChip(app, chip.id)).ownerId).toBe(holder.user.id);
    const [event] = await handedOverEvents(app, chip.id);
    expect(event).toMatchObject({
      orderId: answer.orderId,
      actorUserId: holder.user.id,
      data: { fromUserId: owner.user.id, toUserId: holder.user.id, feeCents: 1500, claimedByTap: true },
    });
    const [handover] = await app.db.select().from(chipHandovers).where(eq(chipHandovers.chipId, chip.id));
    expect(handover).toMatchObject({ status: 'claimed', claimantId: holder.user.id });
    // The public provenance lists it.
    const events = await app.inject({ method: 'GET', url: `/api/artchip/${chip.id}/events` });
    expect(events.json()).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'handed_over' })]));
  });

  it('owner pays now: a checkout answer, the handover opens once paid, and the claim moves the chip at once', async () => {
    const { app, owner, holder, chip, tag } = await setUp();
    const started = await openByTap(app, owner, chip.id, tag, 1, { feePaidBy: 'owner' });
    expect(started.statusCode, started.body).toBe(200);
    const body = StartHandoverResponseSchema.parse(started.json());
    expect(body.handover.status).toBe('awaiting_fee');
    expect(body.summary?.totalCents).toBe(1500);
    expect(body.redirectUrl).toContain('/payment-processing');

    // Until the fee is paid, a tap claims nothing.
    expect((await tapChip(app, tag, 2)).claim).toBeNull();
    expect((await pay(app, owner.token, body.orderId!)).statusCode).toBe(200);
    const live = await injectAs(app, owner.token, { method: 'GET', url: `/api/artchip/${chip.id}/handover` });
    expect(HandoverEnvelopeSchema.parse(live.json()).handover?.status).toBe('open');

    const fresh = await tapChip(app, tag, 3);
    const claimed = await claim(app, holder.token, fresh.claim!.token);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const answer = ClaimResponseSchema.parse(claimed.json());
    expect(answer).toMatchObject({ ownerId: holder.user.id, handover: { status: 'claimed' } });
    expect(answer.orderId).toBeUndefined();
    expect(answer.chipPath).toContain(chip.slug);
    expect((await readChip(app, chip.id)).ownerId).toBe(holder.user.id);
    expect(await handedOverEvents(app, chip.id)).toHaveLength(1);
  });

  it('a tap from before the handover, a replayed URL and a second claim with the same tap all fail clearly', async () => {
    const { app, owner, holder, chip, tag } = await setUp();
    const before = makeSunTapQuery({ ...tag, counter: 5 });
    const ownerTap = await tapUrl(app, before, owner.token);
    expect(ownerTap.status).toBe('authentic');
    const opened = { feePaidBy: 'owner', tapToken: ownerTap.handoverTap!.token };
    await startHandover(app, owner.token, chip.id, opened).then(async (res) =>
      pay(app, owner.token, StartHandoverResponseSchema.parse(res.json()).orderId!),
    );

    // The tap made before the handover started: no claim, and it says why.
    const old = await tapUrl(app, before);
    expect(old).toMatchObject({ status: 'repeated', claim: null, claimMessage: CLAIM_NOT_FRESH_MESSAGE });

    // A fresh tap claims; its URL replayed gets no new token.
    const freshUrl = makeSunTapQuery({ ...tag, counter: 6 });
    const fresh = await tapUrl(app, freshUrl);
    expect(fresh.claim).not.toBeNull();
    const replayed = await tapUrl(app, freshUrl);
    expect(replayed).toMatchObject({
      status: 'repeated',
      claim: null,
      claimMessage: CLAIM_NOT_FRESH_MESSAGE,
    });

    const other = await insertUser(app.db);
    expect((await claim(app, holder.token, fresh.claim!.token)).statusCode).toBe(200);
    const second = await claim(app, other.token, fresh.claim!.token);
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).message).toBe(CLAIM_USED_MESSAGE);
    expect((await readChip(app, chip.id)).ownerId).toBe(holder.user.id);
  });

  it('two claims at once with two fresh taps: exactly one wins', async () => {
    const { app, owner, holder, chip, tag } = await setUp();
    const res = await openByTap(app, owner, chip.id, tag, 9, { feePaidBy: 'owner' });
    await pay(app, owner.token, StartHandoverResponseSchema.parse(res.json()).orderId!);
    const other = await insertUser(app.db);
    const a = await tapChip(app, tag, 10);
    const b = await tapChip(app, tag, 11);
    const results = await Promise.all([
      claim(app, holder.token, a.claim!.token),
      claim(app, other.token, b.claim!.token),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results[0]?.statusCode === 200 ? holder : other;
    expect((await readChip(app, chip.id)).ownerId).toBe(winner.user.id);
    expect(await handedOverEvents(app, chip.id)).toHaveLength(1);
  });

  it('the same token claimed twice at once: exactly one wins', async () => {
    const { app, owner, holder, chip, tag } = await setUp();
    await openByTap(app, owner, chip.id, tag, 1, { feePaidBy: 'claimant' });
    const fresh = await tapChip(app, tag, 2);
    const results = await Promise.all([
      claim(app, holder.token, fresh.claim!.token),
      claim(app, holder.token, fresh.claim!.token),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await app.db.select().from(orders).where(eq(orders.chipId, chip.id))).toHaveLength(1);
  });

  it('refuses an expired token, an unknown one, and the owner claiming their own chip', async () => {
    const { app, clock, owner, holder, chip, tag } = await setUp();
    await openByTap(app, owner, chip.id, tag, 1, { feePaidBy: 'claimant' });
    const own = await tapChip(app, tag, 2);
    const mine = await claim(app, owner.token, own.claim!.token);
    expect(mine.statusCode).toBe(422);
    expect(errorOf(mine).message).toBe(CLAIM_OWN_MESSAGE);

    const fresh = await tapChip(app, tag, 3);
    clock.now = new Date(clock.now.getTime() + 11 * 60 * 1000);
    const late = await claim(app, holder.token, fresh.claim!.token);
    expect(late.statusCode).toBe(410);
    expect(errorOf(late).message).toBe(CLAIM_EXPIRED_MESSAGE);

    const unknown = await claim(app, holder.token, 'not-a-real-token');
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toBe(CLAIM_INVALID_MESSAGE);
  });

  it('a cancelled handover gives no claim, and an issued token no longer claims', async () => {
    const { app, owner, holder, chip, tag } = await setUp();
    await openByTap(app, owner, chip.id, tag, 1, { feePaidBy: 'claimant' });
    const fresh = await tapChip(app, tag, 2);
    const cancelled = await injectAs(app, owner.token, {
      method: 'DELETE',
      url: `/api/artchip/${chip.id}/handover`,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(HandoverEnvelopeSchema.parse(cancelled.json()).handover?.status).toBe('cancelled');
    expect((await tapChip(app, tag, 3)).claim).toBeNull();
    const late = await claim(app, holder.token, fresh.claim!.token);
    expect(late.statusCode).toBe(409);
    const again = await injectAs(app, owner.token, {
      method: 'DELETE',
      url: `/api/artchip/${chip.id}/handover`,
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(HANDOVER_NONE_OPEN_MESSAGE);
  });

  it('a claimant who does not pay is refunded once the owner cancels', async () => {
    const { app, owner, holder, chip, tag } = await setUp();
    await openByTap(app, owner, chip.id, tag, 1, { feePaidBy: 'claimant' });
    const fresh = await tapChip(app, tag, 2);
    const answer = ClaimResponseSchema.parse((await claim(app, holder.token, fresh.claim!.token)).json());
    await injectAs(app, owner.token, { method: 'DELETE', url: `/api/artchip/${chip.id}/handover` });
    await pay(app, holder.token, answer.orderId!);
    expect((await readChip(app, chip.id)).ownerId).toBe(owner.user.id);
    expect(await handedOverEvents(app, chip.id)).toHaveLength(0);
    const refunded = await app.db.select().from(refunds).where(eq(refunds.orderId, answer.orderId!));
    expect(refunded).toHaveLength(1);
  });

  it('an owner who left the fee’s payment page starts again; the first fee, paid late, is refunded', async () => {
    const { app, owner, holder, chip, tag } = await setUp();
    const first = StartHandoverResponseSchema.parse(
      (await openByTap(app, owner, chip.id, tag, 1, { feePaidBy: 'owner' })).json(),
    );
    expect(first.handover.status).toBe('awaiting_fee');

    // Starting again (from a new tap) replaces the handover still waiting for its fee, whoever pays this time.
    const again = await openByTap(app, owner, chip.id, tag, 2, { feePaidBy: 'claimant' });
    expect(again.statusCode, again.body).toBe(200);
    const second = StartHandoverResponseSchema.parse(again.json());
    expect(second.handover).toMatchObject({ status: 'open' });
    expect(second.handover.id).not.toBe(first.handover.id);
    const [replaced] = await app.db
      .select()
      .from(chipHandovers)
      .where(eq(chipHandovers.id, first.handover.id));
    expect(replaced!.status).toBe('cancelled');

    // The first fee order paid late opens nothing and goes back to the owner.
    const late = await pay(app, owner.token, first.orderId!);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(HANDOVER_PAYMENT_TOO_LATE_MESSAGE);
    const back = await app.db.select().from(refunds).where(eq(refunds.orderId, first.orderId!));
    expect(back).toHaveLength(1);
    const live = await injectAs(app, owner.token, { method: 'GET', url: `/api/artchip/${chip.id}/handover` });
    expect(HandoverEnvelopeSchema.parse(live.json()).handover).toMatchObject({
      id: second.handover.id,
      status: 'open',
    });

    // An open handover is not replaced: the owner cancels it first.
    const third = await startHandover(app, owner.token, chip.id, { feePaidBy: 'owner' });
    expect(third.statusCode).toBe(409);
    expect(errorOf(third).message).toBe(HANDOVER_ALREADY_OPEN_MESSAGE);

    // The claim still works on the handover that is open.
    const claimed = await claim(app, holder.token, (await tapChip(app, tag, 3)).claim!.token);
    expect(claimed.statusCode, claimed.body).toBe(200);
  });

  describe('a handover opens from its owner’s fresh tap (issue 25, finding 5; decision 038)', () => {
    it('a tap read before the owner opened it but never sent claims nothing; a tap after the owner’s claims', async () => {
      const { app, owner, holder, chip, tag } = await setUp();
      // Someone who held the chip once (a lender, a repairer) read it with an NFC reader app and kept the URL.
      const kept = makeSunTapQuery({ ...tag, counter: 7 });
      // The owner, signed in, taps it (counter 8) and opens the handover from that tap.
      const opened = await openByTap(app, owner, chip.id, tag, 8, { feePaidBy: 'claimant' });
      expect(opened.statusCode, opened.body).toBe(200);
      const [row] = await app.db.select().from(chipHandovers).where(eq(chipHandovers.chipId, chip.id));
      expect(row!.startCounter).toBe(8);

      const stale = await tapUrl(app, kept);
      expect(stale).toMatchObject({ claim: null, claimMessage: CLAIM_NOT_FRESH_MESSAGE });

      const fresh = await tapChip(app, tag, 9);
      expect(fresh.claim).not.toBeNull();
      const claimed = await claim(app, holder.token, fresh.claim!.token);
      expect(claimed.statusCode, claimed.body).toBe(200);
      expect(ClaimResponseSchema.parse(claimed.json()).handover.status).toBe('awaiting_payment');
    });

    it('only the signed-in owner’s fresh tap offers to hand over, and only the owner can use it', async () => {
      const { app, owner, holder, chip, tag } = await setUp();
      expect((await tapChip(app, tag, 1)).handoverTap).toBeNull();
      expect((await tapChip(app, tag, 2, holder.token)).handoverTap).toBeNull();
      const ownTapUrl = makeSunTapQuery({ ...tag, counter: 3 });
      const ownTap = await tapUrl(app, ownTapUrl, owner.token);
      expect(ownTap.handoverTap).not.toBeNull();
      // The same URL again is not a fresh tap.
      expect(await tapUrl(app, ownTapUrl, owner.token)).toMatchObject({
        status: 'repeated',
        handoverTap: null,
      });
      // Someone else holding the owner's token cannot open a handover of a chip that is not theirs.
      const stolen = await startHandover(app, holder.token, chip.id, {
        feePaidBy: 'claimant',
        tapToken: ownTap.handoverTap!.token,
      });
      expect(stolen.statusCode).toBe(404);
      expect(await app.db.select().from(chipHandovers)).toHaveLength(0);
    });

    it('refuses to open without a tap, or with a tap that is unknown, of another chip or tag, expired or used', async () => {
      const { app, clock, owner, chip, tag } = await setUp();
      const open = (tapToken?: string) =>
        startHandover(app, owner.token, chip.id, { feePaidBy: 'claimant', tapToken });

      const none = await open();
      expect(none.statusCode).toBe(422);
      expect(errorOf(none).message).toBe(HANDOVER_TAP_REQUIRED_MESSAGE);
      const madeUp = await open('not-a-real-token');
      expect(madeUp.statusCode).toBe(400);
      expect(errorOf(madeUp).message).toBe(HANDOVER_TAP_INVALID_MESSAGE);

      // The owner's tap of another of their chips.
      const other = await insertChip(app.db, {
        creatorId: owner.user.id,
        status: 'sold',
        custody: 'with_owner',
      });
      const otherTag = await insertNfcTag(app, other.id);
      const otherTap = await tapChip(app, otherTag, 1, owner.token);
      const wrongChip = await open(otherTap.handoverTap!.token);
      expect(wrongChip.statusCode).toBe(400);
      expect(errorOf(wrongChip).message).toBe(HANDOVER_TAP_INVALID_MESSAGE);

      // Too old.
      const early = await tapChip(app, tag, 1, owner.token);
      clock.now = new Date(clock.now.getTime() + 11 * 60 * 1000);
      const late = await open(early.handoverTap!.token);
      expect(late.statusCode).toBe(410);
      expect(errorOf(late).message).toBe(HANDOVER_TAP_EXPIRED_MESSAGE);

      // Used once: cancelled, the handover does not open again from the same tap.
      const used = (await tapChip(app, tag, 2, owner.token)).handoverTap!.token;
      expect((await open(used)).statusCode).toBe(200);
      // While it is open, the owner's tap offers no new handover.
      expect((await tapChip(app, tag, 3, owner.token)).handoverTap).toBeNull();
      await injectAs(app, owner.token, { method: 'DELETE', url: `/api/artchip/${chip.id}/handover` });
      const again = await open(used);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).message).toBe(HANDOVER_TAP_USED_MESSAGE);

      // A tap of a tag since replaced.
      const replacedTap = (await tapChip(app, tag, 4, owner.token)).handoverTap!.token;
      await insertNfcTag(app, chip.id);
      const replaced = await open(replacedTap);
      expect(replaced.statusCode).toBe(400);
      expect(errorOf(replaced).message).toBe(HANDOVER_TAP_INVALID_MESSAGE);
      const live = await injectAs(app, owner.token, {
        method: 'GET',
        url: `/api/artchip/${chip.id}/handover`,
      });
      expect(HandoverEnvelopeSchema.parse(live.json()).handover).toBeNull();
    });
  });

  describe('POST /api/artchip/:id/handover', () => {
    it('needs a session, the owner, a known payer, a chip with its owner, a tag and no open handover', async () => {
      const { app, owner, holder, chip, tag } = await setUp();
      expect((await startHandover(app, null, chip.id, { feePaidBy: 'owner' })).statusCode).toBe(401);
      expect((await startHandover(app, holder.token, chip.id, { feePaidBy: 'owner' })).statusCode).toBe(404);
      const bad = await startHandover(app, owner.token, chip.id, { feePaidBy: 'someone' });
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).fieldErrors?.feePaidBy?.[0]).toContain('Choose who pays');
      expect((await openByTap(app, owner, chip.id, tag, 1, { feePaidBy: 'claimant' })).statusCode).toBe(200);
      const twice = await startHandover(app, owner.token, chip.id, { feePaidBy: 'claimant' });
      expect(twice.statusCode).toBe(409);
      expect(errorOf(twice).message).toBe(HANDOVER_ALREADY_OPEN_MESSAGE);

      const vaulted = await insertChip(app.db, { creatorId: owner.user.id, status: 'inactive' });
      await insertNfcTag(app, vaulted.id);
      const inVault = await startHandover(app, owner.token, vaulted.id, { feePaidBy: 'owner' });
      expect(inVault.statusCode).toBe(409);
      expect(errorOf(inVault).message).toBe(HANDOVER_NOT_WITH_OWNER_MESSAGE);

      const untagged = await insertChip(app.db, {
        creatorId: owner.user.id,
        status: 'sold',
        custody: 'with_owner',
      });
      const noTag = await startHandover(app, owner.token, untagged.id, { feePaidBy: 'owner' });
      expect(noTag.statusCode).toBe(409);
      expect(errorOf(noTag).message).toBe(HANDOVER_NO_TAG_MESSAGE);
    });
  });

  describe('DELETE and GET /api/artchip/:id/handover', () => {
    it('are the owner’s only', async () => {
      const { app, owner, holder, chip, tag } = await setUp();
      await openByTap(app, owner, chip.id, tag, 1, { feePaidBy: 'claimant' });
      const url = `/api/artchip/${chip.id}/handover`;
      expect((await injectAs(app, null, { method: 'DELETE', url })).statusCode).toBe(401);
      expect((await injectAs(app, holder.token, { method: 'DELETE', url })).statusCode).toBe(404);
      expect((await injectAs(app, holder.token, { method: 'GET', url })).statusCode).toBe(404);
      expect(
        (await injectAs(app, owner.token, { method: 'DELETE', url: '/api/artchip/abc/handover' })).statusCode,
      ).toBe(400);
      const live = await injectAs(app, owner.token, { method: 'GET', url });
      expect(HandoverEnvelopeSchema.parse(live.json()).handover?.status).toBe('open');
    });
  });

  describe('POST /api/artchip/claim', () => {
    it('needs a session and a token', async () => {
      const { app, holder } = await setUp();
      expect((await claim(app, null, 'x')).statusCode).toBe(401);
      const missing = await claim(app, holder.token, '');
      expect(missing.statusCode).toBe(400);
      expect(errorOf(missing).fieldErrors?.token?.[0]).toBe(CLAIM_INVALID_MESSAGE);
    });
  });
});

describe('GET /api/artchip/claim: what claiming costs, before paying (issue 27)', () => {
  function preview(app: App, token: string | null, claimToken: string) {
    return injectAs(app, token, {
      method: 'GET',
      url: `/api/artchip/claim?${new URLSearchParams({ token: claimToken })}`,
    });
  }

  it('shows the claimant the fee, its rule, who pays and the methods, and changes nothing', async () => {
    const { app, owner, holder, chip, tag } = await setUp();
    await openByTap(app, owner, chip.id, tag, 1, { feePaidBy: 'claimant' });
    const fresh = await tapChip(app, tag, 2);
    const res = await preview(app, holder.token, fresh.claim!.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = ClaimPreviewSchema.parse(res.json());
    expect(body).toMatchObject({
      chipTitle: chip.title,
      feePaidBy: 'claimant',
      feeCents: 1500,
      rule: "30% of this chip's highest price, $50.00",
      expiresAt: fresh.claim!.expiresAt,
    });
    expect(body.chipPath).toContain(chip.slug);
    expect(body.paymentOptions.map((o) => o.method)).toEqual(['card', 'paypal', 'artchip']);
    // Only a look: the claim still works, and nothing has moved.
    expect((await readChip(app, chip.id)).ownerId).toBe(owner.user.id);
    expect((await claim(app, holder.token, fresh.claim!.token)).statusCode).toBe(200);
  });

  it('says the owner paid: nothing to pay and no methods', async () => {
    const { app, owner, holder, chip, tag } = await setUp();
    const started = StartHandoverResponseSchema.parse(
      (await openByTap(app, owner, chip.id, tag, 1, { feePaidBy: 'owner' })).json(),
    );
    await pay(app, owner.token, started.orderId!);
    const fresh = await tapChip(app, tag, 2);
    const body = ClaimPreviewSchema.parse((await preview(app, holder.token, fresh.claim!.token)).json());
    expect(body).toMatchObject({ feePaidBy: 'owner', feeCents: 0, rule: null, paymentOptions: [] });
  });

  it('needs a session, and refuses an unknown or expired token in words', async () => {
    const { app, clock, owner, holder, chip, tag } = await setUp();
    await openByTap(app, owner, chip.id, tag, 1, { feePaidBy: 'claimant' });
    const fresh = await tapChip(app, tag, 2);
    expect((await preview(app, null, fresh.claim!.token)).statusCode).toBe(401);
    const unknown = await preview(app, holder.token, 'not-a-real-token');
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toBe(CLAIM_INVALID_MESSAGE);
    clock.now = new Date(clock.now.getTime() + 11 * 60 * 1000);
    const late = await preview(app, holder.token, fresh.claim!.token);
    expect(late.statusCode).toBe(410);
    expect(errorOf(late).message).toBe(CLAIM_EXPIRED_MESSAGE);
  });
});
