// Issue 28, loose end: a guest account shows publicly as "a collector" until its owner picks a username.
// Decision 057 guessed it from the username's likeness to the e-mail; decision 060 stores it on the
// account (users.username_is_private), set when the username is made from the e-mail and cleared when
// the owner picks one.
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import { createSession } from '#server/modules/auth/auth.service.ts';
import { users } from '#server/modules/users/users.table.ts';
import { ChipSchema } from '#shared/chips.schemas.ts';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { purchaseBody } from '#tests/factories/orders.ts';
import { insertUser } from '#tests/factories/users.ts';

const GUEST_EMAIL = 'zoe.martin@example.com';

/** A creator's listed chip bought by a guest checkout with GUEST_EMAIL, paid through the demo. */
async function guestBuys() {
  const app = await buildTestApp();
  const creator = await insertUser(app.db, { username: 'maker_ann' });
  const chip = await insertChip(app.db, { creatorId: creator.user.id, priceCents: 2500 });
  const placed = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: purchaseBody(chip.id, { email: GUEST_EMAIL }),
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const { orderId, redirectUrl } = CheckoutResponseSchema.parse(placed.json());
  // The demo payment page's token, as the guest's browser has it.
  const token = new URL(redirectUrl, 'http://localhost').searchParams.get('token')!;
  const paid = await app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/complete?token=${encodeURIComponent(token)}`,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const [guest] = await app.db.select().from(users).where(eq(users.email, GUEST_EMAIL));
  const guestSession = await createSession(app.db, guest!.id, 'user', app.clock());
  return { app, creator, chip, guest: guest!, guestSession };
}

async function publicView(app: App, creatorUsername: string, chip: { id: number; slug: string }) {
  const page = await app.inject({ method: 'GET', url: `/api/artchip/${creatorUsername}/${chip.slug}` });
  expect(page.statusCode, page.body).toBe(200);
  const events = await app.inject({ method: 'GET', url: `/api/artchip/${chip.id}/events` });
  expect(events.statusCode, events.body).toBe(200);
  const sold = events
    .json<{ type: string; data: { buyerUsername?: string | null } }[]>()
    .find((e) => e.type === 'sold');
  return { chip: ChipSchema.parse(page.json()), buyerName: sold?.data.buyerUsername };
}

function updateProfile(app: App, token: string, payload: object) {
  return injectAs(app, token, { method: 'PUT', url: '/api/users/profile', payload });
}

describe('a guest account’s public name (issue 28)', () => {
  it('reads as "a collector" until its owner picks a username, whatever that username looks like', async () => {
    const { app, creator, chip, guest, guestSession } = await guestBuys();
    expect(guest).toMatchObject({ username: 'zoe.martin', usernameIsPrivate: true });
    expect(await publicView(app, creator.user.username, chip)).toMatchObject({
      chip: { ownerIsCollector: true, ownerUsername: null, ownerProfileImageUrl: null },
      buyerName: null,
    });

    // Saving the profile without changing the username is not picking one.
    const names = await updateProfile(app, guestSession, {
      firstName: 'Zoe',
      lastName: 'Martin',
      username: 'Zoe.Martin',
    });
    expect(names.statusCode, names.body).toBe(200);
    expect((await publicView(app, creator.user.username, chip)).chip.ownerIsCollector).toBe(true);

    // A name the owner picks is shown, even one that looks like a name made from the e-mail.
    const picked = await updateProfile(app, guestSession, {
      firstName: 'Zoe',
      lastName: 'Martin',
      username: 'zoe.martin_1987',
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(await publicView(app, creator.user.username, chip)).toMatchObject({
      chip: { ownerIsCollector: false, ownerUsername: 'zoe.martin_1987' },
      buyerName: 'zoe.martin_1987',
    });
    const [row] = await app.db.select().from(users).where(eq(users.id, guest.id));
    expect(row!.usernameIsPrivate).toBe(false);
  });

  it('a member who picked their e-mail’s name at sign-up is named by it', async () => {
    const app = await buildTestApp();
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: 'artlover@example.com',
        username: 'artlover',
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
        firstName: 'Art',
        lastName: 'Lover',
      },
    });
    expect(signUp.statusCode, signUp.body).toBeLessThan(300);
    const [member] = await app.db.select().from(users).where(eq(users.email, 'artlover@example.com'));
    const creator = await insertUser(app.db, { username: 'maker_bo' });
    const chip = await insertChip(app.db, {
      creatorId: creator.user.id,
      ownerId: member!.id,
      status: 'sold',
    });
    expect((await publicView(app, creator.user.username, chip)).chip).toMatchObject({
      ownerIsCollector: false,
      ownerUsername: 'artlover',
    });
  });

  it('keeps a private name out of Top Minters, and its gallery and profile answer as for nobody', async () => {
    const app = await buildTestApp();
    const guest = await insertUser(app.db, { username: 'zoe.martin', usernameIsPrivate: true });
    const named = await insertUser(app.db, { username: 'maker_cy' });
    // A private name whose account holds chips it made (it minted before picking a name) is named by
    // them already (their pages carry it), so only an account with nothing public is hidden.
    await insertChip(app.db, { creatorId: named.user.id, status: 'active', priceCents: 1000 });
    await insertChip(app.db, { creatorId: guest.user.id, status: 'sold' });
    const top = await app.inject({ method: 'GET', url: '/api/top-minters' });
    expect(top.statusCode).toBe(200);
    expect(top.json<{ username: string }[]>().map((e) => e.username)).toEqual(['maker_cy']);

    const nobody = await insertUser(app.db, { username: 'li.wei_4821', usernameIsPrivate: true });
    for (const url of [
      `/api/creators/${nobody.user.username}`,
      `/api/artchip/gallery/${nobody.user.username}`,
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('migration 0023 backfill', () => {
  it('marks private exactly the names decision 057 guessed were made from the e-mail, never a demo account', async () => {
    const app = await buildTestApp();
    const cases: [email: string, username: string, isPrivate: boolean, isDemo?: boolean][] = [
      ['jane.doe@example.com', 'jane.doe', true],
      ['Jane.Doe+Shop@Example.com', 'jane.doe_shop', true],
      ['jane.doe@example.com', 'Jane.Doe_4821', true],
      ['jane.doe@example.com', 'jane.doe_48213377', true],
      ['jo@example.com', 'jo_user', true],
      ['__@example.com', 'user_1234', true],
      [`${'a'.repeat(60)}@example.com`, `${'a'.repeat(40)}`, true],
      [`${'a'.repeat(60)}@example.com`, `${'a'.repeat(40)}_12345678`, true],
      ['robert.smith@example.com', 'bob_the_artist', false],
      ['robert.smith@example.com', 'robert.smith_art', false],
      ['robert.smith@example.com', 'robert.smith_12', false],
      ['robert.smith@example.com', 'robert.smith_123456', false],
      ['demo@demo.artchip.example', 'demo', false, true],
    ];
    const ids: number[] = [];
    for (const [i, [email, username, , isDemo]] of cases.entries()) {
      // Rows kept apart by the e-mail's domain: the rule reads only its local part.
      const row = await insertUser(app.db, {
        email: email.replace('@', `@${i}.`),
        username,
        isDemo: !!isDemo,
      });
      ids.push(row.user.id);
    }
    const migration = readFileSync('src/server/db/migrations/0023_private_usernames.sql', 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((s) => /UPDATE/i.test(s))!;
    await app.db.execute(sql.raw(backfill));
    const rows = await app.db.select().from(users);
    const flags = ids.map((id) => rows.find((r) => r.id === id)!.usernameIsPrivate);
    expect(flags).toEqual(cases.map((c) => c[2]));
  });
});
