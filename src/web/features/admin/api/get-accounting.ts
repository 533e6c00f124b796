import { api } from '#web/lib/api-client.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AccountingSchema, type Accounting, type AccountingQuery } from '#shared/ledger.schemas.ts';
import { queryString } from '../lib/admin-session.ts';
import { downloadCsv } from '../lib/download-csv.ts';

/** GET /api/admin/accounting?from&to: money in, refunds, fees and payouts per day and provider (to inclusive). */
async function getAccounting(query: AccountingQuery): Promise<Accounting> {
  return AccountingSchema.parse(await api(`/api/admin/accounting${queryString(query)}`));
}

const accountingQueryOptions = (query: AccountingQuery) =>
  queryOptions({
    queryKey: ['admin', 'accounting', query],
    queryFn: () => getAccounting(query),
    // Keep the last table on screen while another range loads.
    placeholderData: keepPreviousData,
  });

/** Without dates the server picks the last 30 days; `enabled` false while the range is invalid. */
export function useAccounting(query: AccountingQuery, enabled = true) {
  return useQuery({ ...accountingQueryOptions(query), enabled });
}

/** The CSV export of the same range (GET /api/admin/accounting.csv?from&to). */
export function accountingCsvPath(query: AccountingQuery): string {
  return `/api/admin/accounting.csv${queryString(query)}`;
}

/** Fetches the CSV with the admin token (a plain link would not send it) and saves it as `fileName`. */
export function downloadAccountingCsv(query: AccountingQuery, fileName: string): Promise<void> {
  return downloadCsv(accountingCsvPath(query), fileName);
}
