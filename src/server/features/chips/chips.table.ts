import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, tstz } from '#server/db/columns.ts';
import { users } from '#server/features/users/users.table.ts';

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
    /** Highest USD price the chip has ever had; the platform fee is a percentage of it. */
    highestPriceCents: integer().notNull().default(0),
    imageUrl: text(),
    originalImageUrl: text(),
    adminImageUrl: text(),
    adminVideoUrl: text(),
    additionalImageUrls: jsonb().$type<string[]>().notNull().default([]),
    /** Responsive variants of the main image: [{ width, url }]. */
    imageVariants: jsonb().$type<{ width: number; url: string }[]>().notNull().default([]),
    imageWidth: integer(),
    imageHeight: integer(),
    /** 14-digit unit ID, assigned once when the chip is made. */
    unitId: text(),
    nfcUid: text(),
    isAvailable: boolean().notNull().default(false),
    isActive: boolean().notNull().default(false),
    isForSale: boolean().notNull().default(false),
    isSurprize: boolean().notNull().default(false),
    associatedUrl: text(),
    tiktokUrl: text(),
    youtubeUrl: text(),
    instagramUrl: text(),
    xUrl: text(),
    facebookUrl: text(),
    paypalEnabled: boolean().notNull().default(false),
    /** 'round' | 'square' */
    shape: text().notNull().default('round'),
    /** 'pending' | 'active' | 'inactive' | 'sold' */
    status: text().notNull().default('pending'),
    /** 'ship' | 'store': where the physical chip is (store = our vault). */
    shippingOption: text().notNull().default('store'),
    sourceOrderId: integer(),
    /** An unpaid checkout holds the chip until reservedUntil. */
    reservedByOrderId: integer(),
    reservedUntil: tstz(),
  },
  (t) => [
    uniqueIndex('chips_creator_slug_uq').on(t.creatorId, t.slug),
    uniqueIndex('chips_unit_id_uq').on(t.unitId),
    uniqueIndex('chips_nfc_uid_uq').on(t.nfcUid),
    index('chips_creator_id_idx').on(t.creatorId),
    index('chips_owner_id_idx').on(t.ownerId),
    index('chips_source_order_id_idx').on(t.sourceOrderId),
    // Keyset pagination of the public marketplace: newest first, and by price, only over listed chips.
    index('chips_market_newest_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isActive} and ${t.isForSale} and ${t.isAvailable}`),
    index('chips_market_price_idx')
      .on(t.priceCents, t.id)
      .where(sql`${t.isActive} and ${t.isForSale} and ${t.isAvailable}`),
  ],
);

export const chipEvents = pgTable(
  'chip_events',
  {
    ...baseColumns,
    chipId: integer()
      .notNull()
      .references(() => chips.id, { onDelete: 'cascade' }),
    /** 'minted' | 'listed' | 'unlisted' | 'priced' | 'sold' | 'transferred' | 'shipped' | 'verified_tap' | ... */
    type: text().notNull(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    orderId: integer(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('chip_events_chip_id_idx').on(t.chipId, t.createdAt),
    index('chip_events_actor_idx').on(t.actorUserId),
  ],
);

export const media = pgTable(
  'media',
  {
    ...baseColumns,
    /** Content hash of the re-encoded original; names are content-addressed. */
    hash: text().notNull(),
    uploaderId: integer().references(() => users.id, { onDelete: 'set null' }),
    mime: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    animated: boolean().notNull().default(false),
    originalUrl: text().notNull(),
    variants: jsonb().$type<{ width: number; url: string }[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('media_hash_uq').on(t.hash), index('media_uploader_id_idx').on(t.uploaderId)],
);
