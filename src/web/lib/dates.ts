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

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A date's calendar fields and time in UTC or in the visitor's own time zone (undefined), the two
 * zones public pages show (useDisplayTimeZone); null for any other zone. Read from Date's own getters,
 * not Intl: a page's first Intl.DateTimeFormat loads ICU's calendar and time-zone data, a long task
 * (about 40 ms, 150 ms on a slow phone) in the middle of hydration, and each toLocale*String call with
 * options builds a new formatter.
 */
function fieldsOf(date: Date, timeZone: string | undefined) {
  if (timeZone === 'UTC') {
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth(),
      day: date.getUTCDate(),
      hours: date.getUTCHours(),
      minutes: date.getUTCMinutes(),
      seconds: date.getUTCSeconds(),
    };
  }
  if (timeZone !== undefined) return null;
  return {
    year: date.getFullYear(),
    month: date.getMonth(),
    day: date.getDate(),
    hours: date.getHours(),
    minutes: date.getMinutes(),
    seconds: date.getSeconds(),
  };
}

/** "January 5, 2025", as toLocaleDateString('en-US', { year, month: 'long', day }) writes it. */
export function formatMonthDayYear(date: Date, timeZone?: string): string {
  const f = fieldsOf(date, timeZone);
  if (!f)
    return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone });
  return `${MONTHS[f.month]} ${f.day}, ${f.year}`;
}

/** "January 2025", as toLocaleDateString('en-US', { year, month: 'long' }) writes it. */
export function formatMonthYear(date: Date, timeZone?: string): string {
  const f = fieldsOf(date, timeZone);
  if (!f) return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', timeZone });
  return `${MONTHS[f.month]} ${f.year}`;
}

/** "3:04:05 PM", as toLocaleTimeString('en-US') writes it (with a plain space before AM/PM). */
export function formatClockTime(date: Date, timeZone?: string): string {
  const f = fieldsOf(date, timeZone);
  if (!f) return date.toLocaleTimeString('en-US', { timeZone });
  const two = (n: number) => String(n).padStart(2, '0');
  return `${f.hours % 12 || 12}:${two(f.minutes)}:${two(f.seconds)} ${f.hours < 12 ? 'AM' : 'PM'}`;
}
