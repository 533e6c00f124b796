import { lte, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '#server/db/client.ts';
import { rateLimits } from './rate-limit.table.ts';

import type { FastifyRateLimitStore } from '@fastify/rate-limit';

type IncrResult = { current: number; ttl: number };
type Callback = (err: Error | null, result?: IncrResult) => void;
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** Counts one hit in `key`'s window (a new or lapsed window starts at 1): the hits so far and ms left. */
async function countInWindow(db: Db, key: string, timeWindow: number): Promise<IncrResult> {
  const result = await db.execute(
    sql`insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end,
          updated_at = now()
        returning count, greatest(0, extract(epoch from (reset_at - now())) * 1000)::int as ttl`,
  );
  const [row] = rowsOf<{ count: number; ttl: number }>(result);
  return { current: Number(row?.count ?? 1), ttl: Number(row?.ttl ?? timeWindow) };
}

/**
 * Counts one hit against a named allowance outside the route plugin (e.g. per account, which the
 * plugin cannot key on before authentication): whether it is still within `max` hits per
 * `windowMs`, and the seconds until the window lapses.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: { max: number; windowMs: number },
): Promise<{ allowed: boolean; remaining: number; retryAfterSeconds: number }> {
  const { current, ttl } = await countInWindow(db, `allowance|${key}`, limit.windowMs);
  return {
    allowed: current <= limit.max,
    remaining: Math.max(0, limit.max - current),
    retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)),
  };
}

/**
 * Spends `amount` from a named budget of `max` per `windowMs` (e.g. an account's pixels of images),
 * only if it fits: a refused amount is not spent, so a large request refused leaves room for a small
 * one. One upsert whose update applies only when the window lapsed or the amount fits.
 */
export async function spendAllowance(
  db: Db,
  key: string,
  amount: number,
  limit: { max: number; windowMs: number },
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const k = `allowance|${key}`;
  if (amount <= limit.max) {
    const spent = await db.execute(
      sql`insert into rate_limits (key, count, reset_at)
          values (${k}, ${amount}, now() + ${limit.windowMs} * interval '1 millisecond')
          on conflict (key) do update set
            count = case when rate_limits.reset_at <= now() then excluded.count
                         else rate_limits.count + excluded.count end,
            reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at
                            else rate_limits.reset_at end,
            updated_at = now()
          where rate_limits.reset_at <= now() or rate_limits.count + excluded.count <= ${limit.max}
          returning count`,
    );
    if (rowsOf(spent).length > 0) return { allowed: true, retryAfterSeconds: 0 };
  }
  const left = await db.execute(
    sql`select greatest(0, extract(epoch from (reset_at - now())) * 1000)::int as ttl
        from rate_limits where key = ${k}`,
  );
  const [row] = rowsOf<{ ttl: number }>(left);
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.ttl ?? limit.windowMs) / 1000)),
  };
}

/**
 * A @fastify/rate-limit store in the database, so every server process behind a load balancer counts
 * against the same window (ARCHITECTURE.md: shared counters live in PostgreSQL). One upsert per
 * limited request: a new or lapsed window starts at 1, a live one counts up.
 */
export function createDbRateLimitStore(db: Db) {
  return class DbRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(_options?: unknown, prefix = 'global') {
      this.prefix = prefix;
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      countInWindow(db, `${this.prefix}|${key}`, timeWindow)
        .then((result) => cb(null, result))
        .catch((err: unknown) => cb(err instanceof Error ? err : new Error(String(err))));
    }

    child(routeOptions: ChildOptions): DbRateLimitStore {
      // Each route counts on its own, as the in-memory store does. At run time the plugin passes the
      // route under `routeInfo` (its type declarations do not say so).
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      return new DbRateLimitStore(undefined, `${method} ${route?.url ?? ''}`);
    }
  };
}

/** Deletes windows that have lapsed; run periodically. */
export async function pruneRateLimits(db: Db): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lte(rateLimits.resetAt, new Date()))
    .returning({ id: rateLimits.id });
  return deleted.length;
}
