import { useCallback, useState } from 'react';

export type FieldValues = Record<string, string>;
/** A field's rule: the message to show, or undefined when the value is fine. */
export type FieldRule<V extends FieldValues> = (value: string, values: V) => string | undefined;
export type FieldRules<V extends FieldValues> = { [K in keyof V]?: FieldRule<V> };
export type FieldErrors<V extends FieldValues> = { [K in keyof V]?: string };

/** Rule: blank after trimming is an error with `message`. */
export const required =
  (message: string) =>
  (value: string): string | undefined =>
    value.trim() ? undefined : message;

/** Runs rules in order and returns the first message. */
export const rules =
  <V extends FieldValues>(...list: FieldRule<V>[]): FieldRule<V> =>
  (value, values) => {
    for (const rule of list) {
      const message = rule(value, values);
      if (message) return message;
    }
    return undefined;
  };

/** Rule: a plausible email address (the server checks it properly). */
export const emailFormat =
  (message: string) =>
  (value: string): string | undefined =>
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? undefined : message;

/**
 * Form state with the spec's validation behaviour: a field is checked when it loses focus and
 * every field when the form is sent; editing a field clears its error straight away.
 */
export function useFormFields<V extends FieldValues>(
  initial: V | (() => V),
  fieldRules: FieldRules<V>,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});

  const check = useCallback(
    (name: keyof V, all: V) => fieldRules[name]?.(all[name] ?? '', all),
    [fieldRules],
  );

  const setValue = useCallback((name: keyof V, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
  }, []);

  const setError = useCallback((name: keyof V, message: string | undefined) => {
    setErrors((previous) => ({ ...previous, [name]: message }));
  }, []);

  const blur = useCallback(
    (name: keyof V) => setError(name, check(name, values)),
    [check, setError, values],
  );

  /** Checks every field; returns the name of the first invalid one (in rule order), or null. */
  const validateAll = useCallback((): keyof V | null => {
    const next: FieldErrors<V> = {};
    let first: keyof V | null = null;
    for (const name of Object.keys(fieldRules) as (keyof V)[]) {
      const message = check(name, values);
      if (message) {
        next[name] = message;
        first ??= name;
      }
    }
    setErrors(next);
    return first;
  }, [check, fieldRules, values]);

  /** Props for an input bound to `name`. */
  const bind = (name: keyof V & string) => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (value: string) => setValue(name, value),
    onBlur: () => blur(name),
  });

  return { values, errors, setValue, setError, validateAll, bind };
}

/** Moves focus to the named control of `form` (the first invalid field after a failed submit). */
export function focusField(form: HTMLFormElement, name: string): void {
  const control = form.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}

/** Rule: at least `length` characters (counted as typed: passwords are never trimmed). */
export const minLength =
  (length: number, message: string) =>
  (value: string): string | undefined =>
    value.length < length ? message : undefined;
