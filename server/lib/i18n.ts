import fs from 'node:fs';
import path from 'node:path';
import MessageFormat from '@messageformat/core';
import { isLocale, SOURCE_LOCALE, type Locale } from '../../contract/languages';
import type mail from '../../locales/en/mail.json';

/** The namespaces the server speaks (locales/<lang>/<namespace>.json, the files the web reads). */
interface Namespaces {
  mail: typeof mail;
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
  });
}
