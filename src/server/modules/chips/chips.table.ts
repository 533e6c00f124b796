import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  CHIP_CUSTODIES,
  CHIP_EVENT_TYPES,
  CHIP_REPORT_STATUSES,
  CHIP_SHAPES,
  CHIP_STATUSES,
  type ImageVariant,
} from '#shared/chips.schemas.ts';
import { baseColumns, checkOneOf, tstz } from '#server/db/columns.ts';
import { users } from '#server/modules/users/users.table.ts';

export const chips = pgTable(
  'chips',
  {
    ...baseColumns,
    creatorId: integer()
      .notNull()
      .references(() => users.id),
    /** Possession is ownership: the current owner (the creator until the first sale). */
    ownerId: integer().references(() => users.id),
    title: text().notNull(),
    slug: text().notNull(),
    description: text(),
    /** USD price in cents; null until the owner prices it. */
    priceCents: integer(),
    /**
     * Highest USD price the chip has actually been sold for on Artchip (0 before its first sale): the
     * platform fee's base (PRODUCT.md). A listed or asked price never counts; only sellChip raises it.
     */
    highestPriceCents: integer().notNull().default(0),
    /** People watching it (issue 31): kept with each watch and unwatch, so a card costs no count query. */
    watchCount: integer().notNull().default(0),
    imageUrl: text(),
    originalImageUrl: text(),
    adminImageUrl: text(),
    adminVideoUrl: text(),
    additionalImageUrls: jsonb().$type<string[]>().notNull().default([]),
    /** Responsive variants of the main image: [{ width, url }]. */
    imageVariants: jsonb().$type<ImageVariant[]>().notNull().default([]),
    imageWidth: integer(),
    imageHeight: integer(),
    /**
     * The chip as it will be made: the artwork placed by shape and crop (media's renderPlacedDisc),
     * shown wherever the chip is pictured. discUrl is its largest WebP rendition, discVariants all of
     * them, discShareUrl a PNG for link previews and e-mail; discKey names the artwork and design it
     * shows (it is made again when they change). Null/empty: not made (the artwork is shown).
     */
    discUrl: text(),
    discVariants: jsonb().$type<ImageVariant[]>().notNull().default([]),
    discShareUrl: text(),
    discKey: text(),
    /** 14-digit unit ID, assigned once when the chip is made. */
    unitId: text(),
    nfcUid: text(),
    /** Derived from status (chip-lifecycle.ts writes status only): the spec's wire flags. */
    isAvailable: boolean().generatedAlwaysAs(sql`status = 'active'`),
    isActive: boolean().generatedAlwaysAs(sql`status not in ('pending', 'removed')`),
    isForSale: boolean().generatedAlwaysAs(sql`status = 'active'`),
    isSurprize: boolean().notNull().default(false),
    associatedUrl: text(),
    tiktokUrl: text(),
    youtubeUrl: text(),
    instagramUrl: text(),
    xUrl: text(),
    facebookUrl: text(),
    paypalEnabled: boolean().notNull().default(false),
    shape: text().$type<(typeof CHIP_SHAPES)[number]>().notNull().default('round'),
    /**
     * How the creator placed the artwork in the disc in the mint studio: the centre as a fraction of
     * the image (x, y in 0..1), zoom (1 = the disc just covers the image) and rotation in degrees.
     * Null for chips minted before the studio (centred, zoom 1, no rotation).
     */
    crop: jsonb().$type<{ x: number; y: number; zoom: number; rotation: number }>(),
    /** A chip of the demo catalogue: never counted in stats, admin figures or Top Minters. */
    isDemo: boolean().notNull().default(false),
    /** The listing state (CHIP_STATUSES); only chip-lifecycle.ts changes it. */
    status: text().$type<(typeof CHIP_STATUSES)[number]>().notNull().default('pending'),
    /** Where the physical chip is (CHIP_CUSTODIES); only chip-lifecycle.ts changes it. */
    custody: text().$type<(typeof CHIP_CUSTODIES)[number]>().notNull().default('in_vault'),
    /** Derived from custody: 'store' while in our vault, else 'ship' (the spec's wire field). */
    shippingOption: text()
      .$type<'ship' | 'store'>()
      .generatedAlwaysAs(sql`case when custody = 'in_vault' then 'store' else 'ship' end`),
    sourceOrderId: integer(),
    /**
     * A hold keeps the chip for one buyer until reservedUntil: an unpaid checkout (reservedByOrderId)
     * or an accepted offer (no order). It lapses by time; only chip-lifecycle.ts writes it.
     */
    reservedForUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    reservedByOrderId: integer(),
    reservedUntil: tstz(),
    /**
     * A plain checkout's hold whose buyer has not started paying (docs/decisions/033): it yields to a
     * buyer who checks out or pays meanwhile. Offer holds and holds whose buyer is paying never are.
     */
    reservedIdle: boolean().notNull().default(false),
    /** The owner's lost/stolen report (CHIP_REPORT_STATUSES); only chip-lifecycle.ts changes it. */
    reportStatus: text().$type<(typeof CHIP_REPORT_STATUSES)[number]>().notNull().default('none'),
    reportedAt: tstz(),
    /**
     * Decision 076: frozen while a card or PayPal dispute of the order that brought it to its owner is
     * open: no sale, offer, listing, transfer, hand-over or shipment. Only chip-lifecycle.ts sets it.
     */
    frozenAt: tstz(),
  },
  (t) => [
    uniqueIndex('chips_creator_slug_uq').on(t.creatorId, t.slug),
    uniqueIndex('chips_unit_id_uq').on(t.unitId),
    uniqueIndex('chips_nfc_uid_uq').on(t.nfcUid),
    index('chips_creator_id_idx').on(t.creatorId),
    index('chips_owner_id_idx').on(t.ownerId),
    // The placed-disc backfill's minute query reads only chips still without a disc.
    index('chips_disc_missing_idx')
      .on(t.id)
      .where(sql`${t.discKey} is null`),
    index('chips_source_order_id_idx').on(t.sourceOrderId),
    // Keyset pagination of the public marketplace: newest first, and by price, only over listed chips.
    index('chips_market_newest_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'active'`),
    index('chips_market_price_idx')
      .on(t.priceCents, t.id)
      .where(sql`${t.status} = 'active'`),
    // Marketplace text search (`ilike '%word%'`) over listed chips: trigram indexes keep a rare word
    // fast at any size (the planner ORs them in a bitmap scan); a common word walks the keyset index.
    index('chips_market_title_trgm_idx')
      .using('gin', sql`${t.title} gin_trgm_ops`)
      .where(sql`${t.status} = 'active'`),
    index('chips_market_description_trgm_idx')
      .using('gin', sql`${t.description} gin_trgm_ops`)
      .where(sql`${t.status} = 'active'`),
    checkOneOf('chips_status_ck', t.status, CHIP_STATUSES),
    checkOneOf('chips_custody_ck', t.custody, CHIP_CUSTODIES),
    checkOneOf('chips_shape_ck', t.shape, CHIP_SHAPES),
    checkOneOf('chips_report_status_ck', t.reportStatus, CHIP_REPORT_STATUSES),
    // Admins list reported chips; few are, so a partial index keeps that list cheap.
    index('chips_reported_idx')
      .on(t.reportedAt)
      .where(sql`${t.reportStatus} <> 'none'`),
    // A listed chip has a price and sits in our vault, where a buyer's purchase can be honoured.
    check(
      'chips_listed_ck',
      sql`${t.status} <> 'active' or (${t.priceCents} is not null and ${t.custody} = 'in_vault')`,
    ),
    check('chips_hold_ck', sql`(${t.reservedForUserId} is null) = (${t.reservedUntil} is null)`),
    check('chips_hold_order_ck', sql`${t.reservedByOrderId} is null or ${t.reservedUntil} is not null`),
    check('chips_hold_idle_ck', sql`not ${t.reservedIdle} or ${t.reservedByOrderId} is not null`),
    index('chips_reserved_for_user_id_idx').on(t.reservedForUserId),
  ],
);

/** The chip's picture for a list or a thumbnail: its placed disc once made, else its artwork. */
export const chipPictureUrl = sql<string | null>`coalesce(${chips.discUrl}, ${chips.imageUrl})`;

export const chipEvents = pgTable(
  'chip_events',
  {
    ...baseColumns,
    chipId: integer()
      .notNull()
      .references(() => chips.id, { onDelete: 'cascade' }),
    type: text().$type<(typeof CHIP_EVENT_TYPES)[number]>().notNull(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    orderId: integer(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    checkOneOf('chip_events_type_ck', t.type, CHIP_EVENT_TYPES),
    index('chip_events_chip_id_idx').on(t.chipId, t.createdAt),
    index('chip_events_actor_idx').on(t.actorUserId),
  ],
);

/**
 * Photographs of the real resin disc, added by an admin once the chip is made (stored through the
 * media pipeline); the chip page shows them first, in the order they were added.
 */
export const chipPhotos = pgTable(
  'chip_photos',
  {
    ...baseColumns,
    chipId: integer()
      .notNull()
      .references(() => chips.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    variants: jsonb().$type<ImageVariant[]>().notNull().default([]),
    width: integer().notNull(),
    height: integer().notNull(),
    addedById: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('chip_photos_chip_url_uq').on(t.chipId, t.url)],
);
