import { format, isValid, parse, type Day } from 'date-fns';
import { useState, type Ref } from 'react';
import DatePicker from 'react-datepicker';
import { useDatePickerLanguage } from './date-picker-language';
import 'react-datepicker/dist/react-datepicker.css';
import { firstDayOfWeek } from '../../lib/dates';
import { ariaOf, FieldShell, setRefs, useFieldIds, type FieldChrome } from './field-shell';
import { useT } from '../../i18n/use-t';
import { uiMessages } from './messages';

/*
 * A calendar day, in the browser's locale (issue 23 §7): the field family's date member, used for
 * every day the app asks for instead of a native `<input type="date">` (which shows mm/dd/yyyy
 * whatever the member's locale). The day is shown and typed in the locale's numeric pattern
 * (31/12/2026 in en-GB, 12/31/2026 in en-US, 31.12.2026 in de) or picked from the calendar the
 * drive form uses (react-datepicker); either way the form holds the ISO day (YYYY-MM-DD), as the
 * contract's schemas expect. Text that is not a whole day is handed on as typed, so the schema's
 * own message says what is wrong.
 */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const SAMPLE = new Date(2026, 11, 31);

/** The locale's numeric day pattern in date-fns tokens, e.g. "dd/MM/yyyy" (en-GB). */
export function localeDatePattern(locale?: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).formatToParts(SAMPLE);
  } catch {
    return 'yyyy-MM-dd';
  }
  const pattern = parts
    .map((part) => {
      if (part.type === 'day') return 'dd';
      if (part.type === 'month') return 'MM';
      if (part.type === 'year') return 'yyyy';
      if (part.type === 'literal')
        return /[a-z]/i.test(part.value) ? `'${part.value.replace(/'/g, "''")}'` : part.value;
      return '';
    })
    .join('');
  return pattern.includes('dd') && pattern.includes('MM') && pattern.includes('yyyy')
    ? pattern
    : 'yyyy-MM-dd';
}

/** The pattern as people read it, e.g. "dd/mm/yyyy". */
export const patternForPeople = (pattern: string) =>
  pattern.replace(/'([^']*)'/g, '$1').replace('MM', 'mm');

/** An ISO day as a local-midnight Date (what the calendar works in), or null. */
export function dayToDate(iso: string): Date | null {
  if (!ISO_DAY.test(iso)) return null;
  const date = parse(iso, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return isValid(date) ? date : null;
}

/** A local Date as its ISO day. */
export const dateToDay = (date: Date) => format(date, 'yyyy-MM-dd');

/**
 * Typed text → the ISO day it names, in the locale's pattern (or already ISO), or null while it is
 * not a whole day (the year must have its four digits, so "31/12/2" is not year 2).
 */
export function parseLocaleDay(text: string, pattern: string): string | null {
  const trimmed = text.trim();
  if (ISO_DAY.test(trimmed)) return dayToDate(trimmed) ? trimmed : null;
  if (!/\d{4}/.test(trimmed)) return null;
  const date = parse(trimmed, pattern, new Date(2000, 0, 1));
  return isValid(date) && date.getFullYear() >= 1000 ? dateToDay(date) : null;
}

/** The ISO day shown in the pattern; anything else (half-typed text) as it is. */
export function showDay(value: string, pattern: string): string {
  const date = dayToDate(value);
  return date ? format(date, pattern) : value;
}

export function DateField({
  label,
  hint,
  error,
  name,
  value,
  onChange,
  onBlur,
  ref,
  min,
  max,
  disabled,
  locale,
  quietHint = false,
  'aria-describedby': ownDescription,
  'aria-invalid': ownInvalid,
  'data-field': dataField,
}: FieldChrome & {
  name: string;
  /** The ISO day (YYYY-MM-DD), "" when empty, or text typed that is not yet a day. */
  value: string;
  onChange(value: string): void;
  onBlur?: () => void;
  /** Reaches the text box (react-hook-form focuses it after a refused save). */
  ref?: Ref<HTMLInputElement>;
  /** The earliest and latest days the calendar offers (ISO); typed days are left to the schema. */
  min?: string | undefined;
  max?: string | undefined;
  disabled?: boolean | undefined;
  /** The locale; the browser's when not given (tests pass one). */
  locale?: string | undefined;
  /** The pattern is said to screen readers only (a row of filters, where a hint line would
   * push the controls out of line); the placeholder shows it. */
  quietHint?: boolean;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | undefined;
  'data-field'?: string;
}) {
  const t = useT(uiMessages);
  const ids = useFieldIds();
  const [pattern] = useState(() => localeDatePattern(locale));
  const language = useDatePickerLanguage();
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? showDay(value ?? '', pattern);
  const people = patternForPeople(pattern);
  const patternText = t('date.pattern', { pattern: people });
  const fullHint = (
    <>
      {hint ? <>{hint} </> : null}
      {quietHint ? <span className="sr-only">{patternText}</span> : patternText}
    </>
  );
  const aria = ariaOf(ids, fullHint, error, ownDescription, ownInvalid);
  const minDate = min ? dayToDate(min) : null;
  const maxDate = max ? dayToDate(max) : null;
  return (
    <FieldShell
      ids={ids}
      label={label}
      hint={fullHint}
      error={error}
      data-field={dataField ?? name}
    >
      <div
        className="w-full"
        ref={(node) => setRefs(node?.querySelector('input') ?? null, ref)}
        data-testid="date-field"
      >
        <DatePicker
          id={aria.id}
          name={name}
          selected={dayToDate(value ?? '')}
          value={shown}
          onChange={(date: Date | null) => {
            setTyped(null);
            onChange(date ? dateToDay(date) : '');
          }}
          onChangeRaw={(event) => {
            // Day clicks come here too; only typing in the box is read (the picker's own parsing
            // is skipped: it would take "31/12/2" as year 2 and silently drop days out of range).
            const target = event?.target;
            if (!(target instanceof HTMLInputElement)) return;
            event?.preventDefault();
            const text = target.value;
            setTyped(text);
            onChange(text.trim() === '' ? '' : (parseLocaleDay(text, pattern) ?? text));
          }}
          onBlur={() => {
            setTyped(null);
            onBlur?.();
          }}
          // The calendar opens on a click or tap, not on focus: typing stays plain, and Enter in
          // the field sends the form as in any other field.
          preventOpenOnFocus
          dateFormat={pattern}
          placeholderText={people}
          calendarStartDay={firstDayOfWeek(locale) as Day}
          {...(minDate ? { minDate } : {})}
          {...(maxDate ? { maxDate } : {})}
          disabled={disabled}
          autoComplete="off"
          ariaInvalid={aria['aria-invalid'] ? 'true' : undefined}
          ariaDescribedBy={aria['aria-describedby']}
          className={`input w-full text-base ${error || ownInvalid ? 'input-error' : ''}`}
          wrapperClassName="w-full"
          showPopperArrow={false}
          popperClassName="z-50!"
          {...language}
        />
      </div>
    </FieldShell>
  );
}
