import type { Db } from '#server/db/client.ts';
import { assertFound } from '#server/lib/app-error.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import type { MailLogEntry, MessageStatusInput } from '#shared/admin.schemas.ts';
import type {
  ContactMessage,
  ContactMessagePage,
  ContactMessageStatus,
  ListContactMessagesQuery,
} from '#shared/contact.schemas.ts';
import { findMessageForUpdate, listMail, listMessages, setMessageStatus } from './admin-inbox.repo.ts';
import { isoOrNull, pageFrom } from './admin-page.ts';

type MessageRow = Awaited<ReturnType<typeof listMessages>>[number];

function toMessage(row: MessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status as ContactMessageStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Contact-form messages, newest first, optionally by status; one keyset page. */
export async function listContactMessages(
  db: Db,
  query: ListContactMessagesQuery,
): Promise<ContactMessagePage> {
  const rows = await listMessages(db, {
    status: query.status,
    beforeId: query.cursor,
    limit: query.limit + 1,
  });
  return pageFrom(rows, query.limit, toMessage);
}

/** Marks a message read or archives it. Audited. */
export async function updateContactMessageStatus(
  db: Db,
  adminId: number,
  id: number,
  input: MessageStatusInput,
): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const before = assertFound(await findMessageForUpdate(tx, id), 'Message not found');
    const after = toMessage(await setMessageStatus(tx, id, input.status));
    await recordAudit(tx, {
      adminId,
      action: 'contact_message.status',
      entity: 'contact_message',
      entityId: id,
      before: { status: before.status },
      after: { status: after.status },
    });
    return after;
  });
}

/** The outgoing-mail log, newest first; one keyset page. */
export async function listMailLog(
  db: Db,
  query: { status?: string | undefined; cursor?: number | undefined; limit: number },
): Promise<{ items: MailLogEntry[]; nextCursor: number | null }> {
  const rows = await listMail(db, { status: query.status, beforeId: query.cursor, limit: query.limit + 1 });
  return pageFrom(rows, query.limit, (r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    sentAt: isoOrNull(r.sentAt),
  }));
}
