import {
  useLayoutEffect,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type ReactNode,
} from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../contract/auth';
import {
  ariaOf,
  FieldMessages,
  FieldShell,
  setRefs,
  useFieldIds,
  type FieldChrome,
  type FieldSize,
} from './field-shell';
import { Icon } from './icon';
import { focusRing } from './looks';
import { commonMessages } from '../../i18n/common';
import { useT } from '../../i18n/use-t';

/*
 * The field family: every form control in the app is one of these, or, for a control of its own
 * (date picker, tags, searchable multi-select, file input), sits in a `FieldShell`
 * (field-shell.tsx, re-exported here).
 */
export * from './field-shell';

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
        {...ariaOf(ids, hint, error, input['aria-describedby'], input['aria-invalid'])}
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
        {...ariaOf(ids, hint, error, select['aria-describedby'], select['aria-invalid'])}
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
  const t = useT(commonMessages);
  const showCount = () => {
    if (counter.current)
      counter.current.textContent = t('field.characters', {
        count: own.current?.value.length ?? 0,
        max: maxLength,
      });
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
  const t = useT(commonMessages);
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
          aria-label={t(visible ? 'field.hide' : 'field.show', { what: toggleLabel })}
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
  hint,
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
  const t = useT(commonMessages);
  const shared = { autoComplete: 'new-password', maxLength: PASSWORD_MAX, size, toggleLabel };
  return (
    <>
      <PasswordField
        label={label}
        hint={hint ?? t('password.hint', { min: PASSWORD_MIN })}
        {...shared}
        {...password}
      />
      <PasswordField label={confirmLabel} {...shared} {...confirm} />
    </>
  );
}
