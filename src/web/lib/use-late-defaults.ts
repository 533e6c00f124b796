import { useEffect } from 'react';
import type { DefaultValues, FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/**
 * Defaults that arrive after a form is on screen (loaded data, a refetch, props that change while a
 * dialog waits closed) fill only the fields nobody has touched: a field the person typed into,
 * focused and left, or changed in any way keeps what they put there. An untouched field takes the
 * new value as its default (so it stays pristine), and follows later defaults too.
 *
 * Use it instead of react-hook-form's `values` option or a `reset()` in an effect, both of which
 * overwrite what was typed (issue 13: an e-mail typed into /set-password was replaced as the page
 * finished loading). `defaults` may be null while the data is loading; only its top-level fields
 * are considered.
 */
export function useLateDefaults<T extends FieldValues, C, O extends FieldValues>(
  form: UseFormReturn<T, C, O>,
  defaults: NoInfer<DefaultValues<T>> | null | undefined,
): void {
  // Reading these in render subscribes the form to them, so they are tracked for the effect below.
  const { dirtyFields, touchedFields } = form.formState;
  void dirtyFields;
  void touchedFields;
  // Compared by content: callers build `defaults` inline, a new object each render.
  const key = defaults ? JSON.stringify(defaults) : null;

  useEffect(() => {
    if (key === null) return;
    const next = JSON.parse(key) as Record<string, unknown>;
    const { formState } = form;
    const current = (formState.defaultValues ?? {}) as Record<string, unknown>;
    for (const [field, value] of Object.entries(next)) {
      const name = field as Path<T>;
      if (sameValue(current[field], value)) continue;
      const isTouched =
        Boolean((formState.dirtyFields as Record<string, unknown>)[field]) ||
        Boolean((formState.touchedFields as Record<string, unknown>)[field]) ||
        !sameValue(form.getValues(name), current[field]);
      if (isTouched) continue;
      form.resetField(name, { defaultValue: value as PathValue<T, Path<T>> });
    }
  }, [form, key]);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  // An empty text field and a missing default are the same untouched field.
  if ((a === undefined || a === '') && (b === undefined || b === '')) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}
