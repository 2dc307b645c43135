import { useCallback, useMemo } from 'react';
import { COUNTRIES } from '../../contract/countries';
import { SOURCE_LOCALE } from '../../contract/languages';
import { useLocale } from './locale';
import { regionName } from './region-name';

type CountryOption = { value: string; label: string };

/**
 * The countries named in `locale`, in its alphabetical order: CLDR's names through
 * Intl.DisplayNames, so no catalogue carries 250 names (English keeps the contract's list).
 */
export function countryOptions(locale: string): readonly CountryOption[] {
  if (locale === SOURCE_LOCALE) return COUNTRIES;
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  return COUNTRIES.map(({ value, label }) => ({ value, label: names.of(value) ?? label })).sort(
    (a, b) => a.label.localeCompare(b.label, locale),
  );
}

/** The country list of a select, in the current language. */
export function useCountryOptions(): readonly CountryOption[] {
  const { locale } = useLocale();
  return useMemo(() => countryOptions(locale), [locale]);
}

/** One country's name in `locale` (undefined for a code CLDR does not know). */
export function countryName(locale: string, code: string): string | undefined {
  if (locale === SOURCE_LOCALE) return COUNTRIES.find((c) => c.value === code)?.label;
  return regionName(locale, code);
}

/** A country's name in the current language. */
export function useCountryName(): (code: string) => string | undefined {
  const { locale } = useLocale();
  return useCallback((code: string) => countryName(locale, code), [locale]);
}
