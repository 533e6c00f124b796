import type { Db } from '#server/db/client.ts';
import { pageFrom } from '#server/lib/page.ts';
import type { AuditListQuery, AuditPage } from '#shared/admin.schemas.ts';
import { insertAuditEntry, listAuditEntries } from './audit.repo.ts';

export type AuditEntry = {
  /** The admin who made the change (null only for system changes). */
  adminId: number | null;
  /** What was done, as a verb phrase: 'customer.update', 'order.status', 'affiliate.payout'. */
  action: string;
  /** The kind of thing changed: 'customer', 'order', 'chip', 'email_subscription', 'site_settings'. */
  entity: string;
  entityId: string | number | null;
  before: unknown;
  after: unknown;
};

/**
 * Appends one audit-log row. Call it with the transaction of the change it records, so the change and
 * its audit entry commit or roll back together; audit rows are never updated or deleted.
 */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(tx, {
    adminId: entry.adminId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    before: toJson(entry.before),
    after: toJson(entry.after),
  });
}

/** Dates become ISO strings and undefined becomes null, so what is stored is what was seen. */
function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (v === undefined ? null : v))) as unknown;
}

/** The audit log, newest first, filtered by entity or admin; keyset pages on id. */
export async function listAuditLog(db: Db, query: AuditListQuery): Promise<AuditPage> {
  const rows = await listAuditEntries(db, {
    entity: query.entity || undefined,
    entityId: query.entityId || undefined,
    adminId: query.adminId,
    beforeId: query.cursor,
    limit: query.limit + 1,
  });
  return pageFrom(rows, query.limit, (r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
