import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '#server/db/client.ts';

/** A job as pg-boss keeps it in `pgboss.job` (the columns the back office shows). */
export type BossJobRow = {
  id: string;
  name: string;
  singleton_key: string | null;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  start_after: Date;
  retry_count: number;
  retry_limit: number;
  locked_at: Date | null;
  last_error: string | null;
  updated_at: Date;
};

/**
 * The most recently changed pg-boss jobs of these states, every queue at once. pg-boss has no call for
 * that (findJobs reads one queue, oldest first), so this reads its table; the pinned pg-boss version
 * fixes its columns. No table yet (pg-boss never started on this database): no jobs.
 */
export async function listRecentBossJobs(
  db: Db,
  args: { schema: string; states: string[] | null; limit: number },
): Promise<BossJobRow[]> {
  const table = `${args.schema}.job`;
  const [exists] = rowsOf<{ t: string | null }>(
    await db.execute(sql`select to_regclass(${table}::text)::text as t`),
  );
  if (!exists?.t) return [];
  const states = args.states ? sql`where state::text in (${sql.join(args.states, sql`, `)})` : sql``;
  const result = await db.execute(sql`
    select id::text, name, singleton_key, state::text, start_after, retry_count, retry_limit,
      case when state = 'active' then coalesce(heartbeat_on, started_on) end as locked_at,
      case when state in ('retry', 'failed', 'cancelled') then output->>'message' end as last_error,
      greatest(created_on, started_on, completed_on) as updated_at
    from ${sql.identifier(args.schema)}.job ${states}
    order by updated_at desc, id desc
    limit ${args.limit}`);
  return rowsOf<BossJobRow>(result);
}
