import { useCallback } from 'react';
import {
  focusField,
  useFormState,
  type FormErrors,
  type FormValues,
} from '../../../components/ui/form-state';

export type FieldValues = FormValues;
/** A field's rule: the message to show, or undefined when the value is fine. */
export type FieldRule<V extends FieldValues> = (value: string, values: V) => string | undefined;
export type FieldRules<V extends FieldValues> = { [K in keyof V]?: FieldRule<V> };
export type FieldErrors<V extends FieldValues> = FormErrors<V>;

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

/** Each field's first failing rule, and the first field (in rule order) with one. */
function ruleErrors<V extends FieldValues>(fieldRules: FieldRules<V>, values: V) {
  const errors: FieldErrors<V> = {};
  let first: keyof V | null = null;
  for (const name of Object.keys(fieldRules) as (keyof V)[]) {
    const message = fieldRules[name]?.(values[name] ?? '', values);
    if (message) {
      errors[name] = message;
      first ??= name;
    }
  }
  return { errors, first };
}

/** Form state (components/ui/form-state.ts) checked with the screen's rules. */
export function useFormFields<V extends FieldValues>(
  initial: V | (() => V),
  fieldRules: FieldRules<V>,
) {
  const check = useCallback((values: V) => ruleErrors(fieldRules, values), [fieldRules]);
  return useFormState(initial, check);
}

export { focusField };

/** Rule: at least `length` characters (counted as typed: passwords are never trimmed). */
export const minLength =
  (length: number, message: string) =>
  (value: string): string | undefined =>
    value.length < length ? message : undefined;
