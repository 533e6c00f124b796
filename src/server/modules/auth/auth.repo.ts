import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/modules/users/users.table.ts';
import { emailTokens, sessions } from './auth.table.ts';

export type SessionKind = 'user' | 'admin';
/**
 * verify_email and set_password links are mailed to the address; claim_guest is handed to the browser
 * that placed a guest order, so using it sets a password but never proves the address.
 * report_destination is the "this wasn't me" link of a payout destination change (decision 071).
 */
export type EmailTokenPurpose = 'verify_email' | 'set_password' | 'claim_guest' | 'report_destination';
export type EmailTokenRow = typeof emailTokens.$inferSelect;

export async function insertSession(
  db: Db,
  values: { userId: number; tokenHash: string; kind: SessionKind; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Every session of the user except `keepSessionId` (when given). */
export async function deleteUserSessions(db: Db, userId: number, keepSessionId?: number): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)),
    );
}

export async function insertEmailToken(
  db: Db,
  values: { userId: number; purpose: EmailTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailTokens).values(values);
}

export async function findEmailToken(
  db: Db,
  tokenHash: string,
  purpose: EmailTokenPurpose,
): Promise<EmailTokenRow | null> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .limit(1);
  return row ?? null;
}

/** When the user's newest token of a purpose was made, or null. */
export async function findNewestEmailTokenTime(
  db: Db,
  userId: number,
  purpose: EmailTokenPurpose,
): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: emailTokens.createdAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)))
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Marks the token used unless it already was; false when another request used it first. */
export async function useEmailToken(db: Db, tokenId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.id, tokenId), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  return rows.length === 1;
}

/** Retires the user's unused tokens of a purpose, so only the newest link works. */
export async function retireEmailTokens(
  db: Db,
  userId: number,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** The account and session behind a token hash, while the session has not expired; or null. */
export async function findSessionUser(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      role: users.role,
      sessionId: sessions.id,
      sessionKind: sessions.kind,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** An account's sessions (its sign-ins still recorded), newest first: a dispute's file (decision 076). */
export async function listSessionsOf(db: Db, userId: number) {
  return db
    .select({ createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, kind: sessions.kind })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt))
    .limit(20);
}
