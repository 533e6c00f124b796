/**
 * GET /api/admin/accounting/reporting (and .csv): each seller's gross sales and number of sales in a
 * calendar year (UTC), flagged past the US Form 1099-K and EU DAC7 thresholds of the site settings
 * (decision 077). Read-only.
 */
import { parseUsdToCents } from '#shared/money.ts';
import {
  isOver1099k,
  isOverDac7,
  type Reporting,
  type ReportingQuery,
  type ReportingThresholds,
} from '#shared/reporting.schemas.ts';
import type { SiteSettings } from '#shared/settings.schemas.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';
import { listSaleYears, listSellerSales } from './reporting.repo.ts';

/** The thresholds the settings hold, in cents and sales. */
function reportingThresholds(settings: SiteSettings): ReportingThresholds {
  return {
    form1099kGrossCents: parseUsdToCents(settings.reporting1099kGrossUsd),
    form1099kSales: settings.reporting1099kSales,
    dac7GrossCents: parseUsdToCents(settings.reportingDac7GrossUsd),
    dac7Sales: settings.reportingDac7Sales,
  };
}

export async function getReporting(ctx: ServiceContext, query: ReportingQuery): Promise<Reporting> {
  const currentYear = ctx.clock().getUTCFullYear();
  const year = query.year ?? currentYear;
  const from = new Date(Date.UTC(year, 0, 1));
  const to = new Date(Date.UTC(year + 1, 0, 1));
  const [settings, rows, saleYears] = await Promise.all([
    getSiteSettings(ctx),
    listSellerSales(ctx.db, from, to),
    listSaleYears(ctx.db),
  ]);
  const thresholds = reportingThresholds(settings);
  const sellers = rows
    .map((r) => ({ ...r, over1099k: isOver1099k(r, thresholds), overDac7: isOverDac7(r, thresholds) }))
    .sort(
      (a, b) =>
        Number(b.over1099k || b.overDac7) - Number(a.over1099k || a.overDac7) ||
        b.grossCents - a.grossCents ||
        a.userId - b.userId,
    );
  const totals = { sellers: sellers.length, salesCount: 0, grossCents: 0, over1099k: 0, overDac7: 0 };
  for (const s of sellers) {
    totals.salesCount += s.salesCount;
    totals.grossCents += s.grossCents;
    if (s.over1099k) totals.over1099k += 1;
    if (s.overDac7) totals.overDac7 += 1;
  }
  const years = [...new Set([currentYear, year, ...saleYears])].sort((a, b) => b - a);
  return { year, years, thresholds, sellers, totals };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** A CSV field: quoted when it holds a comma, quote or line break (RFC 4180); a leading =+-@ is defused. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The year's sellers as CSV (amounts in dollars with two decimals; flags as yes/no). */
export function reportingCsv(reporting: Reporting): string {
  const lines = [
    [
      'Year',
      'Seller id',
      'Username',
      'Name',
      'E-mail',
      'Sales',
      'Gross sales (USD)',
      'Over 1099-K',
      'Over DAC7',
    ]
      .map(field)
      .join(','),
  ];
  const yes = (flag: boolean) => (flag ? 'yes' : 'no');
  for (const s of reporting.sellers) {
    lines.push(
      [
        String(reporting.year),
        String(s.userId),
        field(s.username),
        field(s.name ?? ''),
        field(s.email),
        String(s.salesCount),
        dollars(s.grossCents),
        yes(s.over1099k),
        yes(s.overDac7),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
