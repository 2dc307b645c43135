import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import { COUNTRIES } from '../../../../contract/countries';
import { fieldErrorText, SelectField, TextField } from '../../../components/ui/form-field';
import { Button } from '../../../components/ui/button';
import { DateField, dayToDate } from '../../../components/ui/date-field';
import { hasNarrowing, rangeError, SEARCH_MAX, type DriveFilters } from '../filters';
import { useT } from '../../../i18n/use-t';
import { drivesMessages } from '../messages';

export const SEARCH_DEBOUNCE_MS = 350;

/**
 * Country, date range and name search for Plantations. The search waits until typing pauses
 * (or Enter) before it changes the filters; the other controls apply at once.
 */
export function DriveFiltersForm({
  filters,
  onChange,
}: {
  filters: DriveFilters;
  onChange: (patch: Partial<DriveFilters>) => void;
}) {
  const id = useId();
  const t = useT(drivesMessages);
  const [text, setText] = useState(filters.q);
  const [shownQ, setShownQ] = useState(filters.q);
  // The address changed the search (Back, a link, Clear): show its text (adjusted during render).
  if (filters.q !== shownQ) {
    setShownQ(filters.q);
    if (text.trim() !== filters.q) setText(filters.q);
  }

  useEffect(() => {
    const q = text.trim();
    if (q === filters.q) return;
    const timer = setTimeout(() => onChange({ q }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q, onChange]);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (text.trim() !== filters.q) onChange({ q: text.trim() });
  };

  const error = rangeError(filters);
  const errorId = `${id}-range-error`;
  return (
    <form
      role="search"
      aria-label={t('filters.label')}
      onSubmit={submit}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1fr_auto] lg:items-end"
    >
      <TextField
        label={t('filters.search')}
        type="search"
        value={text}
        maxLength={SEARCH_MAX}
        placeholder={t('filters.searchPlaceholder')}
        onChange={(event) => setText(event.target.value)}
        // Enter searches at once (the date inputs keep the form from submitting by itself).
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit(event);
        }}
      />
      <SelectField
        label={t('filters.country')}
        placeholder={t('filters.allCountries')}
        options={COUNTRIES}
        value={filters.country}
        onChange={(event) => onChange({ country: event.target.value })}
      />
      {/* Days in the browser's locale; only a whole day (or none) narrows the list. */}
      <DateField
        label={t('filters.from')}
        name="from"
        quietHint
        value={filters.from}
        max={filters.to || undefined}
        onChange={(from) => {
          if (from === '' || dayToDate(from)) onChange({ from });
        }}
      />
      {/* The range error spans the whole row below, so the controls stay lined up. */}
      <DateField
        label={t('filters.to')}
        name="to"
        quietHint
        value={filters.to}
        min={filters.from || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(to) => {
          if (to === '' || dayToDate(to)) onChange({ to });
        }}
      />
      <div className="flex items-end">
        <Button
          variant="secondary"
          block
          disabled={!hasNarrowing(filters)}
          onClick={() => {
            setText('');
            onChange({ q: '', country: '', from: '', to: '' });
          }}
        >
          {t('filters.clear')}
        </Button>
      </div>
      {error ? (
        <p id={errorId} className={`${fieldErrorText} sm:col-span-2 lg:col-span-5`} role="alert">
          {t(error)}
        </p>
      ) : null}
    </form>
  );
}
