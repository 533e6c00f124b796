import { UNIT_ID_PATTERN } from '#shared/chips.schemas.ts';

/**
 * The unit ID of a /uid URL: the `uid` query parameter, or else the query string itself
 * (`/uid?12345678901234`, as printed on older chips). Parameters the page adds later (`&buy=1`)
 * are not part of a bare ID, so only the first segment counts.
 */
export function readUnitId(search: string): string {
  const params = new URLSearchParams(search);
  const named = params.get('uid');
  if (named !== null) return named.trim();
  const raw = search.replace(/^\?/, '').split('&')[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/=$/, '').replace(/\+/g, ' ')).trim();
  } catch {
    return raw.trim();
  }
}

/** True for a 14-digit unit ID. */
export function isValidUnitId(id: string): boolean {
  return UNIT_ID_PATTERN.test(id);
}
