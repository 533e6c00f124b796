/**
 * Site settings quoted live in the legal pages (decision 077): the Terms of Service state the rules of
 * issue 29 with their figures, and the figures are settings an admin changes. The text (the template,
 * or an admin's own) writes `{{payoutDestinationHoldHours}}`; the page shows the setting's value now.
 * Only the settings below are quoted; anything else in double braces is shown as typed.
 */
import { formatBasisPoints, formatUsd, parsePercentToBasisPoints, parseUsdToCents } from './money.ts';
import type { SiteSettings } from './settings.schemas.ts';

/** Each setting a legal page may quote, as it reads in a sentence. */
const QUOTED = {
  payoutHoldDays: (s) => String(s.payoutHoldDays),
  payoutDestinationHoldHours: (s) => String(s.payoutDestinationHoldHours),
  flipHoldDays: (s) => String(s.flipHoldDays),
  caseWindowDays: (s) => String(s.caseWindowDays),
  caseNotReceivedDays: (s) => String(s.caseNotReceivedDays),
  autoDeliveryDays: (s) => String(s.autoDeliveryDays),
  platformFeePercent: (s) => formatBasisPoints(parsePercentToBasisPoints(s.platformFeePercent)),
  reporting1099kGrossUsd: (s) => formatUsd(parseUsdToCents(s.reporting1099kGrossUsd)),
  reporting1099kSales: (s) => String(s.reporting1099kSales),
  reportingDac7GrossUsd: (s) => formatUsd(parseUsdToCents(s.reportingDac7GrossUsd)),
  reportingDac7Sales: (s) => String(s.reportingDac7Sales),
} satisfies Record<string, (settings: SiteSettings) => string>;

/** The names a legal page may quote, for the admin's editor. */
export const LEGAL_PLACEHOLDERS = Object.keys(QUOTED) as (keyof typeof QUOTED)[];

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9]+)\s*\}\}/g;

/** The text with every known `{{setting}}` replaced by the setting's value. */
export function fillSettingPlaceholders(text: string, settings: SiteSettings): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(QUOTED, name) ? QUOTED[name as keyof typeof QUOTED](settings) : whole,
  );
}

/** Whether the text quotes any setting (then the page waits for the settings before showing it). */
export function hasSettingPlaceholders(text: string): boolean {
  return [...text.matchAll(PLACEHOLDER)].some((m) => Object.hasOwn(QUOTED, m[1]!));
}
