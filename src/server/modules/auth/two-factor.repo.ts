import { and, count, eq, isNotNull, isNull, lt, lte, notLike, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/modules/users/users.table.ts';
import { recoveryCodes, totpFactors, twoFactorChallenges } from './auth.table.ts';
import { passkeys } from './passkeys.table.ts';
import type { SessionKind } from './auth.repo.ts';

export type TotpFactorRow = typeof totpFactors.$inferSelect;
export type TwoFactorChallengeRow = typeof twoFactorChallenges.$inferSelect;

export async function findTotpFactor(db: Db, userId: number): Promise<TotpFactorRow | null> {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1);
  return row ?? null;
}

/** Starts (or restarts) a set-up: a new secret, not enabled. */
export async function upsertPendingTotp(db: Db, userId: number, secret: string): Promise<void> {
  await db
    .insert(totpFactors)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secret, enabledAt: null, lastUsedStep: null },
    });
}

/**
 * Records `step` as the last code used, only if it is later than the one stored (atomic: of two
 * requests with the same code, one wins); enables the factor when `enable`. False when it lost.
 */
export async function useTotpStep(
  db: Db,
  factorId: number,
  step: number,
  options: { enableAt?: Date },
): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ lastUsedStep: step, ...(options.enableAt && { enabledAt: options.enableAt }) })
    .where(
      and(
        eq(totpFactors.id, factorId),
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ id: totpFactors.id });
  return rows.length === 1;
}

/** Secrets still stored in the clear (from before decision 075's encryption). */
export function listPlainTotpFactors(db: Db): Promise<TotpFactorRow[]> {
  return db.select().from(totpFactors).where(notLike(totpFactors.secret, 'v1:%'));
}

/** Replaces a stored secret with its sealed form, only if it is still `previous` (a new set-up wins). */
export async function replaceTotpSecret(
  db: Db,
  id: number,
  previous: string,
  next: string,
): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ secret: next })
    .where(and(eq(totpFactors.id, id), eq(totpFactors.secret, previous)))
    .returning({ id: totpFactors.id });
  return rows.length === 1;
}

export async function deleteTotpFactor(db: Db, userId: number): Promise<void> {
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
}

export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length > 0) {
    await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}

/** Uses the recovery code once: true when it was the user's and unused (atomic). */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Whether any admin account has a second factor: an enabled authenticator or a passkey. */
export async function anyAdminHasSecondFactor(db: Db): Promise<boolean> {
  const [totp] = await db
    .select({ id: totpFactors.id })
    .from(totpFactors)
    .innerJoin(users, eq(users.id, totpFactors.userId))
    .where(and(eq(users.role, 'admin'), isNotNull(totpFactors.enabledAt)))
    .limit(1);
  if (totp) return true;
  const [passkey] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(users.role, 'admin'))
    .limit(1);
  return passkey !== undefined;
}

export async function insertChallenge(
  db: Db,
  values: { userId: number; kind: SessionKind; challengeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(twoFactorChallenges).values(values);
}

export async function findChallenge(db: Db, challengeHash: string): Promise<TwoFactorChallengeRow | null> {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.challengeHash, challengeHash))
    .limit(1);
  return row ?? null;
}

/** Counts one try at a challenge, atomically, while it is unused and has tries left; the row or null. */
export async function claimChallengeAttempt(
  db: Db,
  challengeHash: string,
  maxAttempts: number,
): Promise<TwoFactorChallengeRow | null> {
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.challengeHash, challengeHash),
        isNull(twoFactorChallenges.usedAt),
        lt(twoFactorChallenges.attempts, maxAttempts),
      ),
    )
    .returning();
  return row ?? null;
}

export async function useChallenge(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorChallenges)
    .set({ usedAt: now })
    .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.usedAt)))
    .returning({ id: twoFactorChallenges.id });
  return rows.length === 1;
}

export async function deleteChallengesExpiredBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(twoFactorChallenges)
    .where(lte(twoFactorChallenges.expiresAt, before))
    .returning({ id: twoFactorChallenges.id });
  return rows.length;
}
