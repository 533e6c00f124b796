import type { Database } from '#server/db/client.ts';
import { createBossJobQueue } from './jobs.boss.ts';
import { createTableJobQueue } from './jobs.runner.ts';
import type { JobQueue, JobQueueOptions } from './jobs.types.ts';

/**
 * The jobs of this database: pg-boss on PostgreSQL (docs/decisions/031-jobs-on-pg-boss.md), the
 * in-process runner on the jobs table on PGlite (docs/decisions/025). pg-boss starts on first use.
 */
export function createJobQueue(database: Database, options: JobQueueOptions = {}): JobQueue {
  if (database.kind === 'postgres' && database.url) return createBossJobQueue(database, options);
  return createTableJobQueue(database.db, options);
}
