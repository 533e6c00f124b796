import { describe, expect, it } from 'vitest';
import { ChipEventSchema, ChipSchema, GallerySchema } from '#shared/chips.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { CHIP_STATES, insertChip, insertChipEvent } from '#tests/factories/chips.ts';

function expectNotFound(res: { statusCode: number; json: () => unknown }, message = 'Artchip not found') {
  expect(res.statusCode).toBe(404);
  expect(ApiErrorSchema.parse(res.json())).toMatchObject({ code: 'NOT_FOUND', message });
}

describe('GET /api/artchip/:username/:slug', () => {
  it('returns the chip (username case-insensitive) public but revalidated (its actions change on a sale) with ETag/304', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { username: 'Maker' });
    const chip = await insertChip(app.db, {
      creatorId: user.id,
      slug: 'night-sky',
      title: 'Night Sky',
      priceCents: 1234,
    });
    const res = await app.inject('/api/artchip/maker/night-sky');
    expect(res.statusCode).toBe(200);
    expect(ChipSchema.parse(res.json())).toMatchObject({
      id: chip.id,
      slug: 'night-sky',
      creatorUsername: 'Maker',
      priceUsd: '12.34',
      price: '12340',
      unitId: chip.unitId,
    });
    expect(res.headers['cache-control']).toBe(
      'public, max-age=0, must-revalidate, s-maxage=5, stale-while-revalidate=30',
    );
    const again = await app.inject({
      url: '/api/artchip/Maker/Night-Sky',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for an unknown creator or slug', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { username: 'maker' });
    await insertChip(app.db, { creatorId: user.id, slug: 'one' });
    expectNotFound(await app.inject('/api/artchip/maker/two'));
    expectNotFound(await app.inject('/api/artchip/nobody/one'));
  });

  it('keeps sold chips viewable', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { username: 'maker' });
    const buyer = await insertUser(app.db, { username: 'buyer' });
    await insertChip(app.db, {
      creatorId: user.id,
      ownerId: buyer.user.id,
      slug: 'gone',
      ...CHIP_STATES.sold,
    });
    const res = await app.inject('/api/artchip/maker/gone');
    expect(res.statusCode).toBe(200);
    expect(ChipSchema.parse(res.json())).toMatchObject({
      status: 'sold',
      isAvailable: false,
      ownerUsername: 'buyer',
    });
  });

  it('shows a taken-down chip only to its creator, owner or an admin, never cached publicly', async () => {
    const app = await buildTestApp();
    const creator = await insertUser(app.db, { username: 'maker' });
    const owner = await insertUser(app.db);
    const stranger = await insertUser(app.db);
    const admin = await insertAdmin(app.db);
    for (const state of [CHIP_STATES.removed]) {
      const chip = await insertChip(app.db, { creatorId: creator.user.id, ownerId: owner.user.id, ...state });
      for (const url of [
        `/api/artchip/maker/${chip.slug}`,
        `/api/artchip/${chip.id}`,
        `/api/artchip/unit/${chip.unitId}`,
      ]) {
        expectNotFound(await app.inject(url));
        expectNotFound(await injectAs(app, stranger.token, { method: 'GET', url }));
        for (const token of [creator.token, owner.token, admin.token]) {
          const res = await injectAs(app, token, { method: 'GET', url });
          expect(res.statusCode, url).toBe(200);
          expect(ChipSchema.parse(res.json()).status).toBe(state.status);
          expect(res.headers['cache-control']).toBe('private, no-cache');
        }
      }
    }
  });

  it('shows an unlisted (inactive) chip to everyone as not for sale, with no Buy or Offer', async () => {
    const app = await buildTestApp();
    const creator = await insertUser(app.db, { username: 'maker' });
    const chip = await insertChip(app.db, { creatorId: creator.user.id, ...CHIP_STATES.inactive });
    const res = await app.inject(`/api/artchip/maker/${chip.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    const dto = ChipSchema.parse(res.json());
    expect(dto).toMatchObject({ status: 'inactive', isAvailable: false, isActive: true });
    expect(dto.actions).toMatchObject({ buy: false, offer: false });
  });

  it('reaches a chip whose slug looks like a sub-route', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { username: 'maker' });
    const chip = await insertChip(app.db, { creatorId: user.id, slug: 'events' });
    const res = await app.inject('/api/artchip/maker/events');
    expect(res.statusCode).toBe(200);
    expect(ChipSchema.parse(res.json()).id).toBe(chip.id);
  });
});

describe('GET /api/artchip/:id', () => {
  it('returns a chip by numeric id; 404 when unknown; 400 when not a valid id', async () => {
    const app = await buildTestApp();
    const chip = await insertChip(app.db);
    const res = await app.inject(`/api/artchip/${chip.id}`);
    expect(res.statusCode).toBe(200);
    expect(ChipSchema.parse(res.json()).id).toBe(chip.id);
    expect(res.headers['cache-control']).toBe(
      'public, max-age=0, must-revalidate, s-maxage=5, stale-while-revalidate=30',
    );
    expectNotFound(await app.inject('/api/artchip/987654'));
    const tooBig = await app.inject('/api/artchip/99999999999');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Invalid Artchip ID' });
  });

  it('is not confused with the static catalogue routes', async () => {
    const app = await buildTestApp();
    expect((await app.inject('/api/artchip/featured')).statusCode).toBe(200);
    expect((await app.inject('/api/artchip/stats')).statusCode).toBe(200);
    expect((await app.inject('/api/artchip/gallery')).statusCode).toBe(404);
  });
});

describe('GET /api/artchip/unit/:uid', () => {
  it('finds a chip by its 14-digit unit ID', async () => {
    const app = await buildTestApp();
    const chip = await insertChip(app.db, { unitId: '12345678901234' });
    const res = await app.inject('/api/artchip/unit/12345678901234');
    expect(res.statusCode).toBe(200);
    expect(ChipSchema.parse(res.json())).toMatchObject({ id: chip.id, unitId: '12345678901234' });
    expectNotFound(await app.inject('/api/artchip/unit/99999999999999'));
  });

  it('refuses anything but 14 digits with 400', async () => {
    const app = await buildTestApp();
    for (const uid of ['123', '1234567890123', '123456789012345', 'abcdefghijklmn', '1234567890123a']) {
      const res = await app.inject(`/api/artchip/unit/${uid}`);
      expect(res.statusCode, uid).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Invalid Artchip ID. Please enter a valid 14-digit ID.',
      });
    }
  });
});

describe('GET /api/artchip/by-uid/:uid', () => {
  it('finds a chip by its NFC UID, ignoring case and colons', async () => {
    const app = await buildTestApp();
    const chip = await insertChip(app.db, { nfcUid: '04A1B2C3D4E5F6' });
    for (const uid of ['04A1B2C3D4E5F6', '04a1b2c3d4e5f6', '04:A1:B2:C3:D4:E5:F6']) {
      const res = await app.inject(`/api/artchip/by-uid/${uid}`);
      expect(res.statusCode, uid).toBe(200);
      expect(ChipSchema.parse(res.json()).id).toBe(chip.id);
    }
    expectNotFound(await app.inject('/api/artchip/by-uid/04FFFFFFFFFFFF'));
    const bad = await app.inject('/api/artchip/by-uid/not-hex');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Invalid NFC UID' });
  });
});

describe('GET /api/artchip/:id/events', () => {
  it('lists the provenance newest first with actor usernames', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { username: 'maker' });
    const buyer = await insertUser(app.db, { username: 'buyer' });
    const chip = await insertChip(app.db, { creatorId: user.id });
    const t = Date.now();
    const minted = await insertChipEvent(app.db, {
      chipId: chip.id,
      type: 'minted',
      actorUserId: user.id,
      createdAt: new Date(t - 3000),
    });
    const listed = await insertChipEvent(app.db, {
      chipId: chip.id,
      type: 'listed',
      actorUserId: user.id,
      data: { priceCents: 2500 },
      createdAt: new Date(t - 2000),
    });
    const sold = await insertChipEvent(app.db, {
      chipId: chip.id,
      type: 'sold',
      actorUserId: buyer.user.id,
      createdAt: new Date(t - 1000),
    });
    const system = await insertChipEvent(app.db, {
      chipId: chip.id,
      type: 'verified_tap',
      actorUserId: null,
    });
    const res = await app.inject(`/api/artchip/${chip.id}/events`);
    expect(res.statusCode).toBe(200);
    const events = ChipEventSchema.array().parse(res.json());
    expect(events.map((e) => e.id)).toEqual([system.id, sold.id, listed.id, minted.id]);
    expect(events.map((e) => e.actorUsername)).toEqual([null, 'buyer', 'maker', 'maker']);
    expect(events[2]).toMatchObject({ type: 'listed', data: { priceCents: 2500 } });
    expect(res.headers['cache-control']).toBe(
      'public, max-age=0, must-revalidate, s-maxage=5, stale-while-revalidate=30',
    );
  });

  it('hides the events of a hidden chip and answers 404 for unknown chips', async () => {
    const app = await buildTestApp();
    const creator = await insertUser(app.db);
    const chip = await insertChip(app.db, { creatorId: creator.user.id, ...CHIP_STATES.removed });
    await insertChipEvent(app.db, { chipId: chip.id });
    expectNotFound(await app.inject(`/api/artchip/${chip.id}/events`));
    const own = await injectAs(app, creator.token, { method: 'GET', url: `/api/artchip/${chip.id}/events` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toHaveLength(1);
    expectNotFound(await app.inject('/api/artchip/424242/events'));
  });
});

describe('GET /api/artchip/gallery/:username', () => {
  it("lists the creator's listed, unlisted, sold and not-yet-listed chips (never taken-down ones), newest first, with a count", async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, {
      username: 'Maker',
      profileImageUrl: 'https://example.com/me.png',
    });
    const t = Date.now();
    const a = await insertChip(app.db, { creatorId: user.id, createdAt: new Date(t - 3000) });
    const b = await insertChip(app.db, {
      creatorId: user.id,
      ...CHIP_STATES.sold,
      createdAt: new Date(t - 2000),
    });
    const c = await insertChip(app.db, {
      creatorId: user.id,
      ...CHIP_STATES.inactive,
      createdAt: new Date(t - 1000),
    });
    // Made and never listed: shown, not for sale (decision 062); taken down by an admin: never.
    const d = await insertChip(app.db, {
      creatorId: user.id,
      ...CHIP_STATES.pending,
      createdAt: new Date(t),
    });
    await insertChip(app.db, { creatorId: user.id, ...CHIP_STATES.removed });
    await insertChip(app.db);
    const res = await app.inject('/api/artchip/gallery/maker');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(
      'public, max-age=0, must-revalidate, s-maxage=5, stale-while-revalidate=30',
    );
    const gallery = GallerySchema.parse(res.json());
    expect(gallery.user).toEqual({
      username: 'Maker',
      profileImageUrl: 'https://example.com/me.png',
      followerCount: 0,
    });
    expect(gallery.items.map((x) => x.id)).toEqual([d.id, c.id, b.id, a.id]);
    expect(gallery.items[0]).toMatchObject({ status: 'pending', isForSale: false });
    expect(gallery.count).toBe(4);
    expect(gallery.nextCursor).toBeNull();
  });

  it('pages with a cursor, the count covering every page', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { username: 'maker' });
    for (let i = 0; i < 5; i++) await insertChip(app.db, { creatorId: user.id });
    const first = GallerySchema.parse((await app.inject('/api/artchip/gallery/maker?limit=3')).json());
    expect(first.items).toHaveLength(3);
    expect(first.count).toBe(5);
    const second = GallerySchema.parse(
      (await app.inject(`/api/artchip/gallery/maker?limit=3&cursor=${first.nextCursor}`)).json(),
    );
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((x) => x.id)).size).toBe(5);
  });

  it('answers an empty gallery for a user without chips, 404 for an unknown user', async () => {
    const app = await buildTestApp();
    await insertUser(app.db, { username: 'newbie' });
    const empty = GallerySchema.parse((await app.inject('/api/artchip/gallery/newbie')).json());
    expect(empty).toMatchObject({ items: [], count: 0 });
    expectNotFound(await app.inject('/api/artchip/gallery/ghost'), 'User not found');
  });
});
