// Issue 26: the offer transition table (OFFER_TRANSITIONS in offers/offer-lifecycle.ts) walked through
// the API. The cases are generated from the table: for every transition and every state it starts
// from, the offer is driven into that state, the transition is made by whoever the table allows (it
// succeeds, lands in its `to` state and e-mails exactly whom the table names) and tried by everyone
// else (refused, nothing changes, nobody is e-mailed); for every state a transition does not start
// from, it is refused or leaves the offer as it was. A new transition or state fails to compile here
// until it has a way to be made and reached (PERFORM and REACH below), and is then walked like the rest.
import { and, eq, gt, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { OFFER_STATUSES, OfferSchema, type OfferStatus } from '#shared/offers.schemas.ts';
import type { App } from '#server/app.ts';
import { mailOutbox } from '#server/platform/mail/mail.table.ts';
import { offers } from '#server/modules/offers/offers.table.ts';
import {
  OFFER_TRANSITIONS,
  type OfferParty,
  type OfferTransition,
} from '#server/modules/offers/offer-lifecycle.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { createSession, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { purchaseBody } from '#tests/factories/orders.ts';

const DAY = 24 * 60 * 60 * 1000;
let app: App;
let now = Date.now();

beforeAll(async () => {
  app = await buildTestApp({ clock: () => new Date(now), env: { RATE_LIMIT: 'false' } });
});

type Person = { id: number; email: string; token: string };
/** The people of one case: the chip's owner, the offer's buyer, another buyer, and a stranger. */
type Cast = {
  owner: Person;
  buyer: Person;
  rival: Person;
  stranger: Person;
  chipId: number;
  offerId: number;
};

/** A user whose session outlives the days the expiry cases move the clock through. */
async function person(): Promise<Person> {
  const { user } = await insertUser(app.db);
  return { id: user.id, email: user.email, token: await createSession(app.db, user.id, 'user', 3650 * DAY) };
}

const post = (who: Person, url: string, payload?: object) =>
  injectAs(app, who.token, { method: 'POST', url, ...(payload ? { payload } : {}) });

async function statusOf(offerId: number): Promise<OfferStatus> {
  const [row] = await app.db.select().from(offers).where(eq(offers.id, offerId));
  return row!.status;
}

/** Checkout of the chip by `who` (with the offer when given), paid; the checkout's answer. */
async function checkOutAndPay(who: Person, chipId: number, offerId?: number) {
  const placed = await injectAs(app, who.token, {
    method: 'POST',
    url: '/api/checkout',
    payload: purchaseBody(chipId, offerId === undefined ? {} : { offerId }),
  });
  if (placed.statusCode !== 200) return placed;
  const { orderId } = CheckoutResponseSchema.parse(placed.json());
  const paid = await post(who, `/api/orders/${orderId}/complete`);
  expect(paid.statusCode, paid.body).toBe(200);
  return placed;
}

/** Lets every open offer and acceptance lapse, and has both parties' lists sweep them. */
async function letLapse(cast: Cast) {
  now += 8 * DAY;
  for (const [who, side] of [
    [cast.buyer, 'sent'],
    [cast.owner, 'received'],
  ] as const) {
    const res = await injectAs(app, who.token, { method: 'GET', url: `/api/offers/${side}` });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** A listed $50 chip, its owner, a buyer's pending $40 offer on it (the made transition). */
async function newCast(): Promise<Cast> {
  const [owner, buyer, rival, stranger] = await Promise.all([person(), person(), person(), person()]);
  const chip = await insertChip(app.db, { creatorId: owner.id, priceCents: 5000, highestPriceCents: 0 });
  const made = await post(buyer, `/api/artchip/${chip.id}/offers`, { amountUsd: '40' });
  expect(made.statusCode, made.body).toBe(200);
  return { owner, buyer, rival, stranger, chipId: chip.id, offerId: OfferSchema.parse(made.json()).id };
}

/** How each transition is made, by `actor` (system transitions: the event that makes them). */
const PERFORM: Record<Exclude<OfferTransition, 'make'>, (cast: Cast, actor: Person) => Promise<unknown>> = {
  counter: (c, actor) => post(actor, `/api/offers/${c.offerId}/counter`, { amountUsd: '45' }),
  accept: (c, actor) => post(actor, `/api/offers/${c.offerId}/accept`),
  acceptCounter: (c, actor) => post(actor, `/api/offers/${c.offerId}/accept`),
  decline: (c, actor) => post(actor, `/api/offers/${c.offerId}/decline`),
  withdraw: (c, actor) => post(actor, `/api/offers/${c.offerId}/withdraw`),
  // The chip sells: to another buyer at its list price, or (held for this offer) to the offer's own
  // buyer at the list price, or (already theirs) resold by them to another buyer.
  closed: async (c) => {
    if ((await statusOf(c.offerId)) === 'completed') {
      const listed = await post(c.buyer, `/api/artchip/${c.chipId}/resell`, { priceUsd: '60' });
      expect(listed.statusCode, listed.body).toBe(200);
    }
    const buyer = (await statusOf(c.offerId)) === 'accepted' ? c.buyer : c.rival;
    const sold = await checkOutAndPay(buyer, c.chipId);
    expect(sold.statusCode, sold.body).toBe(200);
  },
  expire: (c) => letLapse(c),
  convert: (c, actor) => checkOutAndPay(actor, c.chipId, c.offerId),
};

/** How an offer reaches each state through the API, from pending. */
const REACH: Record<OfferStatus, (cast: Cast) => Promise<void>> = {
  pending: async () => {},
  countered: async (c) => expectOk(await PERFORM.counter(c, c.owner)),
  accepted: async (c) => expectOk(await PERFORM.accept(c, c.owner)),
  declined: async (c) => expectOk(await PERFORM.decline(c, c.owner)),
  withdrawn: async (c) => expectOk(await PERFORM.withdraw(c, c.buyer)),
  expired: (c) => letLapse(c),
  completed: async (c) => {
    await REACH.accepted(c);
    expectOk(await PERFORM.convert(c, c.buyer));
  },
};

function expectOk(res: unknown) {
  const { statusCode, body } = res as { statusCode: number; body: string };
  expect(statusCode, body).toBe(200);
}

/** An offer in `state`, checked there. */
async function offerIn(state: OfferStatus): Promise<Cast> {
  const cast = await newCast();
  await REACH[state](cast);
  expect(await statusOf(cast.offerId), `reached ${state}`).toBe(state);
  return cast;
}

/** The offer e-mails sent to this offer's buyer and owner since `since` (a mail id), as "party:template". */
async function offerMailsSince(cast: Cast, since: number): Promise<string[]> {
  const rows = await app.db
    .select()
    .from(mailOutbox)
    .where(and(gt(mailOutbox.id, since), like(mailOutbox.template, 'offer-%')));
  return rows
    .filter((m) => m.to === cast.buyer.email || m.to === cast.owner.email)
    .map((m) => `${m.to === cast.buyer.email ? 'buyer' : 'owner'}:${m.template}`)
    .sort();
}

async function lastMailId(): Promise<number> {
  const rows = await app.db.select({ id: mailOutbox.id }).from(mailOutbox);
  return Math.max(0, ...rows.map((r) => r.id));
}

const partyOf = (cast: Cast, party: OfferParty) => (party === 'owner' ? cast.owner : cast.buyer);
const expectedMails = (notify: readonly { to: OfferParty; mail: string }[]) =>
  notify.map((n) => `${n.to}:offer-${n.mail.replace(/_/g, '-')}`).sort();

const walked = Object.entries(OFFER_TRANSITIONS).filter(([name]) => name !== 'make') as [
  Exclude<OfferTransition, 'make'>,
  (typeof OFFER_TRANSITIONS)[Exclude<OfferTransition, 'make'>],
][];

describe('every transition of the table, from every state it starts from', () => {
  it('make: the buyer makes a pending offer, the owner is told; the owner cannot offer on their own chip', async () => {
    const rule = OFFER_TRANSITIONS.make;
    const since = await lastMailId();
    const cast = await newCast();
    expect(await statusOf(cast.offerId)).toBe(rule.to);
    expect(await offerMailsSince(cast, since)).toEqual(expectedMails(rule.notify));
    const own = await post(cast.owner, `/api/artchip/${cast.chipId}/offers`, { amountUsd: '40' });
    expect(own.statusCode).toBeGreaterThanOrEqual(400);
    expect(own.statusCode).toBeLessThan(500);
  });

  for (const [name, rule] of walked) {
    for (const from of rule.from as readonly OfferStatus[]) {
      it(`${name}: ${from} → ${rule.to} by ${rule.by}, telling ${rule.notify.map((n) => n.to).join(' and ') || 'nobody'}`, async () => {
        const cast = await offerIn(from);
        if (rule.by !== 'system') {
          // Everyone else first: refused, and nothing changes.
          const others = [rule.by === 'owner' ? cast.buyer : cast.owner, cast.stranger];
          for (const other of others) {
            const since = await lastMailId();
            const res = (await PERFORM[name](cast, other)) as { statusCode: number };
            expect([403, 404, 409], `${name} by someone else`).toContain(res.statusCode);
            expect(await statusOf(cast.offerId)).toBe(from);
            expect(await offerMailsSince(cast, since)).toEqual([]);
          }
        } else if (name === 'convert') {
          // Only the offer's buyer checks out at its price.
          for (const other of [cast.owner, cast.stranger]) {
            const res = (await PERFORM.convert(cast, other)) as { statusCode: number };
            expect(res.statusCode, `convert by someone else`).toBeGreaterThanOrEqual(400);
            expect(await statusOf(cast.offerId)).toBe(from);
          }
        }
        const since = await lastMailId();
        const actor = rule.by === 'system' ? cast.buyer : partyOf(cast, rule.by);
        const res = await PERFORM[name](cast, actor);
        if (rule.by !== 'system' || name === 'convert') expectOk(res);
        expect(await statusOf(cast.offerId)).toBe(rule.to);
        expect(await offerMailsSince(cast, since)).toEqual(expectedMails(rule.notify));
      });
    }
  }
});

describe('every transition the table does not have is refused', () => {
  for (const [name, rule] of walked) {
    const actorOf = (cast: Cast) => (rule.by === 'system' ? cast.buyer : partyOf(cast, rule.by));
    for (const state of OFFER_STATUSES.filter((s) => !(rule.from as readonly string[]).includes(s))) {
      it(`${name} from ${state}`, async () => {
        const cast = await offerIn(state);
        const since = await lastMailId();
        const res = (await PERFORM[name](cast, actorOf(cast))) as { statusCode: number } | undefined;
        // A party's move is refused; the marketplace's event (a sale, time) happens but leaves the offer be.
        if (rule.by !== 'system' || name === 'convert') {
          expect(res!.statusCode, `${name} from ${state}`).toBeGreaterThanOrEqual(400);
          expect(res!.statusCode).toBeLessThan(500);
        }
        expect(await statusOf(cast.offerId)).toBe(state);
        expect(await offerMailsSince(cast, since)).toEqual([]);
      });
    }
  }
});
