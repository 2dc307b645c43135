import fs from 'node:fs';
import path from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { LANGUAGES, SOURCE_LOCALE } from '../../contract/languages';
import { LOCALES_DIR, messageFile } from '../../server/lib/i18n';

type Catalogue = Record<string, string>;

/** The arguments ({name}, {count, plural, …}) and rich-text tags (<link>…</link>) a message uses. */
export function placeholdersOf(message: string, locale: string): string[] {
  const found = new Set<string>();
  const cardinal = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as (
    'zero' | 'one' | 'two' | 'few' | 'many' | 'other'
  )[];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content')
        for (const tag of token.value.matchAll(/<(\w+)>/g)) found.add(`<${tag[1]}>`);
      else if (token.type === 'argument' || token.type === 'function') found.add(token.arg);
      else if (token.type !== 'octothorpe') {
        found.add(token.arg);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message, { cardinal, strictPluralKeys: true }));
  return [...found].sort();
}

export interface CatalogueReport {
  /** Problems that fail the check (for an in-progress language, missing keys are not among them). */
  problems: string[];
  missing: string[];
  /** Share of the source's keys the language has, 0–1. */
  coverage: number;
}

/**
 * Compares one language's catalogue with English: extra keys, messages that do not parse, and
 * placeholders that differ always fail; missing keys fail only when the language is shipped.
 */
export function checkCatalogue(
  locale: string,
  namespace: string,
  source: Catalogue,
  target: Catalogue,
  shipped: boolean,
): CatalogueReport {
  const problems: string[] = [];
  const where = (key: string) => `${locale}/${namespace}.json "${key}"`;
  const missing = Object.keys(source).filter((key) => !(key in target));
  if (shipped)
    for (const key of missing) problems.push(`${where(key)}: missing (${locale} is shipped)`);
  for (const [key, message] of Object.entries(target)) {
    if (!(key in source)) {
      problems.push(`${where(key)}: not in English (remove it, or add it to en first)`);
      continue;
    }
    let theirs: string[];
    try {
      theirs = placeholdersOf(message, locale);
    } catch (error) {
      problems.push(`${where(key)}: does not parse as ICU: ${(error as Error).message}`);
      continue;
    }
    const ours = placeholdersOf(source[key]!, SOURCE_LOCALE);
    if (theirs.join() !== ours.join())
      problems.push(
        `${where(key)}: placeholders ${theirs.join(', ') || 'none'}, English has ${ours.join(', ') || 'none'}`,
      );
  }
  const total = Object.keys(source).length;
  return { problems, missing, coverage: total ? (total - missing.length) / total : 1 };
}

export const namespaces = () =>
  fs
    .readdirSync(path.join(LOCALES_DIR, SOURCE_LOCALE))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();

/** Every language's catalogues against English; `shipped` says which languages must be complete. */
export function checkAllCatalogues(
  shipped: readonly string[] = LANGUAGES.filter((l) => l.shipped).map((l) => l.code),
  only: readonly string[] = namespaces(),
) {
  const problems: string[] = [];
  const coverage: Record<string, Record<string, number>> = {};
  for (const namespace of only) {
    const source = messageFile(SOURCE_LOCALE, namespace);
    for (const [key, message] of Object.entries(source))
      try {
        placeholdersOf(message, SOURCE_LOCALE);
      } catch (error) {
        problems.push(
          `en/${namespace}.json "${key}": does not parse as ICU: ${(error as Error).message}`,
        );
      }
    for (const { code } of LANGUAGES) {
      if (code === SOURCE_LOCALE) continue;
      const report = checkCatalogue(
        code,
        namespace,
        source,
        messageFile(code, namespace),
        shipped.includes(code),
      );
      problems.push(...report.problems);
      (coverage[code] ??= {})[namespace] = report.coverage;
    }
  }
  // Files of a namespace English does not have.
  for (const { code } of LANGUAGES)
    for (const file of fs.existsSync(path.join(LOCALES_DIR, code))
      ? fs.readdirSync(path.join(LOCALES_DIR, code))
      : [])
      if (file.endsWith('.json') && !fs.existsSync(path.join(LOCALES_DIR, SOURCE_LOCALE, file)))
        problems.push(`${code}/${file}: no English source locales/en/${file}`);
  return { problems, coverage };
}
