/**
 * The jobs feature's public face: background work shared by every server process through the jobs
 * table (recurring tasks run once per period, claims survive a crashed process, failures retry).
 */
export { createJobRunner, type JobHandler, type JobRunner, type JobRunnerOptions } from './jobs.runner.ts';
export { insertJob, type JobRow } from './jobs.repo.ts';
export { listJobs, retryDelayMs } from './jobs.service.ts';
