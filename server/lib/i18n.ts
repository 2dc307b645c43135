import fs from 'node:fs';
import path from 'node:path';
import MessageFormat from '@messageformat/core';
import { formatInZone } from '../../contract/attendance';
import { isLocale, SOURCE_LOCALE, type Locale } from '../../contract/languages';
import { formatMoney } from '../../contract/money';
import type calendarFeed from '../../locales/en/calendar-feed.json';
import type mailDonations from '../../locales/en/mail-donations.json';
import type mail from '../../locales/en/mail.json';
import type notices from '../../locales/en/notices.json';
import type pdf from '../../locales/en/pdf.json';

/** The namespaces the server speaks (locales/<lang>/<namespace>.json, the files the web reads). */
interface Namespaces {
  mail: typeof mail;
  'mail-donations': typeof mailDonations;
  pdf: typeof pdf;
  'calendar-feed': typeof calendarFeed;
  notices: typeof notices;
}
export type Namespace = keyof Namespaces;
export type MessageValues = Record<string, unknown>;
type Compiled = Record<string, (values?: MessageValues) => string>;

export const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales');
const compiled = new Map<string, Compiled>();

/** One message file's ICU messages as written (an absent file is an empty catalogue). */
export function messageFile(locale: string, namespace: string): Record<string, string> {
  const file = path.join(LOCALES_DIR, locale, `${namespace}.json`);
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
}

/** One language's namespace, compiled once per process (the web compiles the same files at build). */
function catalogue(locale: Locale, namespace: Namespace): Compiled {
  const id = `${locale}/${namespace}`;
  let found = compiled.get(id);
  if (!found) {
    const source = messageFile(locale, namespace);
    const mf = new MessageFormat(locale);
    found = Object.fromEntries(
      Object.entries(source).map(([key, message]) => [key, mf.compile(message)]),
    ) as Compiled;
    compiled.set(id, found);
  }
  return found;
}

export interface Translator<N extends Namespace> {
  (key: keyof Namespaces[N] & string, values?: MessageValues): string;
  /** The language the text is in (a saved locale that is not known becomes English). */
  readonly locale: Locale;
  /** Numbers and dates in that language, through Intl (Hindi groups 1,00,000). */
  number(value: number, options?: Intl.NumberFormatOptions): string;
  date(value: Date | string, options?: Intl.DateTimeFormatOptions): string;
  /** An amount in minor units with its currency ("$12.50"; English exactly as formatMoney). */
  money(amountMinor: number, currency: string): string;
  /** A wall-clock time in a zone, the zone named ("5 March 2026, 09:00 (Asia/Kolkata)"). */
  inZone(instant: Date | string, timeZone: string): string;
}

/**
 * Words for mails, PDFs, iCal and notifications in the recipient's language (issue 26): pass the
 * member's saved `users.locale`; null or unknown gives English, and a key an in-progress catalogue
 * lacks falls back to English.
 */
export function translator<N extends Namespace>(
  locale: string | null | undefined,
  namespace: N,
): Translator<N> {
  const language: Locale = isLocale(locale) ? locale : SOURCE_LOCALE;
  const own = catalogue(language, namespace);
  const source = catalogue(SOURCE_LOCALE, namespace);
  const t = (key: string, values?: MessageValues) => {
    const message = own[key] ?? source[key];
    if (!message) throw new Error(`no message ${namespace}.${key} in locales/en`);
    return message(values);
  };
  return Object.assign(t, {
    locale: language,
    number: (value: number, options?: Intl.NumberFormatOptions) =>
      new Intl.NumberFormat(language, options).format(value),
    date: (value: Date | string, options?: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(language, options).format(new Date(value)),
    money: (amountMinor: number, currency: string) =>
      language === SOURCE_LOCALE
        ? formatMoney(amountMinor, currency)
        : localMoney(language, amountMinor, currency),
    inZone: (instant: Date | string, timeZone: string) =>
      language === SOURCE_LOCALE
        ? formatInZone(instant, timeZone)
        : `${new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23', timeZone }).format(new Date(instant))} (${timeZone})`,
  });
}

const speciesFiles = new Map<Locale, Record<string, string>>();

/** A species' name in a language (locales/<lang>/species.json by number), else its English name. */
export function localSpeciesName(speciesId: number, locale: Locale, english: string): string {
  if (locale === SOURCE_LOCALE) return english;
  let names = speciesFiles.get(locale);
  if (!names) speciesFiles.set(locale, (names = messageFile(locale, 'species')));
  return names[speciesId] ?? english;
}

/** Money in another language than English: that language's digits, grouping and symbol place. */
function localMoney(language: Locale, amountMinor: number, currency: string): string {
  const format = new Intl.NumberFormat(language, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

/**
 * Recipients grouped by their saved language, so a notice stored as text is written once per
 * language (a few inserts, not one per person): `locale` of each id (absent: English).
 */
export function byLocale(
  ids: Iterable<string>,
  locale: (id: string) => string | null | undefined,
): Map<Locale, string[]> {
  const groups = new Map<Locale, string[]>();
  for (const id of ids) {
    const language = translator(locale(id), 'notices').locale;
    groups.set(language, [...(groups.get(language) ?? []), id]);
  }
  return groups;
}
