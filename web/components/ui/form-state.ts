import { useCallback, useState } from 'react';

export type FormValues = Record<string, string>;
export type FormErrors<V extends FormValues> = { [K in keyof V]?: string };

/** Checks every field: each field's message, and the first wrong field in screen order. */
export type FormCheck<V extends FormValues> = (values: V) => {
  errors: FormErrors<V>;
  first: keyof V | null;
};

/**
 * Form state with the spec's validation behaviour: a field is checked when it loses focus and
 * every field when the form is sent; editing a field clears its error straight away. `check`
 * should keep its identity between renders (a module constant or a memoised function).
 */
export function useFormState<V extends FormValues>(initial: V | (() => V), check: FormCheck<V>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});

  const setValue = useCallback((name: keyof V, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
  }, []);

  const setError = useCallback((name: keyof V, message: string | undefined) => {
    setErrors((previous) => ({ ...previous, [name]: message }));
  }, []);

  /** Checks one field against all the values (a confirmation depends on its partner). */
  const blur = useCallback(
    (name: keyof V) => setError(name, check(values).errors[name]),
    [check, setError, values],
  );

  /** Checks every field; returns the first invalid field's name, or null when all are fine. */
  const validate = useCallback((): keyof V | null => {
    const { errors: next, first } = check(values);
    setErrors(next);
    return first;
  }, [check, values]);

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
