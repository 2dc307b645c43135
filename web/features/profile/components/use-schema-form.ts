import { useCallback, useState } from 'react';
import type { z } from 'zod';

export type FormValues = Record<string, string>;
export type FormErrors<V extends FormValues> = { [K in keyof V]?: string };

/** The first message the schema gives for each field (the server sends the same ones). */
export function schemaErrors<V extends FormValues>(
  schema: z.ZodType,
  values: V,
): { errors: FormErrors<V>; first: keyof V | null } {
  const result = schema.safeParse(values);
  const errors: FormErrors<V> = {};
  if (result.success) return { errors, first: null };
  let first: keyof V | null = null;
  for (const issue of result.error.issues) {
    const name = issue.path[0];
    if (typeof name !== 'string' || !(name in values) || errors[name as keyof V]) continue;
    errors[name as keyof V] = issue.message;
    first ??= name as keyof V;
  }
  // Issues are reported in schema order, which is also the order of the fields on screen.
  return { errors, first };
}

/**
 * Form state checked with a contract schema: a field is checked when it is left and every field
 * when the form is sent; editing a field clears its error at once.
 */
export function useSchemaForm<V extends FormValues>(schema: z.ZodType, initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});

  const setValue = useCallback((name: keyof V, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
  }, []);

  const setError = useCallback((name: keyof V, message: string | undefined) => {
    setErrors((previous) => ({ ...previous, [name]: message }));
  }, []);

  /** Checks one field against the whole schema (a confirmation depends on its partner). */
  const blur = useCallback(
    (name: keyof V) => setError(name, schemaErrors(schema, values).errors[name]),
    [schema, setError, values],
  );

  /** Checks every field; returns the first invalid field's name, or null when all are fine. */
  const validate = useCallback((): keyof V | null => {
    const { errors: next, first } = schemaErrors(schema, values);
    setErrors(next);
    return first;
  }, [schema, values]);

  const reset = useCallback((next: V) => {
    setValues(next);
    setErrors({});
  }, []);

  /** Props for a field bound to `name`. */
  const bind = (name: keyof V & string) => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (value: string) => setValue(name, value),
    onBlur: () => blur(name),
  });

  return { values, errors, setValue, setError, validate, reset, bind };
}

/** Moves focus to the named control of `form` (the first invalid field after a failed submit). */
export function focusField(form: HTMLFormElement, name: string): void {
  const control = form.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}
