import { useState, type MouseEvent } from 'react';
import { Download } from 'lucide-react';
import { AccountingQuerySchema, type Accounting, type AccountingQuery } from '#shared/ledger.schemas.ts';
import { TextField, FormAlert } from '#web/components/ui/field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { accountingCsvPath, downloadAccountingCsv, useAccounting } from '../api/get-accounting.ts';
import { PROVIDER_LABELS } from '../lib/money-labels.ts';
import { AdminTable, ListState, SignedAmount, TD, TH } from './admin-ui.tsx';
import { ReconciliationPanel } from './reconciliation-panel.tsx';
import { ReportingPanel } from './reporting-panel.tsx';

type Range = { from: string; to: string };

/** The range's problem in words, or null: the shared schema's rules (well-formed, in range, from ≤ to). */
function rangeError({ from, to }: Range): string | null {
  const parsed = AccountingQuerySchema.safeParse(toQuery({ from, to }));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter valid dates');
}

/** Empty dates are left out, so the server applies its default (the last 30 days). */
function toQuery({ from, to }: Range): AccountingQuery {
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

const MONEY_COLUMNS = [
  ['Money in', 'moneyInCents'],
  ['Refunds', 'refundsCents'],
  ['Fees', 'feesCents'],
  ['Payouts', 'payoutsCents'],
] as const;

/**
 * Accounting: what came in, went back, was kept as fees and was paid out, per day and provider for
 * a date range (both ends included; the last 30 days unless chosen), the same range as CSV, and the
 * ledger's reconciliation. Then each seller's year against the reporting thresholds (decision 077).
 */
export function AccountingTab() {
  // null: not chosen yet, so the server's default range shows (and fills the inputs once loaded).
  const [chosen, setChosen] = useState<Range | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const error = chosen ? rangeError(chosen) : null;
  const accounting = useAccounting(chosen ? toQuery(chosen) : {}, error === null);
  const shown: Range = chosen ?? { from: accounting.data?.from ?? '', to: accounting.data?.to ?? '' };
  const query = toQuery(shown);
  const fileName = `accounting-${shown.from || 'start'}-to-${shown.to || 'today'}.csv`;

  const setDate = (key: keyof Range, value: string) => {
    setDownloadError(null);
    setChosen({ ...shown, [key]: value });
  };

  // The link names the file and URL; the click fetches it with the admin token, which a link cannot send.
  const download = async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (error || isDownloading) return;
    setDownloadError(null);
    setIsDownloading(true);
    try {
      await downloadAccountingCsv(query, fileName);
    } catch (err) {
      setDownloadError(errorMessage(err, 'The CSV could not be downloaded. Please try again.'));
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h2 className="text-xl font-semibold text-gray-900">Accounting</h2>
        <p className="text-sm text-gray-700">
          Money in, refunds, fees and payouts per day and provider. Both dates are included; without dates it
          shows the last 30 days.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="From"
          type="date"
          value={shown.from}
          max={shown.to || undefined}
          onChange={(e) => setDate('from', e.target.value)}
          className="w-full sm:w-48"
        />
        <TextField
          label="To"
          type="date"
          value={shown.to}
          min={shown.from || undefined}
          onChange={(e) => setDate('to', e.target.value)}
          className="w-full sm:w-48"
        />
        {!error && (
          <a
            href={accountingCsvPath(query)}
            download={fileName}
            onClick={(e) => void download(e)}
            aria-disabled={isDownloading || undefined}
            className="inline-flex h-10 items-center gap-2 rounded-md border border-gray-300 bg-white px-4 text-sm font-medium text-gray-900 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            {isDownloading ? 'Downloading...' : 'Download CSV'}
          </a>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <FormAlert>{downloadError}</FormAlert>
      {!error && (
        <ListState
          isPending={accounting.isPending}
          error={accounting.error}
          errorMessage={errorMessage(accounting.error, 'Failed to fetch the accounting')}
          isEmpty={accounting.data?.rows.length === 0}
          emptyText="No money moved in this period."
        >
          {accounting.data && <AccountingTable accounting={accounting.data} />}
        </ListState>
      )}
      <ReportingPanel />
      <ReconciliationPanel />
    </div>
  );
}

function AccountingTable({ accounting }: { accounting: Accounting }) {
  return (
    <AdminTable caption={`Accounting from ${accounting.from} to ${accounting.to}, by day and provider`}>
      <thead className="bg-gray-50">
        <tr>
          <th scope="col" className={TH}>
            Day
          </th>
          <th scope="col" className={TH}>
            Provider
          </th>
          {MONEY_COLUMNS.map(([label]) => (
            <th key={label} scope="col" className={`${TH} text-right`}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-200 bg-white">
        {accounting.rows.map((row) => (
          <tr key={`${row.day}-${row.provider}`}>
            <td className={`${TD} whitespace-nowrap`}>
              <time dateTime={row.day}>{row.day}</time>
            </td>
            <td className={`${TD} whitespace-nowrap`}>{PROVIDER_LABELS[row.provider]}</td>
            {MONEY_COLUMNS.map(([label, key]) => (
              <td key={label} className={`${TD} text-right`}>
                <SignedAmount cents={row[key]} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t-2 border-gray-300 bg-gray-50 font-semibold">
        <tr>
          <th scope="row" colSpan={2} className={`${TD} text-left`}>
            Total
          </th>
          {MONEY_COLUMNS.map(([label, key]) => (
            <td key={label} className={`${TD} text-right`}>
              <SignedAmount cents={accounting.totals[key]} />
            </td>
          ))}
        </tr>
      </tfoot>
    </AdminTable>
  );
}
