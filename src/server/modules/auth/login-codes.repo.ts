import { and, count, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { loginCodes } from './auth.table.ts';
import type { SessionKind } from './auth.repo.ts';

export type LoginCodeRow = typeof loginCodes.$inferSelect;

export async function insertLoginCode(
  db: Db,
  values: { userId: number; kind: SessionKind; challengeHash: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(loginCodes).values(values);
}

/** How many codes the user was sent whose lifetime ends after `expiringAfter` (i.e. sent lately). */
export async function countLoginCodesExpiringAfter(db: Db, userId: number, expiringAfter: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(loginCodes)
    .where(and(eq(loginCodes.userId, userId), gt(loginCodes.expiresAt, expiringAfter)));
  return row?.n ?? 0;
}

/**
 * Counts one try at the code behind a challenge, atomically, while it is unused and has tries left;
 * answers the row (this try counted), or null when there is no such code or no try is left.
 */
export async function claimLoginCodeAttempt(
  db: Db,
  challengeHash: string,
  maxAttempts: number,
): Promise<LoginCodeRow | null> {
  const [row] = await db
    .update(loginCodes)
    .set({ attempts: sql`${loginCodes.attempts} + 1` })
    .where(
      and(
        eq(loginCodes.challengeHash, challengeHash),
        isNull(loginCodes.usedAt),
        lt(loginCodes.attempts, maxAttempts),
      ),
    )
    .returning();
  return row ?? null;
}

/** Marks the code used unless it already was; false when another request used it first. */
export async function useLoginCode(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginCodes)
    .set({ usedAt: now })
    .where(and(eq(loginCodes.id, id), isNull(loginCodes.usedAt)))
    .returning({ id: loginCodes.id });
  return rows.length === 1;
}

/** Deletes codes that expired before `before`. */
export async function deleteLoginCodesExpiredBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(loginCodes)
    .where(lte(loginCodes.expiresAt, before))
    .returning({ id: loginCodes.id });
  return rows.length;
}
