// Issue 28, "One meaning per state" (decision 062): a made chip its creator has not listed (pending) is
// public, shown as not for sale, and moves like any chip its owner holds; only an admin's takedown
// (removed) hides a chip, and even then a tap of it answers "authentic, unavailable".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import { MIGRATIONS_DIR } from '#server/db/client.ts';
import { chips } from '#server/modules/chips/chips.table.ts';
import { resolvePageMeta } from '#server/platform/spa/page-meta.ts';
import { PAGE_META } from '#server/routes.ts';
import { AdminChipSchema } from '#shared/admin.schemas.ts';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { ChipSchema, GallerySchema, ChipPageSchema } from '#shared/chips.schemas.ts';
import { ApiErrorSchema } from '#shared/errors.ts';
import { StartHandoverResponseSchema } from '#shared/handovers.schemas.ts';
import { AdminOrderSchema, CreateArtchipResponseSchema } from '#shared/orders.schemas.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertChip, insertChipEvent } from '#tests/factories/chips.ts';
import { insertNfcTag, tapChip } from '#tests/factories/nfc.ts';
import { insertAddress, insertMedia, mintBody } from '#tests/factories/orders.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';

type Session = Awaited<ReturnType<typeof insertUser>>;

async function post(app: App, token: string | null, url: string, payload: object = {}) {
  const res = await injectAs(app, token, { method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** A creator's paid ship-to-me mint, made by the admin, shipped and delivered: never listed. */
async function chipAtHome(app: App, creator: Session, adminToken: string) {
  const image = await insertMedia(app.db, creator.user.id);
  const address = await insertAddress(app.db, creator.user.id);
  const mint = CheckoutResponseSchema.parse(
    (
      await post(
        app,
        creator.token,
        '/api/checkout',
        mintBody(image.originalUrl, { shippingOption: 'ship', shippingAddressId: address.id }),
      )
    ).json(),
  );
  await post(app, creator.token, `/api/orders/${mint.orderId}/complete`);
  const made = await post(app, adminToken, `/api/admin/orders/${mint.orderId}/create-artchip`);
  const chip = CreateArtchipResponseSchema.parse(made.json()).artchip;
  for (const payload of [
    { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z1' },
    { status: 'delivered' },
  ]) {
    const res = await injectAs(app, adminToken, {
      method: 'PATCH',
      url: `/api/admin/orders/${mint.orderId}/status`,
      payload,
    });
    expect(AdminOrderSchema.parse(res.json()).orderStatus).toBe(payload.status);
  }
  const tag = await insertNfcTag(app, chip.id);
  return { chip, tag };
}

const pageMeta = (app: App, pathname: string) =>
  resolvePageMeta(PAGE_META, app, new URL(pathname, app.config.publicUrl));

async function setup() {
  const app = await buildTestApp();
  const admin = await insertAdmin(app.db);
  const creator = await insertUser(app.db, { username: 'maker' });
  const friend = await insertUser(app.db, { username: 'friend' });
  return { app, admin, creator, friend };
}

// Each test mints through the real routes (checkout, payment, the admin making the chip and its placed
// disc, shipping and delivery): slower than a row insert, and the walk the issue asks for.
describe(
  'a made chip its creator has not listed is public, not for sale (decision 062)',
  { timeout: 90_000 },
  () => {
    it('its page, /uid page and QR answer everyone with the art, creator, owner and not for sale', async () => {
      const { app, admin, creator } = await setup();
      const { chip } = await chipAtHome(app, creator, admin.token);

      const res = await app.inject({ method: 'GET', url: `/api/artchip/${chip.id}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^public/);
      const page = ChipSchema.parse(res.json());
      expect(page).toMatchObject({
        status: 'pending',
        custody: 'with_owner',
        isForSale: false,
        isAvailable: false,
        creatorUsername: 'maker',
        ownerUsername: 'maker',
      });
      expect(page.imageUrl).not.toBeNull();
      expect(page.actions).toMatchObject({ buy: false, offer: false });

      const unit = await app.inject({ method: 'GET', url: `/api/artchip/unit/${page.unitId}` });
      expect(unit.statusCode, unit.body).toBe(200);
      expect(ChipSchema.parse(unit.json()).id).toBe(chip.id);
      const uidMeta = await pageMeta(app, `/uid?uid=${page.unitId}`);
      expect(uidMeta?.status ?? 200).toBe(200);
      expect(uidMeta?.title).toContain(page.title);
      const chipMeta = await pageMeta(app, `/artchip/maker/${page.slug}`);
      expect(chipMeta?.status ?? 200).toBe(200);
      expect(chipMeta?.title).toContain(page.title);
      expect((await app.inject({ method: 'GET', url: `/api/artchip/${chip.id}/qr.svg` })).statusCode).toBe(
        200,
      );
    });

    it('a tap says authentic and shows it; the gallery shows it; the marketplace does not', async () => {
      const { app, admin, creator } = await setup();
      const { chip, tag } = await chipAtHome(app, creator, admin.token);
      const tapped = await tapChip(app, tag, 1);
      expect(tapped).toMatchObject({ status: 'authentic', unavailable: false });
      expect(tapped.chip).toMatchObject({
        id: chip.id,
        status: 'pending',
        isForSale: false,
        creatorUsername: 'maker',
        ownerUsername: 'maker',
        actions: { buy: false },
      });

      const gallery = GallerySchema.parse((await app.inject('/api/artchip/gallery/maker')).json());
      expect(gallery.items.map((c) => c.id)).toEqual([chip.id]);
      // Not for sale: never in the marketplace grid or its search.
      const market = ChipPageSchema.parse((await app.inject('/api/artchip')).json());
      expect(market.items.map((c) => c.id)).not.toContain(chip.id);
      const search = `/api/artchip?q=${encodeURIComponent(chip.title)}`;
      expect(ChipPageSchema.parse((await app.inject(search)).json()).items).toEqual([]);
    });

    it('its owner may hand it over by tap; the actions say so', async () => {
      const { app, admin, creator } = await setup();
      const { chip, tag } = await chipAtHome(app, creator, admin.token);
      const own = ChipSchema.parse(
        (await injectAs(app, creator.token, { method: 'GET', url: `/api/artchip/${chip.id}` })).json(),
      );
      expect(own.actions).toMatchObject({
        activate: false,
        list: false,
        transfer: true,
        handover: true,
        report: true,
      });
      const ownerTap = await tapChip(app, tag, 1, creator.token);
      expect(ownerTap.handoverTap, 'the owner’s tap offers to hand over').not.toBeNull();
      const started = await post(app, creator.token, `/api/artchip/${chip.id}/handover`, {
        feePaidBy: 'claimant',
        tapToken: ownerTap.handoverTap!.token,
      });
      expect(StartHandoverResponseSchema.parse(started.json()).handover).toMatchObject({
        chipId: chip.id,
        status: 'open',
      });
      const fresh = await tapChip(app, tag, 2);
      expect(fresh.claim).not.toBeNull();
    });

    it('its owner may report it lost, clear it, and transfer it; the new owner holds it, still not for sale', async () => {
      const { app, admin, creator, friend } = await setup();
      const { chip } = await chipAtHome(app, creator, admin.token);
      const lost = await post(app, creator.token, `/api/artchip/${chip.id}/report`, { status: 'lost' });
      expect(ChipSchema.parse(lost.json())).toMatchObject({ reportStatus: 'lost', status: 'pending' });
      await post(app, creator.token, `/api/artchip/${chip.id}/report`, { status: 'none' });

      const placed = CheckoutResponseSchema.parse(
        (
          await post(app, creator.token, `/api/artchip/${chip.id}/transfer`, {
            recipient: friend.user.username,
          })
        ).json(),
      );
      // Never sold or listed: the fee is taken on its mint price.
      expect(placed.summary.totalCents).toBeGreaterThan(0);
      await post(app, creator.token, `/api/orders/${placed.orderId}/complete`);
      const [row] = await app.db.select().from(chips).where(eq(chips.id, chip.id));
      expect(row).toMatchObject({ ownerId: friend.user.id, custody: 'with_owner', status: 'pending' });
      const seen = ChipSchema.parse((await app.inject(`/api/artchip/${chip.id}`)).json());
      expect(seen).toMatchObject({ ownerUsername: 'friend', isForSale: false });
    });
  },
);

describe('an admin takedown hides a chip; a tap still says it is genuine (decision 062)', () => {
  it('page, /uid and QR answer 404 to visitors, not to its owner; a tap answers authentic and unavailable; restoring brings it back', async () => {
    const { app, admin, creator, friend } = await setup();
    const chip = await insertChip(app.db, {
      creatorId: creator.user.id,
      ownerId: friend.user.id,
      status: 'sold',
      custody: 'with_owner',
    });
    const tag = await insertNfcTag(app, chip.id);
    const takedown = await injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/admin/artchip/${chip.id}`,
      payload: { isActive: false },
    });
    expect(takedown.statusCode, takedown.body).toBe(200);
    expect(AdminChipSchema.parse(takedown.json())).toMatchObject({ status: 'removed', isActive: false });

    for (const url of [
      `/api/artchip/${chip.id}`,
      `/api/artchip/unit/${chip.unitId}`,
      `/api/artchip/${chip.id}/qr.svg`,
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(ApiErrorSchema.parse(res.json()).message).toBe('Artchip not found');
    }
    // The chip page renders bare (its owner may open it in the app), never with the chip's title.
    const hiddenMeta = await pageMeta(app, `/artchip/maker/${chip.slug}`);
    expect(hiddenMeta).toMatchObject({ noindex: true, description: '' });
    expect(JSON.stringify(hiddenMeta)).not.toContain(chip.title);
    expect((await pageMeta(app, `/uid?uid=${chip.unitId}`))?.status).toBe(404);
    const gallery = GallerySchema.parse((await app.inject('/api/artchip/gallery/maker')).json());
    expect(gallery.items).toEqual([]);

    const visitorTap = await tapChip(app, tag, 1);
    expect(visitorTap).toMatchObject({ status: 'authentic', chip: null, unavailable: true });
    const ownerTap = await tapChip(app, tag, 2, friend.token);
    expect(ownerTap).toMatchObject({ status: 'authentic', unavailable: false });
    expect(ownerTap.chip).toMatchObject({ status: 'removed', actions: { transfer: false, handover: false } });
    expect(ownerTap.handoverTap).toBeNull();

    // Its owner may not move it meanwhile.
    const moved = await injectAs(app, friend.token, {
      method: 'POST',
      url: `/api/artchip/${chip.id}/transfer`,
      payload: { recipient: creator.user.username },
    });
    expect(moved.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(moved.json()).message).toBe('This Artchip was taken down by an admin.');

    // Restored, it goes back to the status it had.
    const restored = await injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/admin/artchip/${chip.id}`,
      payload: { isActive: true },
    });
    expect(AdminChipSchema.parse(restored.json())).toMatchObject({ status: 'sold', isActive: true });
    expect((await app.inject({ method: 'GET', url: `/api/artchip/${chip.id}` })).statusCode).toBe(200);
  });

  it('the migration keeps chips taken down before it hidden, and leaves never-listed ones public', async () => {
    const { app, creator } = await setup();
    const made = await insertChip(app.db, { creatorId: creator.user.id, status: 'pending' });
    await insertChipEvent(app.db, { chipId: made.id, type: 'minted' });
    const takenDown = await insertChip(app.db, { creatorId: creator.user.id, status: 'pending' });
    await insertChipEvent(app.db, { chipId: takenDown.id, type: 'minted' });
    await insertChipEvent(app.db, { chipId: takenDown.id, type: 'unlisted', data: { status: 'pending' } });
    const unknown = await insertChip(app.db, { creatorId: creator.user.id, status: 'pending' });
    const unlisted = await insertChip(app.db, { creatorId: creator.user.id, status: 'inactive' });

    const migration = readFileSync(path.join(MIGRATIONS_DIR, '0024_removed_status.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toMatch(/^\s*--[\s\S]*UPDATE "chips"/);
    await app.db.execute(sql.raw(backfill));

    const statusOf = async (id: number) =>
      (await app.db.select({ status: chips.status }).from(chips).where(eq(chips.id, id)))[0]!.status;
    expect(await statusOf(made.id)).toBe('pending');
    expect(await statusOf(takenDown.id)).toBe('removed');
    expect(await statusOf(unknown.id)).toBe('removed');
    expect(await statusOf(unlisted.id)).toBe('inactive');
  });
});
