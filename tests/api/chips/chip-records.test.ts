import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { chipEvents, chips } from '#server/modules/chips/chips.table.ts';
import {
  assignUnitId,
  createChipRecord,
  recordChipEvent,
  toChipDto,
} from '#server/modules/chips/chips.service.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';

describe('createChipRecord', () => {
  it('slugifies the title, suffixes -2, -3 per creator, assigns a 14-digit unit ID and records minted', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db);
    const other = await insertUser(app.db);
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        await app.db.transaction((tx) =>
          createChipRecord(tx, { creatorId: user.id, title: 'Café Sunset #1!' }),
        ),
      );
    }
    const elsewhere = await app.db.transaction((tx) =>
      createChipRecord(tx, { creatorId: other.user.id, title: 'Café Sunset #1!' }),
    );
    expect(made.map((c) => c.slug)).toEqual(['cafe-sunset-1', 'cafe-sunset-1-2', 'cafe-sunset-1-3']);
    expect(elsewhere.slug).toBe('cafe-sunset-1');
    for (const c of [...made, elsewhere]) expect(c.unitId).toMatch(/^[1-9]\d{13}$/);
    expect(new Set([...made, elsewhere].map((c) => c.unitId)).size).toBe(4);
    expect(made[0]).toMatchObject({ ownerId: user.id, status: 'pending', isActive: false });

    const events = await app.db.select().from(chipEvents).where(eq(chipEvents.chipId, made[0]!.id));
    expect(events).toMatchObject([{ type: 'minted', actorUserId: user.id }]);
  });

  it('uses a wanted slug (admin custom URL path), fills image fields from a media row, and keeps unit IDs unpredictable', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db);
    const image = {
      id: 1,
      hash: 'h',
      uploaderId: null,
      mime: 'image/png',
      width: 900,
      height: 600,
      animated: false,
      originalUrl: '/media/orig.png',
      variants: [
        { width: 320, url: '/media/a.webp' },
        { width: 900, url: '/media/b.webp' },
      ],
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    const chip = await app.db.transaction((tx) =>
      createChipRecord(tx, {
        creatorId: user.id,
        title: 'Whatever',
        slug: 'My Custom Path',
        image,
        priceCents: 5000,
        orderId: null,
      }),
    );
    expect(chip).toMatchObject({
      slug: 'my-custom-path',
      imageUrl: '/media/b.webp',
      originalImageUrl: '/media/orig.png',
      imageWidth: 900,
      imageHeight: 600,
      // Never sold yet: the fee base starts at 0 whatever the listed price (issue 11).
      highestPriceCents: 0,
    });
    const next = await app.db.transaction((tx) =>
      createChipRecord(tx, { creatorId: user.id, title: 'Whatever 2' }),
    );
    expect(Math.abs(Number(next.unitId) - Number(chip.unitId))).toBeGreaterThan(1);
  });

  it('retries when a random unit ID is already taken, without aborting the caller transaction', async () => {
    const app = await buildTestApp();
    const existing = await insertChip(app.db, { unitId: '55555555555555' });
    const spy = vi.spyOn(crypto, 'randomInt');
    spy.mockImplementationOnce(() => 55555555555555).mockImplementationOnce(() => 66666666666666);
    const chip = await app.db.transaction((tx) =>
      createChipRecord(tx, { creatorId: existing.creatorId, title: 'Collision' }),
    );
    expect(chip.unitId).toBe('66666666666666');
  });

  it('refuses a duplicate NFC UID with a conflict', async () => {
    const app = await buildTestApp();
    const chip = await insertChip(app.db, { nfcUid: '04AABBCCDDEEFF' });
    await expect(
      app.db.transaction((tx) =>
        createChipRecord(tx, { creatorId: chip.creatorId, title: 'Twin', nfcUid: '04aabbccddeeff' }),
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('gives concurrent chips of one creator distinct slugs', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db);
    const rows = await Promise.all(
      [0, 1, 2].map(() =>
        app.db.transaction((tx) => createChipRecord(tx, { creatorId: user.id, title: 'Same' })),
      ),
    );
    expect(rows.map((r) => r.slug).sort()).toEqual(['same', 'same-2', 'same-3']);
  });
});

describe('assignUnitId', () => {
  it('assigns a unit ID once and returns the same one afterwards', async () => {
    const app = await buildTestApp();
    const chip = await insertChip(app.db, { unitId: null });
    const first = await app.db.transaction((tx) => assignUnitId(tx, chip.id));
    expect(first).toMatch(/^\d{14}$/);
    expect(await assignUnitId(app.db, chip.id)).toBe(first);
    const [row] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
    expect(row!.unitId).toBe(first);
  });

  it('retries on a taken ID and refuses an unknown chip', async () => {
    const app = await buildTestApp();
    await insertChip(app.db, { unitId: '77777777777777' });
    const chip = await insertChip(app.db, { unitId: null });
    vi.spyOn(crypto, 'randomInt')
      .mockImplementationOnce(() => 77777777777777)
      .mockImplementationOnce(() => 88888888888888);
    expect(await app.db.transaction((tx) => assignUnitId(tx, chip.id))).toBe('88888888888888');
    await expect(assignUnitId(app.db, 123456)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('recordChipEvent and toChipDto', () => {
  it('appends provenance events and maps rows to the wire shape', async () => {
    const app = await buildTestApp();
    const { user } = await insertUser(app.db, { username: 'sample-maker' });
    const chip = await insertChip(app.db, { creatorId: user.id, priceCents: 1999, title: 'Ocean' });
    const event = await recordChipEvent(app.db, {
      chipId: chip.id,
      type: 'priced',
      actorUserId: user.id,
      data: { priceCents: 1999 },
    });
    expect(event).toMatchObject({
      chipId: chip.id,
      type: 'priced',
      orderId: null,
      data: { priceCents: 1999 },
    });

    const ctx = { tokenPriceUsd: '0.003', viewer: null, now: new Date(), sale: { livePayments: false } };
    const people = {
      creatorProfileImageUrl: null,
      creatorFollowerCount: 0,
      ownerProfileImageUrl: null,
      ownerNameIsPrivate: null,
      lastSaleCents: null,
      lastSoldAt: null,
    };
    const dto = toChipDto({ chip, creatorUsername: 'sample-maker', ownerUsername: null, ...people }, ctx);
    // $19.99 / $0.003 = 6,663.33 tokens, shown rounded to whole tokens.
    expect(dto).toMatchObject({ priceUsd: '19.99', price: '6663', isDemo: true, ownerUsername: null });
    const unpriced = {
      chip: { ...chip, priceCents: null },
      creatorUsername: 'x',
      ownerUsername: null,
      ...people,
    };
    expect(toChipDto(unpriced, { ...ctx, tokenPriceUsd: '0.001' })).toMatchObject({
      price: null,
      priceUsd: null,
    });
  });
});
