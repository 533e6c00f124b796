import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { baseColumns } from '#server/db/columns.ts';
import { users } from '#server/modules/users/users.table.ts';

/** One row (id 1) holding the site settings as validated JSON; absent keys take PRODUCT.md defaults. */
export const siteSettings = pgTable('site_settings', {
  ...baseColumns,
  data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
});
