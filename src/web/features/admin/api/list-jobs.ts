import { api } from '#web/lib/api-client.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { JobListSchema } from '#shared/jobs.schemas.ts';
import { queryString } from '../lib/admin-session.ts';

/** GET /api/admin/jobs?status=: background jobs, most recently changed first. */
async function listJobs(status: string) {
  return JobListSchema.parse(await api(`/api/admin/jobs${queryString({ status })}`));
}

const jobsQueryOptions = (status: string) =>
  queryOptions({ queryKey: ['admin', 'jobs', status], queryFn: () => listJobs(status) });

export function useJobs(status: string) {
  return useQuery(jobsQueryOptions(status));
}
