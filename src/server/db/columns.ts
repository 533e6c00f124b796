import { sql } from 'drizzle-orm';
import { check, integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** id, created_at and updated_at, shared by every table (STYLE.md §6). */
export const baseColumns = {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const tstz = () => timestamp({ withTimezone: true });

/**
 * A CHECK constraint that keeps a text column to the values the code lists (`ORDER_STATUSES`, …): the
 * same constant drives the type, the wire schema and the database, so no cast is needed when reading.
 */
export function checkOneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  const list = values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
  return check(name, sql`${column} in (${sql.raw(list)})`);
}
