import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { errorText, mutedText } from './auth-ui';

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  | 'id'
  | 'name'
  | 'value'
  | 'onChange'
  | 'onBlur'
  | 'className'
  | 'aria-invalid'
  | 'aria-describedby'
>;

export interface FieldProps {
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Help shown under the field, also read out with it. */
  hint?: ReactNode;
}

/** Ids tying a control to its hint and error text. */
export function useFieldIds() {
  const id = useId();
  return { inputId: `${id}input`, hintId: `${id}hint`, errorId: `${id}error` };
}

export const describedBy = (ids: ReturnType<typeof useFieldIds>, hint: unknown, error: unknown) =>
  [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(' ') || undefined;

export const inputClass = (error: unknown) =>
  `input input-lg w-full text-base ${error ? 'input-error' : ''}`;

/** The hint and error lines under a control. */
export function FieldMessages({
  ids,
  hint,
  error,
}: {
  ids: ReturnType<typeof useFieldIds>;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={ids.hintId} className={`text-sm ${mutedText}`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className={errorText} data-testid="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled input with its error under it (aria-invalid + aria-describedby). */
export function TextField({
  label,
  name,
  value,
  error,
  onChange,
  onBlur,
  hint,
  inputClassName = '',
  ...native
}: FieldProps & NativeInputProps & { inputClassName?: string }) {
  const ids = useFieldIds();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={ids.inputId} className="text-sm font-semibold">
        {label}
      </label>
      <input
        {...native}
        id={ids.inputId}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        className={`${inputClass(error)} ${inputClassName}`}
      />
      <FieldMessages ids={ids} hint={hint} error={error} />
    </div>
  );
}

/** A labelled select; `placeholder` is the empty first option. */
export function SelectField({
  label,
  name,
  value,
  error,
  onChange,
  onBlur,
  hint,
  placeholder,
  options,
}: FieldProps & { placeholder: string; options: ReadonlyArray<{ value: string; label: string }> }) {
  const ids = useFieldIds();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={ids.inputId} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={ids.inputId}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        className={`select select-lg w-full text-base ${error ? 'select-error' : ''}`}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages ids={ids} hint={hint} error={error} />
    </div>
  );
}
