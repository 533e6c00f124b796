import { and, asc, count, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { passkeys, webauthnChallenges, type WebauthnCeremony } from './passkeys.table.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type WebauthnChallengeRow = typeof webauthnChallenges.$inferSelect;

export function listPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
}

export async function countPasskeys(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row ?? null;
}

/** Inserts a passkey; null when its credential id is already registered (to anyone). */
export async function insertPasskey(
  db: Db,
  values: Pick<PasskeyRow, 'userId' | 'credentialId' | 'publicKey' | 'counter' | 'transports' | 'name'>,
): Promise<PasskeyRow | null> {
  const [row] = await db
    .insert(passkeys)
    .values(values)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  return row ?? null;
}

/**
 * Records a sign-in: the new counter and the time, only if the counter is still the one the answer
 * was checked against (of two sign-ins racing with one passkey, one wins). False when it lost.
 */
export async function recordPasskeyUse(
  db: Db,
  id: number,
  checkedCounter: number,
  newCounter: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, checkedCounter)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function renamePasskey(
  db: Db,
  userId: number,
  id: number,
  name: string,
): Promise<PasskeyRow | null> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ?? null;
}

/** Deletes the account's passkey; false when it has none of that id. */
export async function deletePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function insertWebauthnChallenge(
  db: Db,
  values: { ceremony: WebauthnCeremony; challengeHash: string; userId: number | null; expiresAt: Date },
): Promise<void> {
  await db.insert(webauthnChallenges).values(values);
}

/**
 * Uses a challenge, atomically: the row when it was unused, of this ceremony and not yet expired;
 * null otherwise. Used up even when the answer then fails its checks: each challenge is tried once.
 */
export async function claimWebauthnChallenge(
  db: Db,
  challengeHash: string,
  ceremony: WebauthnCeremony,
  now: Date,
): Promise<WebauthnChallengeRow | null> {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.challengeHash, challengeHash),
        eq(webauthnChallenges.ceremony, ceremony),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function deleteWebauthnChallengesExpiredBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(webauthnChallenges)
    .where(lte(webauthnChallenges.expiresAt, before))
    .returning({ id: webauthnChallenges.id });
  return rows.length;
}
