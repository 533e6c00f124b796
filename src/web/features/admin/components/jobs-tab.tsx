import { useState } from 'react';
import type { JobStatus } from '#shared/jobs.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { useJobs } from '../api/list-jobs.ts';
import { AdminTable, ListState, SelectField, TD, TH, formatDateTime } from './admin-ui.tsx';

const JOB_TONES: Record<JobStatus, 'green' | 'yellow' | 'blue' | 'red'> = {
  done: 'green',
  pending: 'yellow',
  running: 'blue',
  failed: 'red',
};

/** Background jobs: what is scheduled or running, and the last error of each. */
export function JobsTab() {
  const [status, setStatus] = useState('');
  const query = useJobs(status);
  const rows = query.data?.items ?? [];
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-gray-900">Jobs</h2>
      <SelectField
        label="State"
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        className="max-w-xs"
      >
        <option value="">All</option>
        <option value="pending">Pending</option>
        <option value="running">Running</option>
        <option value="done">Done</option>
        <option value="failed">Failed</option>
      </SelectField>
      <ListState
        isPending={query.isPending}
        error={query.error}
        errorMessage="Failed to fetch jobs"
        isEmpty={rows.length === 0}
        emptyText="No jobs yet."
      >
        <AdminTable caption="Background jobs">
          <thead className="bg-gray-50">
            <tr>
              <th className={TH}>Job</th>
              <th className={TH}>State</th>
              <th className={TH}>Next run</th>
              <th className={TH}>Attempts</th>
              <th className={TH}>Last error</th>
              <th className={TH}>Changed</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 bg-white">
            {rows.map((j) => (
              <tr key={j.id}>
                <td className={TD}>{j.kind}</td>
                <td className={TD}>
                  <Badge tone={JOB_TONES[j.status]}>{j.status}</Badge>
                </td>
                <td className={TD}>{j.status === 'pending' ? formatDateTime(j.runAt) : '—'}</td>
                <td className={TD}>
                  {j.attempts} of {j.maxAttempts}
                </td>
                <td className={`${TD} max-w-xs text-xs break-words`}>{j.lastError ?? '—'}</td>
                <td className={TD}>{formatDateTime(j.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      </ListState>
    </div>
  );
}
