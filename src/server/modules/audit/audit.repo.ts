import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/modules/users/users.table.ts';
import { auditLog } from './audit.table.ts';

export async function insertAuditEntry(db: Db, row: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(row);
}

export type AuditListArgs = {
  entity?: string | undefined;
  entityId?: string | undefined;
  adminId?: number | undefined;
  /** Keyset: only rows with a smaller id (older; ids grow with every append). */
  beforeId?: number | undefined;
  limit: number;
};

/**
 * Newest first. Keyset on id rather than created_at: rows of one transaction share a timestamp, and
 * PostgreSQL keeps microseconds that a JS Date would lose in a cursor.
 */
export async function listAuditEntries(db: Db, args: AuditListArgs) {
  const conditions: SQL[] = [];
  if (args.entity) conditions.push(eq(auditLog.entity, args.entity));
  if (args.entityId) conditions.push(eq(auditLog.entityId, args.entityId));
  if (args.adminId !== undefined) conditions.push(eq(auditLog.adminId, args.adminId));
  if (args.beforeId !== undefined) conditions.push(lt(auditLog.id, args.beforeId));
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      adminId: auditLog.adminId,
      adminUsername: users.username,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.adminId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(args.limit);
}
