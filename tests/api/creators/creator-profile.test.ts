import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ChipSchema } from '#shared/chips.schemas.ts';
import { CreatorProfileSchema } from '#shared/creators.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { users } from '#server/modules/users/users.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';
import { CHIP_STATES, insertChip } from '#tests/factories/chips.ts';
import { insertOrder } from '#tests/factories/orders.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const saveProfile = (app: App, token: string | null, body: unknown) =>
  injectAs(app, token, { method: 'PUT', url: '/api/users/creator-profile', payload: body as object });

/** A completed (or otherwise) purchase of `chipId` sold by `sellerId` at `cents`. */
async function sale(
  app: App,
  args: { chipId: number; sellerId: number; buyerId: number; cents: number; paymentStatus?: string },
) {
  return insertOrder(app.db, {
    orderType: 'purchase',
    chipId: args.chipId,
    sellerId: args.sellerId,
    buyerId: args.buyerId,
    paymentMethod: 'card',
    basePriceCents: args.cents,
    // Shipping is part of what the buyer paid, never of the sale's volume.
    shippingCents: 1000,
    totalCents: args.cents + 1000,
    paymentStatus: (args.paymentStatus ?? 'completed') as 'completed',
    status: 'completed',
    mintTitle: null,
  });
}

describe('GET /api/creators/:username', () => {
  it('answers the public profile with real figures: public chips, completed sales and their volume', async () => {
    const app = await buildTestApp();
    const { user: maker } = await insertUser(app.db, {
      username: 'Painter',
      profileImageUrl: '/media/painter.webp',
      bio: 'Oil on resin.',
      links: [{ label: 'Portfolio', url: 'https://painter.example' }],
      createdAt: new Date('2030-02-03T04:05:06.000Z'),
    });
    const { user: buyer } = await insertUser(app.db);
    const { user: other } = await insertUser(app.db);
    const listed = await insertChip(app.db, { creatorId: maker.id });
    const sold = await insertChip(app.db, { creatorId: maker.id, ...CHIP_STATES.sold, ownerId: buyer.id });
    await insertChip(app.db, { creatorId: maker.id, ...CHIP_STATES.inactive });
    // Made, not listed yet: public (decision 062); taken down: not counted.
    await insertChip(app.db, { creatorId: maker.id, ...CHIP_STATES.pending });
    await insertChip(app.db, { creatorId: maker.id, status: 'removed' });
    const othersChip = await insertChip(app.db, { creatorId: other.id });

    await sale(app, { chipId: sold.id, sellerId: maker.id, buyerId: buyer.id, cents: 4000 });
    await sale(app, { chipId: listed.id, sellerId: maker.id, buyerId: buyer.id, cents: 2550 });
    // Not sales of theirs: refunded, unpaid, someone else's, and a mint they paid for.
    await sale(app, {
      chipId: listed.id,
      sellerId: maker.id,
      buyerId: buyer.id,
      cents: 9900,
      paymentStatus: 'refunded',
    });
    await sale(app, {
      chipId: listed.id,
      sellerId: maker.id,
      buyerId: buyer.id,
      cents: 9900,
      paymentStatus: 'pending',
    });
    await sale(app, { chipId: othersChip.id, sellerId: other.id, buyerId: maker.id, cents: 7000 });
    await insertOrder(app.db, { buyerId: maker.id, paymentStatus: 'completed' });

    const res = await app.inject('/api/creators/painter');
    expect(res.statusCode, res.body).toBe(200);
    const profile = CreatorProfileSchema.parse(res.json());
    expect(profile).toEqual({
      username: 'Painter',
      profileImageUrl: '/media/painter.webp',
      bio: 'Oil on resin.',
      links: [{ label: 'Portfolio', url: 'https://painter.example' }],
      joinedAt: '2030-02-03T04:05:06.000Z',
      followerCount: 0,
      figures: { chipsMinted: 4, chipsSold: 2, salesVolumeCents: 6550 },
    });
    // Nothing private rides along (the response schema strips it; this guards the wire itself).
    expect(Object.keys(res.json<object>()).sort()).toEqual(
      ['bio', 'figures', 'followerCount', 'joinedAt', 'links', 'profileImageUrl', 'username'].sort(),
    );
    expect(res.body).not.toContain(maker.email);
    expect(res.headers['cache-control']).toContain('public');
  });

  it('answers zeros for a member with no chips and no sales', async () => {
    const app = await buildTestApp();
    await insertUser(app.db, { username: 'newcomer' });
    const res = await app.inject('/api/creators/newcomer');
    expect(res.statusCode).toBe(200);
    expect(CreatorProfileSchema.parse(res.json())).toMatchObject({
      bio: null,
      links: [],
      figures: { chipsMinted: 0, chipsSold: 0, salesVolumeCents: 0 },
    });
  });

  it('answers 404 "No creator @name" for a username nobody has', async () => {
    const app = await buildTestApp();
    const res = await app.inject('/api/creators/ghost');
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json())).toEqual({ code: 'NOT_FOUND', message: 'No creator @ghost' });
  });
});

describe('PUT /api/users/creator-profile', () => {
  it("saves the signed-in user's bio and links, trimmed, and the public profile shows them", async () => {
    const app = await buildTestApp();
    const { user, token } = await insertUser(app.db, { username: 'writer' });
    const { user: other } = await insertUser(app.db, { bio: 'Untouched' });
    // Read once first, so the public cache holds the old answer.
    expect(CreatorProfileSchema.parse((await app.inject('/api/creators/writer')).json()).bio).toBeNull();

    const res = await saveProfile(app, token, {
      bio: '  Resin and ink.  ',
      links: [
        { label: ' Shop ', url: ' https://shop.example/writer ' },
        { label: 'Blog', url: 'http://blog.example' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = {
      bio: 'Resin and ink.',
      links: [
        { label: 'Shop', url: 'https://shop.example/writer' },
        { label: 'Blog', url: 'http://blog.example' },
      ],
    };
    expect(CreatorProfileSchema.parse(res.json())).toMatchObject({ username: 'writer', ...saved });
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject(saved);
    const [untouched] = await app.db.select().from(users).where(eq(users.id, other.id));
    expect(untouched!.bio).toBe('Untouched');
    expect(CreatorProfileSchema.parse((await app.inject('/api/creators/writer')).json())).toMatchObject(
      saved,
    );

    // An empty bio clears it; no links removes them.
    const cleared = await saveProfile(app, token, { bio: '   ', links: [] });
    expect(CreatorProfileSchema.parse(cleared.json())).toMatchObject({ bio: null, links: [] });
  });

  it('refuses a visitor with 401 and changes nothing', async () => {
    const app = await buildTestApp();
    const res = await saveProfile(app, null, { bio: 'Hello', links: [] });
    expect(res.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('UNAUTHENTICATED');
  });

  it('refuses a bio over 500 characters, more than 5 links, and links that are not http(s)', async () => {
    const app = await buildTestApp();
    const { user, token } = await insertUser(app.db, { bio: 'Before' });
    const link = { label: 'Site', url: 'https://site.example' };
    const cases: [unknown, string, string][] = [
      [{ bio: 'x'.repeat(501), links: [] }, 'bio', 'Bio must be at most 500 characters'],
      [{ bio: '', links: Array.from({ length: 6 }, () => link) }, 'links', 'You can add at most 5 links'],
      [
        { bio: '', links: [{ label: 'Evil', url: 'javascript:alert(1)' }] },
        'links.0.url',
        'Links must be valid URLs starting with http:// or https://',
      ],
      [
        { bio: '', links: [{ label: 'Files', url: 'ftp://files.example' }] },
        'links.0.url',
        'Links must be valid URLs starting with http:// or https://',
      ],
      [
        { bio: '', links: [{ label: '  ', url: 'https://ok.example' }] },
        'links.0.label',
        'Link label is required',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await saveProfile(app, token, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      const error = ApiErrorSchema.parse(res.json());
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(error)).toContain(message);
      expect(JSON.stringify(error.fieldErrors ?? {})).toContain(field.split('.')[0]);
    }
    // 500 characters exactly is fine.
    const ok = await saveProfile(app, token, { bio: 'y'.repeat(500), links: [link] });
    expect(ok.statusCode).toBe(200);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.bio).toBe('y'.repeat(500));
  });
});

describe('chip avatars', () => {
  it("carries the creator's and the owner's avatars on the chip (the creator's while they own it)", async () => {
    const app = await buildTestApp();
    const { user: maker } = await insertUser(app.db, { username: 'maker', profileImageUrl: '/media/m.webp' });
    const { user: owner } = await insertUser(app.db, { username: 'owner', profileImageUrl: null });
    await insertChip(app.db, { creatorId: maker.id, slug: 'kept', ownerId: null });
    await insertChip(app.db, { creatorId: maker.id, slug: 'sold', ...CHIP_STATES.sold, ownerId: owner.id });
    const kept = ChipSchema.parse((await app.inject('/api/artchip/maker/kept')).json());
    expect(kept).toMatchObject({
      creatorProfileImageUrl: '/media/m.webp',
      ownerProfileImageUrl: '/media/m.webp',
    });
    const sold = ChipSchema.parse((await app.inject('/api/artchip/maker/sold')).json());
    expect(sold).toMatchObject({
      ownerUsername: 'owner',
      creatorProfileImageUrl: '/media/m.webp',
      ownerProfileImageUrl: null,
    });
  });
});
