/**
 * Session lookups remembered per process for a few seconds (decision 078): a signed-in reader, or a
 * made-up credential sent again and again, costs one indexed query per token and process, not one per
 * request. Every change to the sessions table (log-in, log-out, a password change ending the other
 * sessions, the prune) and every change to an account's rights is announced on the public change
 * channel, and each process then forgets all it remembered (plugins/public-cache.ts calls `clear`); a
 * write request answers only once its own process has heard it. What is remembered also lapses with
 * the session itself and after TTL_MS.
 */
import type { Db } from '#server/db/client.ts';
import { findSessionUser } from './auth.repo.ts';

type SessionUser = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;

type Lookup = { user: SessionUser | null; until: number };

/** How long a lookup is trusted without a change notice (a safety net: notices drop it at once). */
const TTL_MS = 10_000;
/** Most tokens remembered; beyond it the map starts again (made-up tokens cannot grow it). */
const MAX_LOOKUPS = 10_000;

export class SessionLookups {
  #lookups = new Map<string, Lookup>();
  #generation = 0;

  /** Forgets every lookup (a session or an account's rights changed somewhere). */
  clear(): void {
    this.#generation++;
    this.#lookups = new Map();
  }

  get size(): number {
    return this.#lookups.size;
  }

  /** The account and session behind a token hash, as findSessionUser answers it, remembered briefly. */
  async find(db: Db, tokenHash: string, now: Date): Promise<SessionUser | null> {
    const at = now.getTime();
    const known = this.#lookups.get(tokenHash);
    if (known && at < known.until && at >= known.until - TTL_MS) return known.user;
    const generation = this.#generation;
    const user = await findSessionUser(db, tokenHash, now);
    // A change heard while reading may have ended what was read: answer it, do not remember it.
    if (generation === this.#generation) {
      if (this.#lookups.size >= MAX_LOOKUPS) this.#lookups = new Map();
      const until = Math.min(at + TTL_MS, user ? user.expiresAt.getTime() : Infinity);
      this.#lookups.set(tokenHash, { user, until });
    }
    return user;
  }
}
