import { useState, type MouseEvent } from 'react';
import { Download } from 'lucide-react';
import { formatUsd } from '#shared/money.ts';
import type { Reporting } from '#shared/reporting.schemas.ts';
import { FormAlert } from '#web/components/ui/field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { Link } from '#web/lib/router.tsx';
import { downloadReportingCsv, reportingCsvPath, useReporting } from '../api/get-reporting.ts';
import { adminCustomerPath } from '../lib/admin-routes.ts';
import { AdminTable, ListState, SelectField, TD, TH } from './admin-ui.tsx';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Reporting thresholds (decision 077): each seller's gross sales and number of sales in a calendar
 * year, flagged past the US Form 1099-K and EU DAC7 thresholds of the settings, and the year as CSV.
 */
export function ReportingPanel() {
  // null: the server's default, the current year.
  const [chosen, setChosen] = useState<number | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const reporting = useReporting(chosen);
  const data = reporting.data;
  const year = chosen ?? data?.year ?? null;
  const fileName = `reporting-${year ?? ''}.csv`;

  const download = async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (year === null || isDownloading) return;
    setDownloadError(null);
    setIsDownloading(true);
    try {
      await downloadReportingCsv(year, fileName);
    } catch (err) {
      setDownloadError(errorMessage(err, 'The CSV could not be downloaded. Please try again.'));
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <section aria-labelledby="reporting-heading" className="space-y-3">
      <h3 id="reporting-heading" className="text-lg font-semibold text-gray-900">
        Reporting thresholds
      </h3>
      {data && <ThresholdsNote reporting={data} />}
      <div className="flex flex-wrap items-end gap-3">
        {data && (
          <SelectField
            label="Year"
            value={String(year)}
            onChange={(e) => {
              setDownloadError(null);
              setChosen(Number(e.target.value));
            }}
            className="w-full sm:w-40"
          >
            {data.years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </SelectField>
        )}
        {year !== null && (
          <a
            href={reportingCsvPath(year)}
            download={fileName}
            onClick={(e) => void download(e)}
            aria-disabled={isDownloading || undefined}
            className="inline-flex h-10 items-center gap-2 rounded-md border border-gray-300 bg-white px-4 text-sm font-medium text-gray-900 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            {isDownloading ? 'Downloading...' : `Download ${year} CSV`}
          </a>
        )}
      </div>
      <FormAlert>{downloadError}</FormAlert>
      <ListState
        isPending={reporting.isPending}
        error={reporting.error}
        errorMessage={errorMessage(reporting.error, 'Failed to fetch the reporting figures')}
        isEmpty={data?.sellers.length === 0}
        emptyText={`No sales were paid in ${year ?? 'this year'}.`}
      >
        {data && <ReportingTable reporting={data} />}
      </ListState>
    </section>
  );
}

function ThresholdsNote({ reporting }: { reporting: Reporting }) {
  const t = reporting.thresholds;
  const { totals } = reporting;
  return (
    <div className="space-y-1 text-sm text-gray-700">
      <p>
        Sales of a seller&apos;s chips paid in the calendar year (UTC), refunded ones left out; gross is their
        sale prices. US Form 1099-K: more than {formatUsd(t.form1099kGrossCents)} and more than{' '}
        {plural(t.form1099kSales, 'sale', 'sales')}. EU DAC7: {plural(t.dac7Sales, 'sale', 'sales')} or more,
        or more than {formatUsd(t.dac7GrossCents)} (€2,000 held in USD). The figures are in Settings.
      </p>
      <p className="font-medium text-gray-900" aria-live="polite">
        {reporting.year}: {plural(totals.sellers, 'seller', 'sellers')} with sales;{' '}
        {plural(totals.over1099k, 'seller', 'sellers')} past 1099-K,{' '}
        {plural(totals.overDac7, 'seller', 'sellers')} past DAC7.
      </p>
    </div>
  );
}

function Flag({ on, label }: { on: boolean; label: string }) {
  return on ? (
    <span className="inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">
      Past {label}
    </span>
  ) : (
    <span className="text-gray-700">
      <span aria-hidden="true">—</span>
      <span className="sr-only">Under {label}</span>
    </span>
  );
}

function ReportingTable({ reporting }: { reporting: Reporting }) {
  const { totals } = reporting;
  return (
    <AdminTable caption={`Sellers' sales in ${reporting.year} against the reporting thresholds`}>
      <thead className="bg-gray-50">
        <tr>
          <th scope="col" className={TH}>
            Seller
          </th>
          <th scope="col" className={`${TH} text-right`}>
            Sales
          </th>
          <th scope="col" className={`${TH} text-right`}>
            Gross sales
          </th>
          <th scope="col" className={TH}>
            1099-K
          </th>
          <th scope="col" className={TH}>
            DAC7
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-200 bg-white">
        {reporting.sellers.map((s) => (
          <tr key={s.userId}>
            <td className={TD}>
              <Link
                to={adminCustomerPath(s.userId)}
                className="font-medium text-brand-700 underline hover:text-brand-800"
              >
                {s.username}
              </Link>
              <div className="text-xs break-all text-gray-700">
                {s.name ? `${s.name} · ${s.email}` : s.email}
              </div>
            </td>
            <td className={`${TD} text-right`}>{s.salesCount.toLocaleString('en-US')}</td>
            <td className={`${TD} text-right whitespace-nowrap`}>{formatUsd(s.grossCents)}</td>
            <td className={TD}>
              <Flag on={s.over1099k} label="1099-K" />
            </td>
            <td className={TD}>
              <Flag on={s.overDac7} label="DAC7" />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t-2 border-gray-300 bg-gray-50 font-semibold">
        <tr>
          <th scope="row" className={`${TD} text-left`}>
            Total
          </th>
          <td className={`${TD} text-right`}>{totals.salesCount.toLocaleString('en-US')}</td>
          <td className={`${TD} text-right whitespace-nowrap`}>{formatUsd(totals.grossCents)}</td>
          <td className={TD}>{totals.over1099k.toLocaleString('en-US')}</td>
          <td className={TD}>{totals.overDac7.toLocaleString('en-US')}</td>
        </tr>
      </tfoot>
    </AdminTable>
  );
}
