/**
 * Reporting thresholds (issue 29, decision 077): each seller's gross sales and number of sales in a
 * calendar year (UTC), flagged past the US Form 1099-K and EU DAC7 thresholds of the site settings.
 * Money is integer cents of the shop's currency (USD).
 */
import { z } from 'zod';

const REPORTING_FIRST_YEAR = 2000;
const REPORTING_LAST_YEAR = 2999;

const YEAR_MESSAGE = `Choose a year from ${REPORTING_FIRST_YEAR} to ${REPORTING_LAST_YEAR}`;

/** GET /api/admin/accounting/reporting?year=2026 (and .csv): without a year, the current one (UTC). */
export const ReportingQuerySchema = z.object({
  year: z.coerce
    .number({ error: YEAR_MESSAGE })
    .int({ error: YEAR_MESSAGE })
    .min(REPORTING_FIRST_YEAR, { error: YEAR_MESSAGE })
    .max(REPORTING_LAST_YEAR, { error: YEAR_MESSAGE })
    .optional(),
});
export type ReportingQuery = z.infer<typeof ReportingQuerySchema>;

/** The figures a year was judged by, from the settings, in cents and sales. */
const ReportingThresholdsSchema = z.object({
  /** 1099-K: flagged when gross is MORE than this AND sales are MORE than form1099kSales. */
  form1099kGrossCents: z.number().int(),
  form1099kSales: z.number().int(),
  /** DAC7: flagged when sales reach dac7Sales OR gross is MORE than dac7GrossCents (EUR 2,000 held in USD). */
  dac7GrossCents: z.number().int(),
  dac7Sales: z.number().int(),
});
export type ReportingThresholds = z.infer<typeof ReportingThresholdsSchema>;

const ReportingSellerSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  /** Completed sales of the seller's chips paid in the year, refunded ones left out. */
  salesCount: z.number().int(),
  /** Their sale prices, less what refunds gave back of them. */
  grossCents: z.number().int(),
  over1099k: z.boolean(),
  overDac7: z.boolean(),
});
export type ReportingSeller = z.infer<typeof ReportingSellerSchema>;

export const ReportingSchema = z.object({
  year: z.number().int(),
  /** Years with sales, and the current year; newest first. */
  years: z.array(z.number().int()),
  thresholds: ReportingThresholdsSchema,
  /** Every seller with a sale in the year: flagged ones first, then by gross, largest first. */
  sellers: z.array(ReportingSellerSchema),
  totals: z.object({
    sellers: z.number().int(),
    salesCount: z.number().int(),
    grossCents: z.number().int(),
    over1099k: z.number().int(),
    overDac7: z.number().int(),
  }),
});
export type Reporting = z.infer<typeof ReportingSchema>;

/** The 1099-K rule: more than both figures. */
export function isOver1099k(
  seller: Pick<ReportingSeller, 'salesCount' | 'grossCents'>,
  t: ReportingThresholds,
): boolean {
  return seller.grossCents > t.form1099kGrossCents && seller.salesCount > t.form1099kSales;
}

/**
 * The DAC7 rule: a seller is left out (an "excluded seller") only with fewer sales than the figure AND
 * a gross not more than it; so reaching the sales, or passing the gross, flags them.
 */
export function isOverDac7(
  seller: Pick<ReportingSeller, 'salesCount' | 'grossCents'>,
  t: ReportingThresholds,
): boolean {
  return seller.salesCount >= t.dac7Sales || seller.grossCents > t.dac7GrossCents;
}
