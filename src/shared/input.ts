/**
 * Rules every piece of input obeys, whatever the route: ids fit the integer columns they look up,
 * and text holds no NUL byte (PostgreSQL refuses it in text) and no lone UTF-16 surrogate (it cannot
 * be encoded as UTF-8). The server applies the text rule to every request before its own schema
 * (plugins/input-guard.ts); forms can use `safeText` to say so before sending.
 */
import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (serial ids, counters). */
export const MAX_ID = 2_147_483_647;

export const UNSAFE_TEXT_MESSAGE = 'Text contains characters that are not allowed';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text has no NUL byte and no lone surrogate. */
export function isSafeText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** The paths of every string (object keys included) in `value` that is not safe text. */
export function unsafeTextPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return isSafeText(value) ? [] : [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => unsafeTextPaths(v, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
      isSafeText(k) ? unsafeTextPaths(v, [...path, k]) : [[...path, k]],
    );
  }
  return [];
}

/** A string that is safe text (for forms; the server checks every request anyway). */
export const safeText = () => z.string().refine(isSafeText, UNSAFE_TEXT_MESSAGE);

/** A positive integer id from a URL param or query (coerced), within the integer column's range. */
export const idParam = (message = 'Not found') =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);
