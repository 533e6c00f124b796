import type { ServiceContext } from '#server/lib/service-context.ts';
import { sql } from 'drizzle-orm';
import { BRAND } from '#shared/brand.ts';
import { parsePercentToBasisPoints } from '#shared/money.ts';
import { splitSale } from '#shared/pricing.ts';
import { DEFAULT_SITE_SETTINGS } from '#shared/settings.schemas.ts';
import type { BootstrapStep } from '#server/lib/bootstrap-step.ts';
import type { Db } from '#server/db/client.ts';
import { createCode } from '#server/lib/tokens.ts';
import {
  chips,
  createChipRecord,
  lockChipForChange,
  recordChipEvent,
  sellChip,
} from '#server/modules/chips/index.ts';
import { users } from '#server/modules/users/index.ts';
import { orders } from '#server/modules/orders/index.ts';
import { recordSeededDemoPayment } from '#server/flows/settlement/index.ts';
import { bookPayment, bookSale } from '#server/modules/ledger/index.ts';
import {
  type MediaRow,
  type PlacedDisc,
  processUpload,
  renderPlacedDisc,
} from '#server/modules/media/index.ts';
import { renderArtwork, type ArtworkRecipe } from './demo-artwork.ts';

/** The company account: creator 1, labelled Company (spec §3). */
export const COMPANY_USERNAME = BRAND.slug;
const DEMO_COLLECTOR = 'demo-collector';

/** Demo creators. Every name (or title) carries a demo keyword, so the demo-banner rule marks them. */
const DEMO_CREATORS = [
  { username: 'demo', firstName: 'Demo', lastName: 'Creator' },
  { username: 'sample-artist', firstName: 'Sample', lastName: 'Artist' },
  { username: 'example-studio', firstName: 'Example', lastName: 'Studio' },
] as const;

type DemoChip = {
  creator: string;
  title: string;
  description: string;
  shape: 'round' | 'square';
  priceCents: number;
  isSold?: boolean;
  art: ArtworkRecipe;
};

export const DEMO_CHIPS: DemoChip[] = [
  {
    creator: 'demo',
    title: 'Demo Sunrise Bloom',
    description: 'Warm petals opening over a dawn gradient.',
    shape: 'round',
    priceCents: 2500,
    art: { colors: ['#ff9a8b', '#ff6a88', '#fff1b8'], motif: 'petals' },
  },
  {
    creator: 'demo',
    title: 'Demo Neon Tide',
    description: 'Electric waves rolling across a night sea.',
    shape: 'square',
    priceCents: 4000,
    isSold: true,
    art: { colors: ['#0f2027', '#2c5364', '#39ff14'], motif: 'waves' },
  },
  {
    creator: 'demo',
    title: 'Demo Prism Garden',
    description: 'Concentric rings of refracted light.',
    shape: 'round',
    priceCents: 3000,
    art: { colors: ['#8e2de2', '#4a00e0', '#f8f8ff'], motif: 'rings' },
  },
  {
    creator: 'sample-artist',
    title: 'Sample Orbit Study',
    description: 'Six moons circling a quiet centre.',
    shape: 'round',
    priceCents: 6000,
    art: { colors: ['#141e30', '#243b55', '#ffd166'], motif: 'orbit' },
  },
  {
    creator: 'sample-artist',
    title: 'Sample Paper Cranes',
    description: 'Folded birds in flight, in four strokes each.',
    shape: 'square',
    priceCents: 3500,
    art: { colors: ['#fdfcfb', '#e2d1c3', '#c0392b'], motif: 'cranes' },
  },
  {
    creator: 'sample-artist',
    title: 'Sample Quiet Forest',
    description: 'Tall stripes of pine at dusk.',
    shape: 'round',
    priceCents: 8000,
    isSold: true,
    art: { colors: ['#134e5e', '#71b280', '#0b3d2e'], motif: 'stripes' },
  },
  {
    creator: 'example-studio',
    title: 'Example Grid No. 7',
    description: 'A modular grid with a diagonal rhythm.',
    shape: 'square',
    priceCents: 12000,
    art: { colors: ['#f7971e', '#ffd200', '#1b1b1b'], motif: 'grid' },
  },
  {
    creator: 'example-studio',
    title: 'Example Halftone Moon',
    description: 'A full moon made of dots.',
    shape: 'round',
    priceCents: 5500,
    art: { colors: ['#000428', '#004e92', '#f0f0f0'], motif: 'moon' },
  },
  {
    creator: 'example-studio',
    title: 'Example Signal Lines',
    description: 'Radio waves drawn as a landscape.',
    shape: 'square',
    priceCents: 4500,
    art: { colors: ['#43cea2', '#185a9d', '#ffffff'], motif: 'waves' },
  },
  {
    creator: 'example-studio',
    title: 'Example Coral Drift',
    description: 'Coral rings drifting in warm water.',
    shape: 'round',
    priceCents: 2800,
    art: { colors: ['#ff7e5f', '#feb47b', '#6a0572'], motif: 'rings' },
  },
  {
    creator: COMPANY_USERNAME,
    title: 'Demo Company Edition: Genesis',
    description: `The first ${BRAND.name} from the studio.`,
    shape: 'round',
    priceCents: 10000,
    art: { colors: ['#232526', '#414345', '#e5c07b'], motif: 'orbit' },
  },
  {
    creator: COMPANY_USERNAME,
    title: 'Demo Company Edition: Resin Wave',
    description: 'A square wave cast in clear resin.',
    shape: 'square',
    priceCents: 7500,
    isSold: true,
    art: { colors: ['#1e3c72', '#2a5298', '#a1c4fd'], motif: 'stripes' },
  },
];

async function hasAnyChip(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: chips.id }).from(chips).limit(1);
  return Boolean(row);
}

async function hasUser(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return Boolean(row);
}

/** Finds or creates a passwordless, verified account (nobody can log in as it). */
async function ensureUser(
  tx: Db,
  values: { username: string; firstName: string; lastName: string; isDemo: boolean },
): Promise<number> {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${values.username.toLowerCase()}`)
    .limit(1);
  if (existing) return existing.id;
  const [row] = await tx
    .insert(users)
    .values({
      ...values,
      email: `${values.username}@demo.${BRAND.slug}.example`,
      passwordHash: null,
      role: 'user',
      isEmailVerified: true,
      affiliateCode: createCode(10),
    })
    .returning({ id: users.id });
  return row!.id;
}

/** Writes a paid purchase of `chipId` the way a completed checkout would: order, ledger, sale, ownership. */
async function recordDemoSale(
  tx: Db,
  sale: { chipId: number; sellerId: number; buyerId: number; priceCents: number; paidAt: Date },
): Promise<void> {
  const [order] = await tx
    .insert(orders)
    .values({
      orderType: 'purchase',
      buyerId: sale.buyerId,
      chipId: sale.chipId,
      sellerId: sale.sellerId,
      status: 'completed',
      paymentStatus: 'completed',
      paymentMethod: 'card',
      paymentProvider: 'demo',
      shippingOption: 'store',
      basePriceCents: sale.priceCents,
      totalCents: sale.priceCents,
      paidAt: sale.paidAt,
      createdAt: sale.paidAt,
    })
    .returning({ id: orders.id });
  const paid = {
    id: order!.id,
    buyerId: sale.buyerId,
    chipId: sale.chipId,
    totalCents: sale.priceCents,
    shippingCents: 0,
    insuranceCents: 0,
  };
  const split = splitSale({
    salePriceCents: sale.priceCents,
    highestSaleCents: 0,
    platformFeeBasisPoints: parsePercentToBasisPoints(DEFAULT_SITE_SETTINGS.platformFeePercent),
    feeBase: DEFAULT_SITE_SETTINGS.feeBase,
  });
  const paymentKey = await recordSeededDemoPayment(tx, {
    orderId: order!.id,
    amountCents: sale.priceCents,
    at: sale.paidAt,
  });
  await bookPayment(tx, { order: paid, provider: 'demo', paymentKey, amountCents: sale.priceCents });
  await bookSale(tx, {
    order: paid,
    sellerId: sale.sellerId,
    sellerProceedsCents: split.sellerProceedsCents,
    directToSeller: false,
  });
  const chip = (await lockChipForChange(tx, sale.chipId))!;
  await sellChip(tx, chip, {
    orderId: order!.id,
    buyerId: sale.buyerId,
    sellerId: sale.sellerId,
    priceCents: sale.priceCents,
    shippingOption: 'store',
  });
}

/**
 * Seeds the demo catalogue (PRODUCT.md "Demo catalogue") into an empty database: the company account
 * (created first, so it is user 1 on a fresh install), demo creators and a collector, and a dozen
 * chips with artwork generated now and stored through the normal upload pipeline; some listed, some
 * sold. Skipped when SEED_DEMO=false, when any chip exists, or when it already ran once (the `demo`
 * account exists), so an admin who removes the demo chips does not get them back on restart.
 * Writes users, orders and ledger rows directly: this is fixture data, not a use case of those features.
 */
export async function seedDemoCatalogue(ctx: ServiceContext): Promise<{ chipsCreated: number }> {
  if (!ctx.config.seedDemo) return { chipsCreated: 0 };
  if ((await hasAnyChip(ctx.db)) || (await hasUser(ctx.db, DEMO_CREATORS[0].username)))
    return { chipsCreated: 0 };

  // Image work and file writes happen before the transaction (no slow work while holding locks).
  // One image after another: they queue for the image workers anyway, and a burst of twelve would
  // overflow the queue of a small machine (docs/decisions/026-image-worker-pool.md).
  const images: MediaRow[] = [];
  const discs: (PlacedDisc | null)[] = [];
  for (const c of DEMO_CHIPS) {
    const image = await processUpload(ctx, await renderArtwork(c.art), { uploaderId: null });
    images.push(image);
    // Demo chips are pictured as made too: their placed disc (centred, in their shape).
    discs.push(await renderPlacedDisc(ctx, { artworkUrl: image.originalUrl, shape: c.shape, crop: null }));
  }

  const now = ctx.clock().getTime();
  return ctx.db.transaction(async (tx) => {
    // Several servers starting together on one PostgreSQL: one seeds, the others see its chips.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    if (await hasAnyChip(tx)) return { chipsCreated: 0 };

    const ids = new Map<string, number>();
    ids.set(
      COMPANY_USERNAME,
      await ensureUser(tx, {
        username: COMPANY_USERNAME,
        firstName: BRAND.name,
        lastName: 'Studio',
        isDemo: false,
      }),
    );
    for (const creator of DEMO_CREATORS) {
      ids.set(creator.username, await ensureUser(tx, { ...creator, isDemo: true }));
    }
    const collectorId = await ensureUser(tx, {
      username: DEMO_COLLECTOR,
      firstName: 'Demo',
      lastName: 'Collector',
      isDemo: true,
    });

    for (const [i, demo] of DEMO_CHIPS.entries()) {
      const creatorId = ids.get(demo.creator)!;
      // Oldest first, an hour apart, so "newest" has a stable order.
      const createdAt = new Date(now - (DEMO_CHIPS.length - i) * 3_600_000);
      const chip = await createChipRecord(tx, {
        creatorId,
        title: demo.title,
        description: demo.description,
        shape: demo.shape,
        priceCents: demo.priceCents,
        image: images[i]!,
        disc: discs[i] ?? null,
        status: 'active',
        isDemo: true,
        nfcUid: `04DE30${String(i + 1).padStart(8, '0')}`,
        createdAt,
      });
      await recordChipEvent(tx, {
        chipId: chip.id,
        type: 'listed',
        actorUserId: creatorId,
        data: { priceCents: demo.priceCents },
      });
      if (demo.isSold) {
        await recordDemoSale(tx, {
          chipId: chip.id,
          sellerId: creatorId,
          buyerId: collectorId,
          priceCents: demo.priceCents,
          paidAt: new Date(createdAt.getTime() + 1_800_000),
        });
      }
    }
    return { chipsCreated: DEMO_CHIPS.length };
  });
}

/**
 * On a fresh install (no users at all) creates the company account, so it is user 1 whatever else
 * start-up creates next (the first admin) and whether or not the demo catalogue is seeded.
 */
async function ensureCompanyAccount(ctx: ServiceContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [anyUser] = await tx.select({ id: users.id }).from(users).limit(1);
    if (!anyUser) {
      // The company is a real account (its chips and sales count), not part of the demo catalogue.
      await ensureUser(tx, {
        username: COMPANY_USERNAME,
        firstName: BRAND.name,
        lastName: 'Studio',
        isDemo: false,
      });
    }
  });
}

/** BOOTSTRAP_STEPS entry (first, so the company is user 1): company account, then the demo catalogue. */
export const demoSeedStep: BootstrapStep = {
  name: 'demo catalogue',
  run: async (ctx) => {
    const started = Date.now();
    await ensureCompanyAccount(ctx);
    const { chipsCreated } = await seedDemoCatalogue(ctx);
    if (chipsCreated > 0) ctx.log.info({ chipsCreated, ms: Date.now() - started }, 'demo catalogue seeded');
  },
};
