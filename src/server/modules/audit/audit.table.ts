import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns } from '#server/db/columns.ts';
import { users } from '#server/modules/users/users.table.ts';

/** Append-only record of every admin change. */
export const auditLog = pgTable(
  'audit_log',
  {
    ...baseColumns,
    adminId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    before: jsonb().$type<unknown>(),
    after: jsonb().$type<unknown>(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_admin_idx').on(t.adminId),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
);
