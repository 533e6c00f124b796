import type { ImageVariant } from '#shared/chips.schemas.ts';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '#server/db/columns.ts';
import { users } from '#server/modules/users/users.table.ts';

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
    variants: jsonb().$type<ImageVariant[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('media_hash_uq').on(t.hash), index('media_uploader_id_idx').on(t.uploaderId)],
);
