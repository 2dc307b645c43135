import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * The spec's validation rhythm for every form: a field is checked when it is left, every field
 * when the form is sent (focus goes to the first one in error), and editing a field clears its
 * error at once (`field(name)` below does that).
 */
export const VALIDATION_RHYTHM = { mode: 'onBlur', reValidateMode: 'onBlur' } as const;

export type ContractForm<TValues extends FieldValues, TOutput> = UseFormReturn<
  TValues,
  unknown,
  TOutput
> & {
  /**
   * Everything a field of the family (form-field.tsx) needs for `name`: react-hook-form's
   * `register(name)` (name, ref, change and blur), editing clears the error, and the error text.
   */
  field: <N extends FieldPath<TValues>>(
    name: N,
  ) => ReturnType<UseFormReturn<TValues>['register']> & { error: string | undefined };
};

/** The error message react-hook-form holds for `name`, if any. */
export function errorOf<TValues extends FieldValues>(
  form: UseFormReturn<TValues, unknown, unknown>,
  name: FieldPath<TValues>,
): string | undefined {
  return (get(form.formState.errors, name) as FieldError | undefined)?.message;
}

/**
 * A react-hook-form form checked with a contract schema (the same one the server parses the
 * request with), so no rule is restated here. The submit handler gets the schema's output
 * (trimmed, lower-cased email…), or with `raw: true` the values as typed.
 */
export function useContractForm<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput>,
  defaultValues: DefaultValues<TValues>,
  options?: { raw?: false },
): ContractForm<TValues, TOutput>;
export function useContractForm<TValues extends FieldValues>(
  schema: z.ZodType,
  defaultValues: DefaultValues<TValues>,
  options: { raw: true },
): ContractForm<TValues, TValues>;
export function useContractForm<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput>,
  defaultValues: DefaultValues<TValues>,
  { raw = false }: { raw?: boolean } = {},
): ContractForm<TValues, TOutput> {
  // The form's values are what the fields hold (e.g. "" for a select still on its placeholder),
  // which the schema's input type need not admit: the schema is what says whether they will do.
  // The contract's schemas have no async checks, so they run synchronously.
  const resolver = (raw
    ? zodResolver(schema as never, undefined, { mode: 'sync', raw: true })
    : zodResolver(schema as never, undefined, { mode: 'sync' })) as unknown as Resolver<
    TValues,
    unknown,
    TOutput
  >;
  const form = useForm<TValues, unknown, TOutput>({
    ...VALIDATION_RHYTHM,
    resolver,
    defaultValues,
  });
  const field: ContractForm<TValues, TOutput>['field'] = (name) => ({
    ...form.register(name, {
      onChange: () => {
        if (errorOf(form, name)) form.clearErrors(name);
      },
    }),
    error: errorOf(form, name),
  });
  return { ...form, field };
}
