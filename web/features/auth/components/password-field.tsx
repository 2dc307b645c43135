import { useState, type InputHTMLAttributes } from 'react';
import { focusRing } from './auth-ui';
import { describedBy, FieldMessages, inputClass, useFieldIds, type FieldProps } from './text-field';

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}

/** A password input with a show/hide switch; the value is never trimmed or changed. */
export function PasswordField({
  label,
  name,
  value,
  error,
  onChange,
  onBlur,
  hint,
  autoComplete,
  maxLength,
}: FieldProps & Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'maxLength'>) {
  const ids = useFieldIds();
  const [visible, setVisible] = useState(false);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={ids.inputId} className="text-sm font-semibold">
        {label}
      </label>
      <div className="relative">
        <input
          id={ids.inputId}
          name={name}
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          maxLength={maxLength}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, hint, error)}
          className={`${inputClass(error)} pr-14`}
        />
        <button
          type="button"
          className={`absolute top-1/2 right-1.5 z-10 inline-flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full text-base-content/80 transition-colors hover:bg-base-content/10 hover:text-base-content ${focusRing}`}
          aria-label={visible ? 'Hide password' : 'Show password'}
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
