import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { Icon } from './icon';

/*
 * Labelled form controls for the signed-in screens: a visible label, the hint and error tied to
 * the control with aria-describedby, aria-invalid while an error shows. Colours meet WCAG AA on
 * base-100 in both themes (`in-data-[theme=dark]:` because the toggle sets `data-theme`).
 */

export const fieldFocusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-base-content';
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

const describedBy = (ids: FieldIds, hint: unknown, error: unknown) =>
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
}: {
  ids: FieldIds;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={ids.hintId} className={fieldHintText}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className={fieldErrorText} data-testid="field-error">
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
  | 'aria-invalid'
  | 'aria-describedby'
>;

const inputClass = (error: unknown) => `input w-full text-base ${error ? 'input-error' : ''}`;

/** A labelled single-line input. */
export function TextField({ label, hint, error, ...rest }: FieldProps & NativeInput) {
  const ids = useFieldIds();
  const { name, value, onChange, onBlur, ...native } = rest;
  return (
    <div className="flex flex-col gap-1.5">
      <FieldLabel ids={ids} label={label} />
      <input
        {...native}
        {...controlProps(ids, { label, name, value, onChange, onBlur, hint, error })}
        className={inputClass(error)}
      />
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

/** A password input with a show/hide switch; the value is never trimmed or changed. */
export function PasswordField({
  label,
  hint,
  error,
  autoComplete,
  maxLength,
  ...rest
}: FieldProps & Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'maxLength'>) {
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
          className={`${inputClass(error)} pr-12`}
        />
        <button
          type="button"
          className={`absolute top-1/2 right-1 z-10 inline-flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full text-base-content/80 transition-colors hover:bg-base-content/10 hover:text-base-content ${fieldFocusRing}`}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
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
