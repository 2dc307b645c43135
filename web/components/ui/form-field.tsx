import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../contract/auth';
import { Icon } from './icon';
import { focusRing } from './looks';

/*
 * Labelled form controls for the signed-in screens: a visible label, the hint and error tied to
 * the control with aria-describedby, aria-invalid while an error shows. Colours meet WCAG AA on
 * base-100 in both themes (`in-data-[theme=dark]:` because the toggle sets `data-theme`).
 */

export const fieldErrorText = 'text-sm font-medium text-red-700 in-data-[theme=dark]:text-red-300';
export const fieldHintText = 'text-sm text-base-content/80';

export interface FieldProps {
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Help shown under the control, also read out with it. */
  hint?: ReactNode;
}

/** Ids tying a control to its hint and error lines. */
export function useFieldIds() {
  const id = useId();
  return { inputId: `${id}input`, hintId: `${id}hint`, errorId: `${id}error` };
}
type FieldIds = ReturnType<typeof useFieldIds>;

export const describedBy = (ids: FieldIds, hint: unknown, error: unknown) =>
  [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(' ') || undefined;

/** Props every control shares: id, name, value, change/blur and the accessibility attributes. */
function controlProps(ids: FieldIds, props: FieldProps) {
  return {
    id: ids.inputId,
    name: props.name,
    value: props.value,
    onChange: (event: { target: { value: string } }) => props.onChange(event.target.value),
    onBlur: props.onBlur,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy(ids, props.hint, props.error),
  };
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
  return (
    <>
      {hint ? (
        <p id={ids.hintId} className={fieldHintText}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className={fieldErrorText} role={errorRole} data-testid="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

function FieldLabel({ ids, label }: { ids: FieldIds; label: string }) {
  return (
    <label htmlFor={ids.inputId} className="text-sm font-semibold">
      {label}
    </label>
  );
}

type NativeInput = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  | 'id'
  | 'name'
  | 'value'
  | 'onChange'
  | 'onBlur'
  | 'className'
  | 'size'
  | 'aria-invalid'
  | 'aria-describedby'
>;

/**
 * `md` in the app's forms; `lg` on the account screens (sign in, register, reset), where the form
 * is the whole page.
 */
export type FieldSize = 'md' | 'lg';

const inputClass = (error: unknown, size: FieldSize) =>
  `input ${size === 'lg' ? 'input-lg ' : ''}w-full text-base ${error ? 'input-error' : ''}`;

/** A labelled single-line input. */
export function TextField({
  label,
  hint,
  error,
  size = 'md',
  inputClassName,
  ...rest
}: FieldProps & NativeInput & { size?: FieldSize; inputClassName?: string }) {
  const ids = useFieldIds();
  const { name, value, onChange, onBlur, ...native } = rest;
  return (
    <div className="flex flex-col gap-1.5">
      <FieldLabel ids={ids} label={label} />
      <input
        {...native}
        {...controlProps(ids, { label, name, value, onChange, onBlur, hint, error })}
        className={`${inputClass(error, size)}${inputClassName ? ` ${inputClassName}` : ''}`}
      />
      <FieldMessages ids={ids} hint={hint} error={error} />
    </div>
  );
}

/** A labelled select; `placeholder`, when given, is the empty first option. */
export function SelectField({
  label,
  hint,
  error,
  size = 'md',
  placeholder,
  options,
  disabled,
  ...rest
}: FieldProps & {
  size?: FieldSize;
  placeholder?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled?: boolean;
}) {
  const ids = useFieldIds();
  const { name, value, onChange, onBlur } = rest;
  return (
    <div className="flex flex-col gap-1.5">
      <FieldLabel ids={ids} label={label} />
      <select
        {...controlProps(ids, { label, name, value, onChange, onBlur, hint, error })}
        disabled={disabled}
        className={`select ${size === 'lg' ? 'select-lg ' : ''}w-full text-base ${error ? 'select-error' : ''}`}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
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

type NativeTextarea = Pick<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'rows' | 'placeholder' | 'autoComplete'
>;

/** A labelled multi-line input with a "used / max" counter; going over shows the schema's error. */
export function TextAreaField({
  label,
  hint,
  error,
  maxLength,
  ...rest
}: FieldProps & NativeTextarea & { maxLength: number }) {
  const ids = useFieldIds();
  const { name, value, onChange, onBlur, ...native } = rest;
  const counter = `${value.length} / ${maxLength} characters`;
  const fullHint = (
    <>
      {hint ? <>{hint} </> : null}
      <span>{counter}</span>
    </>
  );
  return (
    <div className="flex flex-col gap-1.5">
      <FieldLabel ids={ids} label={label} />
      <textarea
        rows={4}
        {...native}
        {...controlProps(ids, { label, name, value, onChange, onBlur, hint: fullHint, error })}
        className={`textarea w-full text-base ${error ? 'textarea-error' : ''}`}
      />
      <FieldMessages ids={ids} hint={fullHint} error={error} />
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <Icon>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </Icon>
  );
}

type PasswordInput = Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'maxLength'>;

/** A password input with a show/hide switch; the value is never trimmed or changed. */
export function PasswordField({
  label,
  hint,
  error,
  autoComplete,
  maxLength,
  size = 'md',
  toggleLabel = label.toLowerCase(),
  ...rest
}: FieldProps &
  PasswordInput & {
    size?: FieldSize;
    /** What the switch names: "Show …" / "Hide …" (the label in lower case unless given). */
    toggleLabel?: string;
  }) {
  const ids = useFieldIds();
  const [visible, setVisible] = useState(false);
  const { name, value, onChange, onBlur } = rest;
  return (
    <div className="flex flex-col gap-1.5">
      <FieldLabel ids={ids} label={label} />
      <div className="relative">
        <input
          {...controlProps(ids, { label, name, value, onChange, onBlur, hint, error })}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          maxLength={maxLength}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className={`${inputClass(error, size)} ${size === 'lg' ? 'pr-14' : 'pr-12'}`}
        />
        <button
          type="button"
          className={`absolute top-1/2 ${size === 'lg' ? 'right-1.5 h-10 w-10' : 'right-1 h-9 w-9'} z-10 inline-flex -translate-y-1/2 items-center justify-center rounded-full text-base-content/80 transition-colors hover:bg-base-content/10 hover:text-base-content ${focusRing}`}
          aria-label={visible ? `Hide ${toggleLabel}` : `Show ${toggleLabel}`}
          aria-pressed={visible}
          aria-controls={ids.inputId}
          // Keeps focus (and the caret) in the field when the switch is clicked.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
      <FieldMessages ids={ids} hint={hint} error={error} />
    </div>
  );
}

/** A field's name, value, error and handlers, as a form's `bind(name)` gives them. */
type BoundField = Omit<FieldProps, 'label' | 'hint'>;

/**
 * A new password and its confirmation (registration, reset, change): both `new-password` for
 * password managers, at most PASSWORD_MAX characters, the length hint under the first.
 */
export function PasswordPairFields({
  label,
  confirmLabel,
  hint = `At least ${PASSWORD_MIN} characters.`,
  password,
  confirm,
  size,
  toggleLabel,
}: {
  label: string;
  confirmLabel: string;
  hint?: string;
  password: BoundField;
  confirm: BoundField;
  size?: FieldSize;
  toggleLabel?: string;
}) {
  const shared = { autoComplete: 'new-password', maxLength: PASSWORD_MAX, size, toggleLabel };
  return (
    <>
      <PasswordField label={label} hint={hint} {...shared} {...password} />
      <PasswordField label={confirmLabel} {...shared} {...confirm} />
    </>
  );
}
