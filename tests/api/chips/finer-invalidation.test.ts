// Issue 30 (decision 078): a write drops only the cached answers it changes: a chip's answers and
// pages, the lists it appears in, the answers naming an account, the settings answers. Every answer a
// write changes is fresh at once; an answer it does not change stays a hit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChipPageSchema, ChipSchema } from '#shared/chips.schemas.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { users } from '#server/modules/users/users.table.ts';
import type { App } from '#server/app.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import * as sourceRenderer from '#web/entry-server.tsx';

let webDist: string;
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-web-'));
  fs.copyFileSync(path.resolve('src/web/index.html'), path.join(webDist, 'index.html'));
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

/** Two creators with a listed chip each, every public answer about them read once (kept). */
async function warmCatalogue() {
  const app = await buildTestApp({ spa: { pageRenderer: sourceRenderer, webDist } });
  const ann = await insertUser(app.db, { username: 'ann_fine' });
  const bob = await insertUser(app.db, { username: 'bob_fine' });
  const annChip = await insertChip(app.db, {
    creatorId: ann.user.id,
    slug: 'tide',
    title: 'Tide',
    priceCents: 3000,
  });
  const bobChip = await insertChip(app.db, {
    creatorId: bob.user.id,
    slug: 'reef',
    title: 'Reef',
    priceCents: 5000,
  });
  await app.publicCache.catchUp();
  const urls = {
    annChip: `/api/artchip/${annChip.id}`,
    annChipBySlug: '/api/artchip/ann_fine/tide',
    annEvents: `/api/artchip/${annChip.id}/events`,
    bobChip: `/api/artchip/${bobChip.id}`,
    bobChipBySlug: '/api/artchip/bob_fine/reef',
    annPage: '/artchip/ann_fine/tide',
    bobPage: '/artchip/bob_fine/reef',
    list: '/api/artchip',
    annGallery: '/api/artchip/gallery/ann_fine',
    bobGallery: '/api/artchip/gallery/bob_fine',
    annProfile: '/api/creators/ann_fine',
    stats: '/api/artchip/stats',
    settings: '/api/site-settings',
    legal: '/api/legal/privacy',
  };
  for (const url of Object.values(urls)) {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
  }
  return { app, ann, bob, annChip, bobChip, urls };
}

async function cacheOf(app: App, url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.headers['x-cache'];
}

/** Which of `urls` are served from the cache now. */
async function hits(
  app: App,
  urls: Record<string, string>,
  names: string[],
): Promise<Record<string, boolean>> {
  const out: Record<string, boolean> = {};
  for (const name of names) out[name] = (await cacheOf(app, urls[name]!)) === 'hit';
  return out;
}

const priceInList = async (app: App, id: number) =>
  ChipPageSchema.parse((await app.inject({ method: 'GET', url: '/api/artchip' })).json()).items.find(
    (c) => c.id === id,
  )?.priceUsd;

describe('a write drops only what it changes', () => {
  it("a chip's new price: its answers, pages and the lists are fresh; the other creator's chip stays kept", async () => {
    const { app, ann, annChip, urls } = await warmCatalogue();
    const change = await injectAs(app, ann.token, {
      method: 'PATCH',
      url: `/api/artchip/${annChip.id}/pricing`,
      payload: { priceUsd: '35.00' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(
      await hits(app, urls, ['bobChip', 'bobChipBySlug', 'bobPage', 'settings', 'legal', 'annProfile']),
    ).toEqual({
      bobChip: true,
      bobChipBySlug: true,
      bobPage: true,
      settings: true,
      legal: true,
      annProfile: false,
    });
    expect(await cacheOf(app, urls.annChip)).toBe('miss');
    expect(
      ChipSchema.parse((await app.inject({ method: 'GET', url: urls.annChipBySlug })).json()).priceUsd,
    ).toBe('35.00');
    const page = await app.inject({ method: 'GET', url: urls.annPage });
    expect(page.headers['x-cache']).toBe('miss');
    expect(page.body).toContain('$35.00');
    expect(await priceInList(app, annChip.id)).toBe('35.00');
    const gallery = await app.inject({ method: 'GET', url: urls.annGallery });
    expect(gallery.headers['x-cache']).toBe('miss');
    expect(gallery.body).toContain('35.00');
  });

  it("a chip's status and owner changed by any writer: its answers and the lists follow, the other chip stays kept", async () => {
    const { app, annChip, bobChip, urls } = await warmCatalogue();
    const buyer = await insertUser(app.db, { username: 'cy_buyer' });
    await app.publicCache.catchUp();
    expect(await cacheOf(app, urls.bobChip)).toBe('hit');
    // A sale's end, written straight into the database (a job, another process).
    await app.db
      .update(chips)
      .set({ status: 'sold', ownerId: buyer.user.id })
      .where(eq(chips.id, annChip.id));
    await app.publicCache.catchUp();
    const sold = ChipSchema.parse((await app.inject({ method: 'GET', url: urls.annChip })).json());
    expect(sold.status).toBe('sold');
    expect(sold.ownerUsername).toBe('cy_buyer');
    expect((await app.inject({ method: 'GET', url: urls.annPage })).body).toContain('cy_buyer');
    expect(await priceInList(app, annChip.id)).toBeUndefined();
    expect(await priceInList(app, bobChip.id)).toBe('50.00');
    expect(await hits(app, urls, ['bobChip', 'bobChipBySlug', 'bobPage', 'settings'])).toEqual({
      bobChip: true,
      bobChipBySlug: true,
      bobPage: true,
      settings: true,
    });
  });

  it("a creator's new name and profile: every answer naming them is fresh, the other creator's chip stays kept", async () => {
    const { app, ann, annChip, urls } = await warmCatalogue();
    const bio = await injectAs(app, ann.token, {
      method: 'PUT',
      url: '/api/users/creator-profile',
      payload: { bio: 'Paints the tide', links: [] },
    });
    expect(bio.statusCode, bio.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: urls.annProfile })).body).toContain('Paints the tide');
    // Answers naming the account are read again (what of its row they show is not known here).
    expect(await hits(app, urls, ['bobChip', 'bobPage', 'annChip'])).toEqual({
      bobChip: true,
      bobPage: true,
      annChip: false,
    });
    // Renamed (by any writer): the chip's answers show the new name at once, and the old address is gone.
    await app.db.update(users).set({ username: 'ann_renamed' }).where(eq(users.id, ann.user.id));
    await app.publicCache.catchUp();
    expect(
      ChipSchema.parse((await app.inject({ method: 'GET', url: urls.annChip })).json()).creatorUsername,
    ).toBe('ann_renamed');
    expect((await app.inject({ method: 'GET', url: urls.annChipBySlug })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/artchip/ann_renamed/tide' })).statusCode).toBe(200);
    expect(await priceInList(app, annChip.id)).toBe('30.00');
    expect(
      ChipPageSchema.parse((await app.inject({ method: 'GET', url: urls.list })).json()).items.find(
        (c) => c.id === annChip.id,
      )?.creatorUsername,
    ).toBe('ann_renamed');
    // A new public name also drops every chip history (they name who acted): the other chip's page
    // with them; its own answer stays.
    expect(await hits(app, urls, ['bobChip', 'bobChipBySlug', 'settings'])).toEqual({
      bobChip: true,
      bobChipBySlug: true,
      settings: true,
    });
  });

  it('site settings: the settings answers are fresh, the chips stay kept', async () => {
    const { app, urls } = await warmCatalogue();
    const admin = await insertAdmin(app.db);
    const put = await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/site-settings',
      payload: { customMintingCost: '17.00' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const settings = await app.inject({ method: 'GET', url: urls.settings });
    expect(settings.headers['x-cache']).toBe('miss');
    expect(settings.json()).toMatchObject({ customMintingCost: '17.00' });
    expect(await hits(app, urls, ['annChip', 'bobChip', 'list', 'annGallery'])).toEqual({
      annChip: true,
      bobChip: true,
      list: true,
      annGallery: true,
    });
  });

  it('a sign-up, a log-in and a statement that changes nothing drop nothing', async () => {
    const { app, urls } = await warmCatalogue();
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: 'newcomer@example.com',
        username: 'newcomer',
        password: 'password123',
        confirmPassword: 'password123',
      },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    await app.db
      .update(chips)
      .set({ status: 'sold' })
      .where(sql`false`);
    await app.publicCache.catchUp();
    expect(await hits(app, urls, Object.keys(urls))).toEqual(
      Object.fromEntries(Object.keys(urls).map((name) => [name, true])),
    );
  });
});
