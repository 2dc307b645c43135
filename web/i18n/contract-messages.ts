import { SOURCE_LOCALE } from '../../contract/languages';
import { defineMessages, type Catalogue } from './namespace';

/*
 * The contract's messages (issue 26): validation texts and server answers arrive in English,
 * which is their key in locales/<lang>/contract.json (scripts/i18n/contract-messages.ts). They
 * are translated where they are shown: a field's error, a toast, an ApiError's message.
 */

// English needs no catalogue: the text is the message.
export const contractMessages = defineMessages<Record<string, string>>(
  'contract',
  {},
  import.meta.glob(['../../locales/*/contract.json', '!../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

type Template = readonly [pattern: RegExp, key: string, names: readonly string[]];
const templatesByCatalogue = new WeakMap<Catalogue, readonly Template[]>();

/** The catalogue's messages with `{placeholders}`, as patterns that match their English. */
function templatesOf(catalogue: Catalogue): readonly Template[] {
  let templates = templatesByCatalogue.get(catalogue);
  if (!templates) {
    templates = Object.keys(catalogue)
      .filter((key) => /\{\w+\}/.test(key))
      .map((key): Template => {
        const names = [...key.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
        const escaped = key.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
        return [new RegExp(`^${escaped.replace(/\{\w+\}/g, '(.+?)')}$`, 's'), key, names];
      });
    templatesByCatalogue.set(catalogue, templates);
  }
  return templates;
}

// "1,234" filled into an English template is the number 1234 again, for plurals and grouping.
const valueOf = (text: string) =>
  /^\d{1,3}(,\d{3})*(\.\d+)?$/.test(text) ? Number(text.replaceAll(',', '')) : text;

/** `text` (an English contract message) in the catalogue's language; any other text as it is. */
export function translateMessage(text: string, catalogue: Catalogue): string {
  const exact = catalogue[text];
  if (exact) return exact();
  for (const [pattern, key, names] of templatesOf(catalogue)) {
    const match = pattern.exec(text);
    if (match)
      return catalogue[key]!(
        Object.fromEntries(names.map((name, i) => [name, valueOf(match[i + 1]!)])),
      );
  }
  return text;
}

let shown: string = SOURCE_LOCALE;

/** The provider tells which language is shown, and its catalogue is fetched ahead of need. */
export function setMessagesLocale(locale: string): void {
  shown = locale;
  if (locale !== SOURCE_LOCALE) void contractMessages.load(locale).catch(() => undefined);
}

/** The language shown, for code outside React that words its own text (the update prompt). */
export const shownLocale = (): string => shown;

/**
 * `text` in the shown language, for code outside React (the API client, toasts). Until the
 * catalogue has arrived (it is fetched when the language is chosen) the English stands.
 */
export function localizeMessage(text: string): string {
  const catalogue = contractMessages.ready(shown);
  return catalogue ? translateMessage(text, catalogue) : text;
}
