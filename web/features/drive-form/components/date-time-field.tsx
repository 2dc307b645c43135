import { format, isValid, parse, type Locale as DateFnsLocale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { ariaOf, FieldShell, useFieldIds } from '../../../components/ui/form-field';
import { zoneLabel } from '../../../lib/dates';
import { fromZonedWallClock, toZonedWallClock } from '../../../lib/wall-clock';
import { useDatePickerLanguage } from '../../../components/ui/date-picker-language';
import { useT } from '../../../i18n/use-t';
import { driveFormMessages } from '../messages';

/** Spec §5/§9: date and time in the locale's short form ("Pp"), 30-minute steps. */
export const DATE_FORMAT = 'Pp';
export const TIME_INTERVAL_MINUTES = 30;

/** Reads typed text the way the picker does: its own format first, then any full date. */
export function parseTypedDate(
  text: string,
  reference: Date = new Date(),
  locale: DateFnsLocale = enUS,
): Date | null {
  const parsed = parse(text.trim(), DATE_FORMAT, reference, { locale });
  if (isValid(parsed)) return parsed;
  if (text.trim().length >= 8) {
    const native = new Date(text);
    if (isValid(native)) return native;
  }
  return null;
}

/**
 * Date and time: pick from the calendar or type it. Text that is not a date is kept on screen (so
 * it can be corrected) and reported through `text`; the form shows "Date input not valid."
 */
export function DateTimeField({
  label,
  value,
  text,
  error,
  onChange,
  onLeave,
  timeZone,
  placeChosen,
}: {
  label: string;
  /** The instant; shown and edited as the wall clock of `timeZone`. */
  value: Date | null;
  /** The zone the time is read in: the drive's place once chosen, else the browser's. */
  timeZone: string;
  placeChosen: boolean;
  text: string | null;
  error?: string | undefined;
  /** The chosen date (null when empty or unreadable) and the unreadable text, if any. */
  onChange(date: Date | null, text: string | null): void;
  /** The field was left: time to say whether the typed text is a date. */
  onLeave(): void;
}) {
  const ids = useFieldIds();
  const t = useT(driveFormMessages);
  const language = useDatePickerLanguage();
  const dateLocale = language.locale ?? enUS;
  // The picker works in the browser's zone: it shows and returns the wall clock of the drive's zone.
  const shown = value ? toZonedWallClock(value, timeZone) : null;
  const toInstant = (wall: Date | null) => (wall ? fromZonedWallClock(wall, timeZone) : null);
  const zone = zoneLabel(value ?? new Date(), timeZone);
  // The example is in the picker's own format (DATE_FORMAT in the language), the one it reads.
  const example = format(new Date(2026, 11, 31, 9, 30), DATE_FORMAT, { locale: dateLocale });
  const hint = t(placeChosen ? 'field.dateHintPlace' : 'field.dateHintBrowser', { zone, example });
  const aria = ariaOf(ids, hint, error);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} data-field="driveDate">
      <DatePicker
        id={aria.id}
        name="driveDate"
        selected={shown}
        {...(text !== null ? { value: text } : {})}
        onChange={(date: Date | null) => onChange(toInstant(date), null)}
        onChangeRaw={(event) => {
          // Day and time clicks also come here; only typing in the box is read.
          const target = event?.target;
          if (!(target instanceof HTMLInputElement)) return;
          const typed = target.value;
          if (typed.trim() === '') return onChange(null, null);
          const parsed = parseTypedDate(typed, shown ?? new Date(), dateLocale);
          onChange(toInstant(parsed), parsed ? null : typed);
        }}
        onBlur={onLeave}
        onCalendarClose={onLeave}
        showTimeSelect
        timeIntervals={TIME_INTERVAL_MINUTES}
        dateFormat={DATE_FORMAT}
        autoComplete="off"
        ariaInvalid={aria['aria-invalid'] ? 'true' : undefined}
        ariaDescribedBy={aria['aria-describedby']}
        className={`input w-full text-base ${error ? 'input-error' : ''}`}
        wrapperClassName="w-full"
        showPopperArrow={false}
        popperClassName="z-50!"
        {...language}
      />
    </FieldShell>
  );
}
