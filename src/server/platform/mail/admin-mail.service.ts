import type { Db } from '#server/db/client.ts';
import { isoOrNull, pageFrom } from '#server/lib/page.ts';
import type { MAIL_STATES, MailLogEntry } from '#shared/admin.schemas.ts';
import { listMail } from './admin-mail.repo.ts';

/** The outgoing-mail log, newest first; one keyset page. */
export async function listMailLog(
  db: Db,
  query: { status?: (typeof MAIL_STATES)[number] | undefined; cursor?: number | undefined; limit: number },
): Promise<{ items: MailLogEntry[]; nextCursor: number | null }> {
  const rows = await listMail(db, { status: query.status, beforeId: query.cursor, limit: query.limit + 1 });
  return pageFrom(rows, query.limit, (r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    sentAt: isoOrNull(r.sentAt),
  }));
}
