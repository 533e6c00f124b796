import { api } from '#web/lib/api-client.ts';

/** Fetches a CSV with the admin session (a plain link would not send its token) and saves it as `fileName`. */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  const csv = await api<string>(path);
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
