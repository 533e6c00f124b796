import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { emailSubscriptions } from '#server/modules/subscriptions/subscriptions.table.ts';
import { mailOutbox } from '#server/platform/mail/mail.table.ts';
import { createSecretToken, hashToken } from '#server/lib/tokens.ts';

let seq = 0;

/** Inserts a list address; returns the row with its (plain) confirmation token. */
export async function insertSubscription(
  db: Db,
  overrides: Partial<typeof emailSubscriptions.$inferInsert> & { email?: string } = {},
) {
  const confirmToken = createSecretToken();
  const [row] = await db
    .insert(emailSubscriptions)
    .values({
      email: `list${Date.now().toString(36)}${(seq++).toString(36)}@example.com`,
      confirmTokenHash: hashToken(confirmToken),
      unsubscribeToken: createSecretToken(),
      ...overrides,
    })
    .returning();
  return { row: row!, confirmToken };
}

/** The address's row (case-insensitive), or undefined. */
export async function findSubscription(db: Db, email: string) {
  const rows = await db
    .select()
    .from(emailSubscriptions)
    .where(sql`lower(${emailSubscriptions.email}) = lower(${email})`);
  return rows[0];
}

export async function countSubscriptions(db: Db): Promise<number> {
  return (await db.select().from(emailSubscriptions)).length;
}

/** Queued mails to `to`, oldest first. */
export async function mailsTo(db: Db, to: string) {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return rows.sort((a, b) => a.id - b.id);
}

/** The token of the first link in `text` that contains `path`. */
export function tokenFromLink(text: string, path: string): string {
  const match = new RegExp(
    `https?://\\S+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?token=([A-Za-z0-9_%-]+)`,
  ).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in mail`);
  return decodeURIComponent(match[1]);
}
