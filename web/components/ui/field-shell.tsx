import { useId, type ReactNode, type Ref } from 'react';
import { commonMessages } from '../../i18n/common';
import { useContractMessage, useT } from '../../i18n/use-t';

/*
 * What every field of the family (form-field.tsx) shares: a visible label, the hint and error
 * tied to the control with aria-describedby, aria-invalid while an error shows. The fields take
 * the native props, so react-hook-form's `register(name)` (or `form.field(name)` from
 * use-contract-form.ts, which adds the error) spreads straight in, and `ref` reaches the control
 * so the form can focus the first field in error. Colours meet WCAG AA in both themes.
 */

export const fieldErrorText = 'text-sm font-medium text-red-700 dark:text-red-300';
export const fieldHintText = 'text-sm text-base-content/80';

/** What every field shows around its control. */
export interface FieldChrome {
  label: string;
  /** Help shown under the control, also read out with it. */
  hint?: ReactNode;
  error?: string | undefined;
}

/**
 * `md` in the app's forms; `lg` on the account screens (sign in, register, reset), where the form
 * is the whole page.
 */
export type FieldSize = 'md' | 'lg';

/** Ids tying a control to its hint and error lines. */
export function useFieldIds() {
  const id = useId();
  return { inputId: `${id}input`, hintId: `${id}hint`, errorId: `${id}error` };
}
export type FieldIds = ReturnType<typeof useFieldIds>;

export const describedBy = (ids: FieldIds, hint: unknown, error: unknown) =>
  [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(' ') || undefined;

/**
 * The accessibility attributes of a control with these ids, hint and error (after any
 * description, and unless the field has an error the invalid state, the caller gives it).
 */
export const ariaOf = (
  ids: FieldIds,
  hint: unknown,
  error: unknown,
  own?: string,
  ownInvalid?: boolean | 'true' | 'false' | 'grammar' | 'spelling',
) => ({
  id: ids.inputId,
  'aria-invalid': error ? true : ownInvalid,
  'aria-describedby': [own, describedBy(ids, hint, error)].filter(Boolean).join(' ') || undefined,
});

/** Gives `node` to both refs (the caller's, e.g. react-hook-form's, and the field's own). */
export function setRefs<T>(node: T | null, ...refs: (Ref<T> | undefined)[]) {
  for (const ref of refs) {
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  }
}

/** The hint and error lines under a control. */
export function FieldMessages({
  ids,
  hint,
  error,
  errorRole,
}: {
  ids: FieldIds;
  hint?: ReactNode;
  error?: string | undefined;
  /** `alert` announces the error as soon as it shows. */
  errorRole?: 'alert' | undefined;
}) {
  const say = useContractMessage();
  return (
    <>
      {hint ? (
        <p id={ids.hintId} className={fieldHintText}>
          {typeof hint === 'string' ? say(hint) : hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className={fieldErrorText} role={errorRole} data-testid="field-error">
          {say(error)}
        </p>
      ) : null}
    </>
  );
}

/**
 * Label, control and messages in a column: the frame of every field, and of controls the family
 * has no member for (date picker, tags, searchable multi-select, file input).
 */
export function FieldShell({
  ids,
  label,
  hint,
  error,
  errorRole,
  labelId,
  'data-field': dataField,
  children,
}: FieldChrome & {
  ids: FieldIds;
  errorRole?: 'alert';
  labelId?: string;
  /** Marks the field so a form can find it (to focus it after a refused save). */
  'data-field'?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5" data-field={dataField}>
      <label id={labelId} htmlFor={ids.inputId} className="text-sm font-semibold">
        {label}
      </label>
      {children}
      <FieldMessages ids={ids} hint={hint} error={error} errorRole={errorRole} />
    </div>
  );
}

/** Under a long form: how many fields still need correcting (nothing while none do). */
export function FormErrorSummary({ count }: { count: number }) {
  const t = useT(commonMessages);
  if (count === 0) return null;
  return (
    <p className={fieldErrorText} role="alert">
      {t('form.correctFields', { count })}
    </p>
  );
}
