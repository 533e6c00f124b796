import { api } from '#web/lib/api-client.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ReportingSchema, type Reporting } from '#shared/reporting.schemas.ts';
import { queryString } from '../lib/admin-session.ts';
import { downloadCsv } from '../lib/download-csv.ts';

/** GET /api/admin/accounting/reporting?year: each seller's sales of the year against the thresholds. */
async function getReporting(year: number | null): Promise<Reporting> {
  return ReportingSchema.parse(await api(`/api/admin/accounting/reporting${queryString({ year })}`));
}

/** Without a year the server picks the current one (UTC). */
export function useReporting(year: number | null) {
  return useQuery({
    queryKey: ['admin', 'accounting', 'reporting', year],
    queryFn: () => getReporting(year),
    // Keep the last year on screen while another loads.
    placeholderData: keepPreviousData,
  });
}

/** The CSV of one year (GET /api/admin/accounting/reporting.csv?year). */
export function reportingCsvPath(year: number): string {
  return `/api/admin/accounting/reporting.csv${queryString({ year })}`;
}

/** Fetches the year's CSV with the admin session and saves it as `fileName`. */
export function downloadReportingCsv(year: number, fileName: string): Promise<void> {
  return downloadCsv(reportingCsvPath(year), fileName);
}
