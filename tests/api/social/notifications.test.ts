// Issue 31 (decision 079): follows, watches, saved searches and notifications through the API, with
// the fan-out job and the mail it puts in the outbox.
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHIP_API } from '#shared/brand.ts';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { NotificationPageSchema } from '#shared/notifications.schemas.ts';
import type { App } from '#server/app.ts';
import { mailOutbox } from '#server/platform/mail/mail.table.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { notificationEvents } from '#server/modules/notifications/notifications.table.ts';
import { runNotificationDigests, runNotifications } from '#server/flows/social/index.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { CHIP_STATES, insertChip } from '#tests/factories/chips.ts';
import { purchaseBody } from '#tests/factories/orders.ts';

let app: App;
let now = Date.now();

beforeAll(async () => {
  app = await buildTestApp({ clock: () => new Date(now), env: { RATE_LIMIT: 'false' } });
});

type Person = Awaited<ReturnType<typeof insertUser>>;
const person = () => insertUser(app.db);

const call = (
  who: Person | null,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  payload?: object,
) => injectAs(app, who?.token, { method, url, ...(payload ? { payload } : {}) });

async function ok(
  who: Person | null,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  payload?: object,
) {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.body ? res.json() : null;
}

async function inbox(who: Person) {
  return NotificationPageSchema.parse(await ok(who, 'GET', '/api/notifications'));
}

async function mailsTo(who: Person) {
  return app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, who.user.email), like(mailOutbox.template, 'notification-%')));
}

/** A pending chip of `creator`, in the vault, ready for its first listing. */
const pendingChip = (creator: Person) =>
  insertChip(app.db, {
    creatorId: creator.user.id,
    ...CHIP_STATES.pending,
    custody: 'in_vault',
    priceCents: null,
  });

const activate = (creator: Person, chipId: number, price = '40') =>
  ok(creator, 'PATCH', `${CHIP_API}/${chipId}/activate`, { price });

describe('follow → the creator lists', () => {
  it('notifies and e-mails each follower once, never the creator, and not again when the listing is edited', async () => {
    const creator = await person();
    const [a, b, bystander] = [await person(), await person(), await person()];
    for (const f of [a, b]) {
      expect(await ok(f, 'PUT', `/api/creators/${creator.user.username}/follow`)).toEqual({
        following: true,
        followerCount: expect.any(Number),
      });
    }
    // Idempotent: a second follow counts once.
    const again = await ok(a, 'PUT', `/api/creators/${creator.user.username}/follow`);
    expect(again.followerCount).toBe(2);
    const gallery = await ok(null, 'GET', `${CHIP_API}/gallery/${creator.user.username}`);
    expect(gallery.user.followerCount).toBe(2);

    const chip = await pendingChip(creator);
    const listed = await activate(creator, chip.id);
    expect(listed.status).toBe('active');
    // Nothing yet: the fan-out is a job, never the listing request.
    expect((await inbox(a)).items).toHaveLength(0);
    await runNotifications(app);

    for (const f of [a, b]) {
      const page = await inbox(f);
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({ kind: 'creator_listing', chipId: chip.id, read: false });
      expect(page.items[0]!.url).toContain(chip.slug);
      expect(page.unreadCount).toBe(1);
      const mails = await mailsTo(f);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mails[0]!.headers['List-Unsubscribe']).toMatch(
        /^<http.*\/api\/notifications\/unsubscribe\?token=/,
      );
      expect(mails[0]!.text).toContain(chip.title);
    }
    expect((await inbox(creator)).items).toHaveLength(0);
    expect(await mailsTo(creator)).toHaveLength(0);
    expect((await inbox(bystander)).items).toHaveLength(0);

    // Edited (a new, higher price) and the job run again: nothing new for the followers.
    await ok(creator, 'PATCH', `${CHIP_API}/${chip.id}/pricing`, { priceUsd: '45' });
    // Unlisted and listed again: a relist, not a new chip.
    await ok(creator, 'PATCH', `${CHIP_API}/${chip.id}/availability`, { isAvailable: false });
    await ok(creator, 'PATCH', `${CHIP_API}/${chip.id}/availability`, { isAvailable: true });
    await runNotifications(app);
    await runNotifications(app);
    expect((await inbox(a)).items).toHaveLength(1);
    expect(await mailsTo(a)).toHaveLength(1);
  });

  it('unfollow: the count drops and the next listing says nothing', async () => {
    const creator = await person();
    const fan = await person();
    await ok(fan, 'PUT', `/api/creators/${creator.user.username}/follow`);
    expect((await ok(fan, 'DELETE', `/api/creators/${creator.user.username}/follow`)).followerCount).toBe(0);
    const chip = await pendingChip(creator);
    await activate(creator, chip.id);
    await runNotifications(app);
    expect((await inbox(fan)).items).toHaveLength(0);
  });
});

describe('watch', () => {
  it('a price drop, a relist and a sale each notify the watcher; a price rise does not', async () => {
    const owner = await person();
    const watcher = await person();
    const buyer = await person();
    const chip = await insertChip(app.db, { creatorId: owner.user.id, priceCents: 5000 });
    const watched = await ok(watcher, 'PUT', `${CHIP_API}/${chip.id}/watch`);
    expect(watched).toEqual({ watching: true, watchCount: 1 });
    expect((await ok(null, 'GET', `${CHIP_API}/${chip.id}`)).watchCount).toBe(1);
    expect((await ok(watcher, 'GET', '/api/watches')).items.map((w: { chipId: number }) => w.chipId)).toEqual(
      [chip.id],
    );

    await ok(owner, 'PATCH', `${CHIP_API}/${chip.id}/pricing`, { priceUsd: '60' });
    await runNotifications(app);
    expect((await inbox(watcher)).items).toHaveLength(0);

    await ok(owner, 'PATCH', `${CHIP_API}/${chip.id}/pricing`, { priceUsd: '30' });
    await runNotifications(app);
    expect((await inbox(watcher)).items.map((n) => n.kind)).toEqual(['watch_price_drop']);
    expect((await inbox(watcher)).items[0]!.body).toContain('$30.00');

    await ok(owner, 'PATCH', `${CHIP_API}/${chip.id}/availability`, { isAvailable: false });
    await ok(owner, 'PATCH', `${CHIP_API}/${chip.id}/availability`, { isAvailable: true });
    await runNotifications(app);
    expect((await inbox(watcher)).items.map((n) => n.kind)).toEqual(['watch_listed', 'watch_price_drop']);

    // An offer from someone else: in the product only by default.
    await ok(buyer, 'POST', `${CHIP_API}/${chip.id}/offers`, { amountUsd: '20' });
    await runNotifications(app);
    expect((await inbox(watcher)).items[0]!.kind).toBe('watch_offer');
    expect((await inbox(buyer)).items).toHaveLength(0);

    const placed = await call(buyer, 'POST', '/api/checkout', purchaseBody(chip.id));
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId } = CheckoutResponseSchema.parse(placed.json());
    await ok(buyer, 'POST', `/api/orders/${orderId}/complete`);
    await runNotifications(app);
    expect((await inbox(watcher)).items.map((n) => n.kind)).toEqual([
      'watch_sold',
      'watch_offer',
      'watch_listed',
      'watch_price_drop',
    ]);
    // Mailed at once: the drop, the relist and the sale (the offer is in the product only).
    expect((await mailsTo(watcher)).map((m) => m.template).sort()).toEqual([
      'notification-watch_listed',
      'notification-watch_price_drop',
      'notification-watch_sold',
    ]);
    expect((await inbox(owner)).items).toHaveLength(0);
  });

  it('sold and unlisted chips can be watched; a taken-down or missing one cannot; unwatch counts down', async () => {
    const watcher = await person();
    const sold = await insertChip(app.db, { ...CHIP_STATES.sold });
    expect((await ok(watcher, 'PUT', `${CHIP_API}/${sold.id}/watch`)).watchCount).toBe(1);
    expect((await ok(watcher, 'DELETE', `${CHIP_API}/${sold.id}/watch`)).watchCount).toBe(0);
    const removed = await insertChip(app.db, { ...CHIP_STATES.removed });
    const res = await call(watcher, 'PUT', `${CHIP_API}/${removed.id}/watch`);
    expect(res.statusCode).toBe(404);
    expect((await call(watcher, 'PUT', `${CHIP_API}/999999/watch`)).statusCode).toBe(404);
    expect((await call(watcher, 'PUT', `${CHIP_API}/abc/watch`)).statusCode).toBe(400);
    expect((await call(null, 'PUT', `${CHIP_API}/${sold.id}/watch`)).statusCode).toBe(401);
  });

  it('a public chip answer reflects a new watch (the public cache is told)', async () => {
    const watcher = await person();
    const chip = await insertChip(app.db);
    expect((await ok(null, 'GET', `${CHIP_API}/${chip.id}`)).watchCount).toBe(0);
    expect((await ok(null, 'GET', `${CHIP_API}/${chip.id}`)).watchCount).toBe(0);
    await ok(watcher, 'PUT', `${CHIP_API}/${chip.id}/watch`);
    expect((await ok(null, 'GET', `${CHIP_API}/${chip.id}`)).watchCount).toBe(1);
    // A watch is no edit of the chip: its updated_at (the sitemap's lastmod) stays.
    const [after] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(after!.updatedAt).toEqual(chip.updatedAt);
  });
});

describe('follow routes', () => {
  it('refuses anonymous callers, unknown creators, and following oneself', async () => {
    const me = await person();
    expect((await call(null, 'PUT', `/api/creators/${me.user.username}/follow`)).statusCode).toBe(401);
    expect((await call(me, 'PUT', '/api/creators/nobody_like_this/follow')).statusCode).toBe(404);
    const self = await call(me, 'PUT', `/api/creators/${me.user.username}/follow`);
    expect(self.statusCode).toBe(409);
    expect((await call(me, 'PUT', `/api/creators/${'x'.repeat(60)}/follow`)).statusCode).toBe(400);
  });

  it('lists the creators one follows', async () => {
    const me = await person();
    const creator = await person();
    await ok(me, 'PUT', `/api/creators/${creator.user.username}/follow`);
    const list = await ok(me, 'GET', '/api/follows');
    expect(list.items).toEqual([
      expect.objectContaining({ username: creator.user.username, followerCount: 1 }),
    ]);
    expect((await call(null, 'GET', '/api/follows')).statusCode).toBe(401);
  });
});

describe('saved searches', () => {
  it('notifies once per chip on a new match, never for a chip that does not match', async () => {
    const searcher = await person();
    const creator = await person();
    const saved = await ok(searcher, 'POST', '/api/saved-searches', {
      name: 'Cheap squares',
      query: '?shape=square&maxPrice=50&sort=newest',
    });
    expect(saved).toMatchObject({ name: 'Cheap squares', query: 'shape=square&maxPrice=50' });

    const square = await insertChip(app.db, {
      creatorId: creator.user.id,
      ...CHIP_STATES.pending,
      custody: 'in_vault',
      shape: 'square',
    });
    const round = await pendingChip(creator);
    await activate(creator, square.id, '40');
    await activate(creator, round.id, '40');
    await runNotifications(app);
    let page = await inbox(searcher);
    expect(page.items.map((n) => [n.kind, n.chipId])).toEqual([['saved_search', square.id]]);

    // Unlisted and listed again: still the same match, not a new one.
    await ok(creator, 'PATCH', `${CHIP_API}/${square.id}/availability`, { isAvailable: false });
    await ok(creator, 'PATCH', `${CHIP_API}/${square.id}/availability`, { isAvailable: true });
    await runNotifications(app);
    page = await inbox(searcher);
    expect(page.items).toHaveLength(1);

    expect((await ok(searcher, 'GET', '/api/saved-searches')).items).toHaveLength(1);
  });

  it('validates the query against the marketplace filters; deletes only one’s own', async () => {
    const me = await person();
    const other = await person();
    for (const query of ['colour=red', 'maxPrice=abc', 'shape=oval', 'q=a&q=b']) {
      const res = await call(me, 'POST', '/api/saved-searches', { name: 'x', query });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await call(me, 'POST', '/api/saved-searches', { name: '', query: 'q=moon' })).statusCode).toBe(
      400,
    );
    expect((await call(null, 'POST', '/api/saved-searches', { name: 'x', query: 'q=moon' })).statusCode).toBe(
      401,
    );
    const saved = await ok(me, 'POST', '/api/saved-searches', { name: 'Moons', query: 'q=moon' });
    expect((await call(other, 'DELETE', `/api/saved-searches/${saved.id}`)).statusCode).toBe(404);
    expect((await call(me, 'DELETE', `/api/saved-searches/${saved.id}`)).statusCode).toBe(204);
    expect((await call(me, 'DELETE', `/api/saved-searches/${saved.id}`)).statusCode).toBe(404);
  });
});

describe('preferences', () => {
  async function followAndList(fan: Person) {
    const creator = await person();
    await ok(fan, 'PUT', `/api/creators/${creator.user.username}/follow`);
    const chip = await pendingChip(creator);
    await activate(creator, chip.id);
    await runNotifications(app);
  }

  it('off: no notification; in the product: no e-mail; digest: one e-mail a day with them all', async () => {
    const fan = await person();
    expect(await ok(fan, 'GET', '/api/notification-preferences')).toMatchObject({
      creator_listing: 'instant',
    });

    await ok(fan, 'PUT', '/api/notification-preferences', { creator_listing: 'off' });
    await followAndList(fan);
    expect((await inbox(fan)).items).toHaveLength(0);

    await ok(fan, 'PUT', '/api/notification-preferences', { creator_listing: 'in_app' });
    await followAndList(fan);
    expect((await inbox(fan)).items).toHaveLength(1);
    expect(await mailsTo(fan)).toHaveLength(0);

    const prefs = await ok(fan, 'PUT', '/api/notification-preferences', { creator_listing: 'digest' });
    expect(prefs.creator_listing).toBe('digest');
    await followAndList(fan);
    await followAndList(fan);
    expect((await inbox(fan)).items).toHaveLength(3);
    expect(await mailsTo(fan)).toHaveLength(0);
    await runNotificationDigests(app);
    let mails = await mailsTo(fan);
    expect(mails.map((m) => m.template)).toEqual(['notification-digest']);
    expect(mails[0]!.subject).toContain('2 new notifications');
    expect(mails[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Later the same day: no second digest, the new item waits for tomorrow's.
    await followAndList(fan);
    await runNotificationDigests(app);
    expect(await mailsTo(fan)).toHaveLength(1);
    now += 24 * 3600 * 1000;
    await runNotificationDigests(app);
    mails = await mailsTo(fan);
    expect(mails).toHaveLength(2);
    now -= 24 * 3600 * 1000;
  });

  it('refuses an unknown kind or channel, and anonymous callers', async () => {
    const me = await person();
    expect(
      (await call(me, 'PUT', '/api/notification-preferences', { creator_listing: 'loud' })).statusCode,
    ).toBe(400);
    expect((await call(me, 'PUT', '/api/notification-preferences', { spam: 'off' })).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/notification-preferences')).statusCode).toBe(401);
  });

  it('one-click unsubscribe turns that one kind off, without a session; a forged token is refused', async () => {
    const fan = await person();
    await followAndList(fan);
    const [mail] = await mailsTo(fan);
    const url = new URL(mail!.headers['List-Unsubscribe']!.slice(1, -1));
    const token = url.searchParams.get('token')!;
    const forged = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const bad = await app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(bad.statusCode).toBe(400);
    const other = token.replace('creator_listing', 'watch_sold');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/notifications/unsubscribe?token=${encodeURIComponent(other)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        })
      ).statusCode,
    ).toBe(400);
    const res = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    const prefs = await ok(fan, 'GET', '/api/notification-preferences');
    expect(prefs.creator_listing).toBe('off');
    expect(prefs.watch_sold).toBe('instant');
  });
});

describe('every route refuses what it must', () => {
  it('unfollow, unwatch, the lists, deleting a search and unsubscribing', async () => {
    const me = await person();
    const chip = await insertChip(app.db);
    // Unfollow and unwatch: anonymous, malformed, unknown.
    expect((await call(null, 'DELETE', `/api/creators/${me.user.username}/follow`)).statusCode).toBe(401);
    expect((await call(me, 'DELETE', `/api/creators/${'x'.repeat(60)}/follow`)).statusCode).toBe(400);
    expect((await call(me, 'DELETE', '/api/creators/nobody_like_this/follow')).statusCode).toBe(404);
    expect((await call(null, 'DELETE', `${CHIP_API}/${chip.id}/watch`)).statusCode).toBe(401);
    expect((await call(me, 'DELETE', `${CHIP_API}/0/watch`)).statusCode).toBe(400);
    expect((await call(me, 'DELETE', `${CHIP_API}/999999/watch`)).statusCode).toBe(404);
    // Not watching: still answers, and the count does not go below what it was.
    expect(await ok(me, 'DELETE', `${CHIP_API}/${chip.id}/watch`)).toEqual({
      watching: false,
      watchCount: 0,
    });
    expect((await call(null, 'GET', '/api/watches')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/saved-searches')).statusCode).toBe(401);
    expect((await call(null, 'DELETE', '/api/saved-searches/1')).statusCode).toBe(401);
    expect((await call(me, 'DELETE', '/api/saved-searches/abc')).statusCode).toBe(400);
    expect((await call(me, 'POST', '/api/notifications/read', { all: true, ids: [1] })).statusCode).toBe(400);
    expect((await call(null, 'POST', '/api/notifications/read', { all: true })).statusCode).toBe(401);
    expect((await call(null, 'PUT', '/api/notification-preferences', { watch_sold: 'off' })).statusCode).toBe(
      401,
    );
    expect((await app.inject({ method: 'POST', url: '/api/notifications/unsubscribe' })).statusCode).toBe(
      400,
    );
    expect(
      (await app.inject({ method: 'POST', url: '/api/notifications/unsubscribe?token=not-a-token-at-all' }))
        .statusCode,
    ).toBe(400);
    // A mail client that only opens the link lands on the preferences page; nothing changes.
    const opened = await app.inject({ method: 'GET', url: '/api/notifications/unsubscribe?token=x' });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/notifications/preferences');
  });

  it('keeps at most 50 saved searches an account', async () => {
    const me = await person();
    for (let i = 0; i < 50; i++)
      await ok(me, 'POST', '/api/saved-searches', { name: `s${i}`, query: `q=${i}` });
    const res = await call(me, 'POST', '/api/saved-searches', { name: 'one more', query: 'q=more' });
    expect(res.statusCode).toBe(409);
  });
});

describe('the notification centre', () => {
  it('pages newest first by keyset, counts unread, marks some or all read', async () => {
    const fan = await person();
    const creator = await person();
    await ok(fan, 'PUT', `/api/creators/${creator.user.username}/follow`);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const chip = await pendingChip(creator);
      await activate(creator, chip.id);
      ids.push(chip.id);
    }
    await runNotifications(app);
    const first = NotificationPageSchema.parse(await ok(fan, 'GET', '/api/notifications?limit=3'));
    expect(first.items.map((n) => n.chipId)).toEqual(ids.slice(2).reverse());
    expect(first.unreadCount).toBe(5);
    const second = NotificationPageSchema.parse(
      await ok(fan, 'GET', `/api/notifications?limit=3&cursor=${first.nextCursor}`),
    );
    expect(second.items.map((n) => n.chipId)).toEqual(ids.slice(0, 2).reverse());
    expect(second.nextCursor).toBeNull();

    const read = await ok(fan, 'POST', '/api/notifications/read', { ids: [first.items[0]!.id] });
    expect(read).toEqual({ updated: 1, unreadCount: 4 });
    expect((await inbox(fan)).items[0]!.read).toBe(true);
    expect(await ok(fan, 'POST', '/api/notifications/read', { all: true })).toEqual({
      updated: 4,
      unreadCount: 0,
    });
  });

  it("never shows or marks another user's notifications", async () => {
    const fan = await person();
    const snoop = await person();
    const creator = await person();
    await ok(fan, 'PUT', `/api/creators/${creator.user.username}/follow`);
    const chip = await pendingChip(creator);
    await activate(creator, chip.id);
    await runNotifications(app);
    const [mine] = (await inbox(fan)).items;
    expect((await inbox(snoop)).items).toHaveLength(0);
    expect(await ok(snoop, 'POST', '/api/notifications/read', { ids: [mine!.id] })).toEqual({
      updated: 0,
      unreadCount: 0,
    });
    expect((await inbox(fan)).unreadCount).toBe(1);
    expect((await call(null, 'GET', '/api/notifications')).statusCode).toBe(401);
    expect((await call(fan, 'POST', '/api/notifications/read', { ids: [] })).statusCode).toBe(400);
    expect((await call(fan, 'POST', '/api/notifications/read', { all: false })).statusCode).toBe(400);
    expect((await call(fan, 'GET', '/api/notifications?cursor=x')).statusCode).toBe(400);
  });

  it('the events are all fanned out', async () => {
    await runNotifications(app);
    const pending = await app.db.select().from(notificationEvents).where(eq(notificationEvents.attempts, 0));
    expect(pending).toHaveLength(0);
  });
});
