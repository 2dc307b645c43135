import { useCallback } from 'react';
import type { z } from 'zod';
import {
  focusField,
  useFormState,
  type FormErrors,
  type FormValues,
} from '../../../components/ui/form-state';

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

/** Form state (components/ui/form-state.ts) checked with a contract schema. */
export function useSchemaForm<V extends FormValues>(schema: z.ZodType, initial: V | (() => V)) {
  const check = useCallback((values: V) => schemaErrors(schema, values), [schema]);
  return useFormState(initial, check);
}

export type SchemaForm<V extends FormValues> = ReturnType<typeof useSchemaForm<V>>;

export { focusField };
