import { z } from 'zod';

/**
 * A job's life: pending (due at runAt) → running (claimed, lockedAt) → done, or back to pending to
 * retry, or failed. On pg-boss: created and retry are pending, active is running, completed is done,
 * failed and cancelled are failed.
 */
export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** One background job as the back office lists it. */
const JobEntrySchema = z.object({
  /** The jobs table's id (PGlite) or pg-boss's uuid (PostgreSQL). */
  id: z.string(),
  kind: z.string(),
  uniqueKey: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  runAt: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lockedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  updatedAt: z.string(),
});
export type JobEntry = z.infer<typeof JobEntrySchema>;

export const JobListSchema = z.object({ items: z.array(JobEntrySchema) });
export type JobList = z.infer<typeof JobListSchema>;

export const JobListQuerySchema = z.object({
  status: z.enum(JOB_STATUSES, { error: 'Status must be pending, running, done or failed.' }).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number from 1 to 200.' })
    .int('Limit must be a number from 1 to 200.')
    .min(1, 'Limit must be a number from 1 to 200.')
    .max(200, 'Limit must be a number from 1 to 200.')
    .default(50),
});
export type JobListQuery = z.infer<typeof JobListQuerySchema>;
