/**
 * The jobs feature's public face: background work shared by every server process on the database
 * (recurring tasks run once per period, a dead process's job is run by another, failures retry with
 * back-off): pg-boss on PostgreSQL, the jobs table on PGlite, one interface (app.jobs).
 */
export { createJobQueue } from './jobs.queue.ts';
export type { Job, JobHandler, JobQueue, JobRunner, JobRunnerOptions } from './jobs.types.ts';
