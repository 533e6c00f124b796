import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { TapResultSchema, type TapResult } from '#shared/nfc.schemas.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { makeSunTapQuery } from '#tests/helpers/sun-tap.ts';
import { insertChipEvent } from '#tests/factories/chips.ts';
import { setupTaggedChip } from '#tests/factories/nfc.ts';
import { insertUser } from '#tests/factories/users.ts';

async function tap(app: App, query: string): Promise<TapResult> {
  const res = await app.inject({ method: 'GET', url: `/api/artchip/tap?${query}` });
  expect(res.statusCode).toBe(200);
  return TapResultSchema.parse(res.json());
}

/** The chip sold to `buyerId` for $28.00 on 2030-03-04, listed before at $80.00, now with its buyer. */
async function sellTo(app: App, chipId: number, sellerId: number, buyerId: number) {
  await app.db
    .update(chips)
    .set({
      status: 'sold',
      ownerId: buyerId,
      custody: 'with_owner',
      priceCents: 8000,
      highestPriceCents: 2800,
    })
    .where(eq(chips.id, chipId));
  await insertChipEvent(app.db, {
    chipId,
    type: 'sold',
    actorUserId: buyerId,
    createdAt: new Date('2030-03-04T12:00:00Z'),
    data: { priceCents: 2800, sellerId, buyerId, shippingOption: 'ship' },
  });
}

describe('GET /api/artchip/tap answers whose the chip is and whether it is for sale (issue 27)', () => {
  it('a sold chip its buyer holds: the owner by name, what it sold for and when, not for sale', async () => {
    const app = await buildTestApp();
    const { chip, creator, tag } = await setupTaggedChip(app);
    const bob = await insertUser(app.db, { username: 'bob_collects' });
    await sellTo(app, chip.id, creator.user.id, bob.user.id);

    const result = await tap(app, makeSunTapQuery({ ...tag, counter: 1 }));
    expect(result.status).toBe('authentic');
    expect(result.chip).toMatchObject({
      ownerId: bob.user.id,
      ownerUsername: 'bob_collects',
      ownerIsCollector: false,
      status: 'sold',
      isForSale: false,
      lastSale: { priceCents: 2800, soldAt: '2030-03-04T12:00:00.000Z' },
      actions: { buy: false },
    });
  });

  it("a guest buyer reads as a collector: the e-mail's name is never sent", async () => {
    const app = await buildTestApp();
    const { chip, creator, tag } = await setupTaggedChip(app);
    // A guest checkout names the account from its e-mail (findOrCreateGuestUser), privately (decision 060).
    const guest = await insertUser(app.db, {
      email: 'jane.doe@example.com',
      username: 'jane.doe_4821',
      usernameIsPrivate: true,
    });
    await sellTo(app, chip.id, creator.user.id, guest.user.id);

    const result = await tap(app, makeSunTapQuery({ ...tag, counter: 1 }));
    expect(result.chip).toMatchObject({ ownerIsCollector: true, ownerUsername: null });
    expect(JSON.stringify(result)).not.toContain('jane.doe');
  });

  it('a listed chip: its price and Buy for a visitor; no sale yet', async () => {
    const app = await buildTestApp();
    const { chip, creator, tag } = await setupTaggedChip(app);
    const result = await tap(app, makeSunTapQuery({ ...tag, counter: 1 }));
    expect(result.chip).toMatchObject({
      id: chip.id,
      status: 'active',
      isForSale: true,
      priceUsd: '25.00',
      ownerUsername: creator.user.username,
      lastSale: null,
      actions: { buy: true },
    });
  });

  it("the chip's provenance names who sold and who bought; a guest buyer as a collector", async () => {
    const app = await buildTestApp();
    const { chip, creator } = await setupTaggedChip(app);
    const guest = await insertUser(app.db, {
      email: 'jane.doe@example.com',
      username: 'jane.doe_4821',
      usernameIsPrivate: true,
    });
    await sellTo(app, chip.id, creator.user.id, guest.user.id);
    const res = await app.inject({ method: 'GET', url: `/api/artchip/${chip.id}/events` });
    expect(res.statusCode).toBe(200);
    const events = res.json<{ type: string; actorUsername: string | null; data: object }[]>();
    const sold = events.find((e) => e.type === 'sold');
    expect(sold).toMatchObject({
      actorUsername: null,
      data: { priceCents: 2800, sellerUsername: creator.user.username, buyerUsername: null },
    });
    expect(res.body).not.toContain('jane.doe');
  });
});
