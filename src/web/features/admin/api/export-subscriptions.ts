import { api } from '#web/lib/api-client.ts';
import { queryString } from '../lib/admin-session.ts';

/** GET /api/admin/email-subscriptions.csv, saved as a file (fetched with the token, so not a plain link). */
export async function downloadSubscriptionsCsv(status: string): Promise<void> {
  const csv = await api<string>(`/api/admin/email-subscriptions.csv${queryString({ status })}`);
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'email-subscriptions.csv';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
