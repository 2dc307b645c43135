/**
 * The one list of languages (issue 26). Messages live in locales/<code>/<namespace>.json, English
 * being the source. A language is offered (language switch, browser detection, the member's
 * setting) only when `shipped`: a catalogue with missing keys would show a mixed-language app.
 * To turn one on, set `shipped: true`; scripts/i18n/catalogue.test.ts then requires every key.
 * No zod here: the landing entry imports this list (its JS budget).
 */
export const LANGUAGES = [
  { code: 'en', name: 'English', shipped: true },
  { code: 'es', name: 'Español', shipped: true },
  { code: 'hi', name: 'हिन्दी', shipped: true },
] as const;

export type Locale = (typeof LANGUAGES)[number]['code'];
export const SOURCE_LOCALE: Locale = 'en';
export const LOCALES: readonly Locale[] = LANGUAGES.map((language) => language.code);
export const SHIPPED_LOCALES: readonly Locale[] = LANGUAGES.filter((l) => l.shipped).map(
  (l) => l.code,
);

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

export const LANGUAGE_MESSAGES = {
  unknownLanguage: `Language must be one of: ${SHIPPED_LOCALES.join(', ')}.`,
} as const;
