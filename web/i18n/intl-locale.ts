import type { Locale } from '../../contract/languages';
import { useLocale } from './locale';

/**
 * The locale to hand Intl (lib/dates, lib/numbers) for text in `locale`: undefined, the browser's
 * own, when its first language is that language (en-GB keeps "5 Dec", es-MX its own forms), else
 * the language itself, so a date never comes out in another language than the sentence around it.
 */
export function intlLocale(
  locale: Locale,
  // A stubbed navigator (tests, odd webviews) may have no list of languages.
  browser: readonly string[] | undefined = globalThis.navigator?.languages,
): string | undefined {
  const first = browser?.[0]?.toLowerCase().split('-')[0];
  return first === undefined || first === locale ? undefined : locale;
}

/** `intlLocale` of the language the app shows now. */
export function useIntlLocale(): string | undefined {
  return intlLocale(useLocale().locale);
}
