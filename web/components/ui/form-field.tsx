import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type ReactNode,
  type Ref,
} from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../contract/auth';
import { Icon } from './icon';
import { focusRing } from './looks';

/*
 * The field family: every form control in the app is one of these (or, for a control of its own
 * such as the date picker, sits in a `FieldShell`). Each has a visible label, ties its hint and
 * error to the control with aria-describedby, and sets aria-invalid while an error shows. They
 * take the native props, so react-hook-form's `register(name)` (or `form.field(name)` from
 * use-contract-form.ts, which adds the error) spreads straight in; `ref` reaches the control, so
 * the form can focus the first field in error. Colours meet WCAG AA in both themes.
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
 * description the caller adds of its own).
 */
export const ariaOf = (ids: FieldIds, hint: unknown, error: unknown, own?: string) => ({
  id: ids.inputId,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [own, describedBy(ids, hint, error)].filter(Boolean).join(' ') || undefined,
});

/** Gives `node` to both refs (the caller's, e.g. react-hook-form's, and the field's own). */
function setRefs<T>(node: T | null, ...refs: (Ref<T> | undefined)[]) {
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

const inputClass = (error: unknown, size: FieldSize, extra = '') =>
  `input ${size === 'lg' ? 'input-lg ' : ''}w-full text-base${error ? ' input-error' : ''}${extra ? ` ${extra}` : ''}`;

type InputProps = Omit<ComponentPropsWithRef<'input'>, 'size' | 'className' | 'id'>;

/** A labelled single-line input. */
export function TextField({
  label,
  hint,
  error,
  size = 'md',
  inputClassName,
  ...input
}: FieldChrome & InputProps & { size?: FieldSize; inputClassName?: string }) {
  const ids = useFieldIds();
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error}>
      <input
        {...input}
        {...ariaOf(ids, hint, error, input['aria-describedby'])}
        className={inputClass(error, size, inputClassName)}
      />
    </FieldShell>
  );
}

/** An email address: the right keyboard, autofill and no autocorrection; the schema checks it. */
export function EmailField(props: FieldChrome & InputProps & { size?: FieldSize }) {
  return (
    <TextField
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={254}
      {...props}
    />
  );
}

type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'size' | 'className' | 'id' | 'children'>;

/** A labelled select; `placeholder`, when given, is the empty first option. */
export function SelectField({
  label,
  hint,
  error,
  size = 'md',
  placeholder,
  options,
  ...select
}: FieldChrome &
  SelectProps & {
    size?: FieldSize;
    placeholder?: string;
    options: ReadonlyArray<{ value: string; label: string }>;
  }) {
  const ids = useFieldIds();
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error}>
      <select
        {...select}
        {...ariaOf(ids, hint, error, select['aria-describedby'])}
        className={`select ${size === 'lg' ? 'select-lg ' : ''}w-full text-base ${error ? 'select-error' : ''}`}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type TextareaProps = Omit<ComponentPropsWithRef<'textarea'>, 'className' | 'id' | 'maxLength'>;

/** A labelled multi-line input with a "used / max" counter; going over shows the schema's error. */
export function TextAreaField({
  label,
  hint,
  error,
  maxLength,
  ref,
  onChange,
  ...textarea
}: FieldChrome & TextareaProps & { maxLength: number }) {
  const ids = useFieldIds();
  const own = useRef<HTMLTextAreaElement | null>(null);
  const counter = useRef<HTMLSpanElement>(null);
  // Read from the element: a form may set the value through the ref (register, reset) without
  // a change event, so the count is refreshed after every render as well as on typing.
  const showCount = () => {
    if (counter.current)
      counter.current.textContent = `${own.current?.value.length ?? 0} / ${maxLength} characters`;
  };
  useLayoutEffect(showCount);
  const fullHint = (
    <>
      {hint ? <>{hint} </> : null}
      <span ref={counter} />
    </>
  );
  return (
    <FieldShell ids={ids} label={label} hint={fullHint} error={error}>
      <textarea
        rows={4}
        {...textarea}
        ref={(node) => setRefs(node, own, ref)}
        onChange={(event) => {
          showCount();
          onChange?.(event);
        }}
        {...ariaOf(ids, fullHint, error, textarea['aria-describedby'])}
        className={`textarea w-full text-base ${error ? 'textarea-error' : ''}`}
      />
    </FieldShell>
  );
}

/** A labelled checkbox (the label beside the box), with an optional hint and error under it. */
export function CheckboxField({
  label,
  hint,
  error,
  className = '',
  ...input
}: Omit<FieldChrome, 'label'> & { label: ReactNode; className?: string } & Omit<
    InputProps,
    'type'
  >) {
  const ids = useFieldIds();
  return (
    <div className="flex flex-col gap-1.5">
      <label className={`flex cursor-pointer items-center gap-2.5 ${className}`}>
        <input
          {...input}
          {...ariaOf(ids, hint, error, input['aria-describedby'])}
          type="checkbox"
          className="checkbox checkbox-sm"
        />
        {label}
      </label>
      <FieldMessages ids={ids} hint={hint} error={error} />
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

type PasswordProps = FieldChrome &
  Omit<InputProps, 'type'> & {
    size?: FieldSize;
    /** What the switch names: "Show …" / "Hide …" (the label in lower case unless given). */
    toggleLabel?: string;
  };

/** A password input with a show/hide switch; the value is never trimmed or changed. */
export function PasswordField({
  label,
  hint,
  error,
  size = 'md',
  toggleLabel = label.toLowerCase(),
  ...input
}: PasswordProps) {
  const ids = useFieldIds();
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error}>
      <div className="relative">
        <input
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...input}
          {...ariaOf(ids, hint, error, input['aria-describedby'])}
          type={visible ? 'text' : 'password'}
          className={inputClass(error, size, size === 'lg' ? 'pr-14' : 'pr-12')}
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
    </FieldShell>
  );
}

/** A field's props without its label (e.g. `form.field('password')`). */
type UnlabelledPassword = Omit<PasswordProps, 'label' | 'hint'>;

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
  password: UnlabelledPassword;
  confirm: UnlabelledPassword;
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
