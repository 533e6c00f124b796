import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError, assertFound } from '#server/lib/app-error.ts';
import { isoOrNull, pageFrom } from '#server/lib/page.ts';
import { isUniqueViolation } from '#server/lib/sql.ts';
import { recordAudit } from '#server/modules/audit/index.ts';
import { csvCell } from '#shared/admin.schemas.ts';
import type {
  EmailSubscription,
  EmailSubscriptionPage,
  ListEmailSubscriptionsQuery,
  SubscriptionStatus,
  UpdateEmailSubscriptionInput,
} from '#shared/subscriptions.schemas.ts';
import {
  deleteSubscription,
  findSubscriptionByEmail,
  findSubscriptionForUpdate,
  listSubscriptions,
  updateSubscription,
  type SubscriptionFilter,
} from './admin-subscriptions.repo.ts';

type Row = Awaited<ReturnType<typeof listSubscriptions>>[number];

function toSubscription(row: Row): EmailSubscription {
  return {
    id: row.id,
    email: row.email,
    status: row.status as SubscriptionStatus,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: isoOrNull(row.confirmedAt),
    unsubscribedAt: isoOrNull(row.unsubscribedAt),
  };
}

/** The e-mail list, newest first, filtered by status or address; one keyset page. */
export async function listEmailSubscriptions(
  db: Db,
  query: ListEmailSubscriptionsQuery,
): Promise<EmailSubscriptionPage> {
  const rows = await listSubscriptions(db, {
    status: query.status,
    search: query.search || undefined,
    beforeId: query.cursor,
    limit: query.limit + 1,
  });
  return pageFrom(rows, query.limit, toSubscription);
}

/** Sets a subscription's address and status (an admin may set any status). Audited. */
export async function updateEmailSubscription(
  db: Db,
  clock: Clock,
  adminId: number,
  id: number,
  input: UpdateEmailSubscriptionInput,
): Promise<EmailSubscription> {
  try {
    return await db.transaction(async (tx) => {
      const before = assertFound(await findSubscriptionForUpdate(tx, id), 'Subscription not found');
      if (input.email.toLowerCase() !== before.email.toLowerCase()) {
        const other = await findSubscriptionByEmail(tx, input.email);
        if (other && other.id !== id) throw emailTaken();
      }
      const now = clock();
      const row = await updateSubscription(tx, id, {
        email: input.email,
        status: input.status,
        ...(input.status === 'confirmed' && before.status !== 'confirmed' ? { confirmedAt: now } : {}),
        ...(input.status === 'unsubscribed' && before.status !== 'unsubscribed'
          ? { unsubscribedAt: now }
          : {}),
      });
      const after = toSubscription(row);
      await recordAudit(tx, {
        adminId,
        action: 'email_subscription.update',
        entity: 'email_subscription',
        entityId: id,
        before: toSubscription(before),
        after,
      });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

function emailTaken(): AppError {
  return new AppError('CONFLICT', 'This email is already on the list', {
    fieldErrors: { email: ['This email is already on the list'] },
  });
}

/** Removes an address from the list for good. Audited. */
export async function deleteEmailSubscription(db: Db, adminId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = assertFound(await findSubscriptionForUpdate(tx, id), 'Subscription not found');
    await deleteSubscription(tx, id);
    await recordAudit(tx, {
      adminId,
      action: 'email_subscription.delete',
      entity: 'email_subscription',
      entityId: id,
      before: toSubscription(before),
      after: null,
    });
  });
}

/** The whole (filtered) list as CSV, read in keyset batches so memory stays bounded. */
export async function exportEmailSubscriptionsCsv(db: Db, filter: SubscriptionFilter): Promise<string> {
  const lines = ['id,email,status,created_at,confirmed_at,unsubscribed_at'];
  let beforeId: number | undefined;
  for (;;) {
    const rows = await listSubscriptions(db, { ...filter, beforeId, limit: 1000 });
    for (const r of rows) {
      lines.push(
        [
          r.id,
          r.email,
          r.status,
          r.createdAt.toISOString(),
          isoOrNull(r.confirmedAt),
          isoOrNull(r.unsubscribedAt),
        ]
          .map(csvCell)
          .join(','),
      );
    }
    if (rows.length < 1000) break;
    beforeId = rows[rows.length - 1]!.id;
  }
  return `${lines.join('\r\n')}\r\n`;
}
