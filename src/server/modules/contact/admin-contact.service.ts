import type { Db } from '#server/db/client.ts';
import { assertFound } from '#server/lib/app-error.ts';
import { pageFrom } from '#server/lib/page.ts';
import { recordAudit } from '#server/modules/audit/index.ts';
import type { MessageStatusInput } from '#shared/admin.schemas.ts';
import type {
  ContactMessage,
  ContactMessagePage,
  ContactMessageStatus,
  ListContactMessagesQuery,
} from '#shared/contact.schemas.ts';
import { findMessageForUpdate, listMessages, setMessageStatus } from './admin-contact.repo.ts';

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
