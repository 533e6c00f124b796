import { integer, timestamp } from 'drizzle-orm/pg-core';

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
