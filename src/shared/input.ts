/**
 * Rules every piece of input obeys, whatever the route: ids fit the integer columns they look up,
 * and text holds no NUL byte (PostgreSQL refuses it in text) and no lone UTF-16 surrogate (it cannot
 * be encoded as UTF-8). The server applies the text rule to every request before its own schema
 * (plugins/input-guard.ts).
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

/** How many values one input may hold before the text check stops and refuses it whole. */
export const MAX_INPUT_VALUES = 20_000;
/** How many unsafe places are named before the check stops looking (one is enough to refuse). */
const MAX_REPORTED = 20;

export const INPUT_TOO_LARGE_MESSAGE = 'The request holds too many values.';

type Path = (string | number)[];
/** A value still to look at, and how to spell its path should it be unsafe (built only then). */
type Pending = { value: unknown; parent: Pending | null; key: string | number | null };

function pathOf(node: Pending): Path {
  const path: Path = [];
  for (let n: Pending | null = node; n && n.key !== null; n = n.parent) path.push(n.key);
  return path.reverse();
}

/**
 * The paths of strings (object keys included) in `value` that are not safe text, and whether the
 * value held more than `maxValues` values (then the walk stopped there). Iterative with an explicit
 * stack, so no nesting can overflow the call stack, and it costs at most `maxValues` steps.
 */
export function findUnsafeText(
  value: unknown,
  maxValues = MAX_INPUT_VALUES,
): { paths: Path[]; tooLarge: boolean } {
  const paths: Path[] = [];
  const stack: Pending[] = [{ value, parent: null, key: null }];
  let visited = 0;
  while (stack.length > 0 && paths.length < MAX_REPORTED) {
    if (++visited > maxValues) return { paths, tooLarge: true };
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      if (!isSafeText(v)) paths.push(pathOf(node));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], parent: node, key: i });
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        const childNode: Pending = { value: child, parent: node, key: k };
        if (isSafeText(k)) stack.push(childNode);
        else paths.push(pathOf(childNode));
      }
    }
  }
  return { paths, tooLarge: false };
}

/** The paths of every string (object keys included) in `value` that is not safe text. */
export function unsafeTextPaths(value: unknown): Path[] {
  return findUnsafeText(value).paths;
}

/** A positive integer id from a URL param or query (coerced), within the integer column's range. */
export const idParam = (message = 'Not found') =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);
