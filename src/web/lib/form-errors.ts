/**
 * A refused submit's answer, put on the form that sent it: the one mapping from the API's
 * `{ message, fieldErrors }` (field paths such as "address.city") to react-hook-form (issue 26).
 */
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiRequestError, errorMessage } from './api-client.ts';

/** The error key the server's leftover message is kept under: `errors.root.server`. */
const SERVER_ERROR_KEY = 'root.server';

export type ServerErrorOptions<T extends FieldValues> = {
  /**
   * The fields that show the server's messages. By default, every field the form holds a value for:
   * its default values and the fields it has shown (react-hook-form keeps a registered field's value).
   */
  fields?: readonly Path<T>[];
  /** What to say when the error has no message of its own (a network failure). */
  fallback?: string;
};

/** The first message the server gave for `field`, if it refused that field. */
export function serverFieldError(err: unknown, field: string): string | undefined {
  return err instanceof ApiRequestError ? err.fieldErrors?.[field]?.[0] : undefined;
}

/**
 * Shows each field the server refused with its first message and focuses the first of them. What no
 * field shows (the server's message when no field took one, or messages for fields this form lacks)
 * is set as `errors.root.server` and returned, for the form to show; null when the fields say it all.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  err: unknown,
  options: ServerErrorOptions<T> = {},
): string | null {
  const fieldErrors = err instanceof ApiRequestError ? (err.fieldErrors ?? {}) : {};
  const values: unknown = form.getValues();
  const isShown = (field: string) =>
    options.fields ? (options.fields as readonly string[]).includes(field) : holdsPath(values, field);
  let placed = 0;
  const leftOver: string[] = [];
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const message = messages[0];
    if (!message) continue;
    if (isShown(field)) {
      form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: placed === 0 });
      placed += 1;
    } else if (!leftOver.includes(message)) {
      leftOver.push(message);
    }
  }
  const rest = placed === 0 ? errorMessage(err, options.fallback ?? '') : leftOver.join(' ');
  if (!rest) return null;
  form.setError(SERVER_ERROR_KEY, { type: 'server', message: rest });
  return rest;
}

/** Whether `values` has the dotted `path` ("address.city", "items.0.name"), even when it is empty. */
function holdsPath(values: unknown, path: string): boolean {
  let node = values;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}
