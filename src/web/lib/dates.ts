/** Dates in the dashboard's words: "Nov 24, 2026" and "Nov 24, 2026, 6:25 AM"; "Unknown" if unreadable. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Unknown' : date.toLocaleDateString('en-US', { dateStyle: 'medium' });
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? 'Unknown'
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
