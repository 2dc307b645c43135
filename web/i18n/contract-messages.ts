import { SOURCE_LOCALE } from '../../contract/languages';

type Translate = (text: string) => string;
const asIs: Translate = (text) => text;

// The catalogue and its matcher load only for another language: English pages carry none of it.
const translators = new Map<string, Promise<Translate>>();
const ready = new Map<string, Translate>();

/** `locale`'s translator of English contract messages (scripts/i18n/contract-messages.ts). */
export function contractTranslator(locale: string): Promise<Translate> {
  if (locale === SOURCE_LOCALE) return Promise.resolve(asIs);
  let translator = translators.get(locale);
  if (!translator) {
    translator = import('./contract-catalogue')
      .then(({ translatorFor }) => translatorFor(locale))
      .then((translate) => {
        ready.set(locale, translate);
        return translate;
      });
    translators.set(locale, translator);
  }
  return translator;
}

/** The translator when it has arrived (English always has). */
export const readyTranslator = (locale: string): Translate | undefined =>
  locale === SOURCE_LOCALE ? asIs : ready.get(locale);

let shown: string = SOURCE_LOCALE;

/** The provider tells which language is shown; its catalogue is fetched ahead of need. */
export function setMessagesLocale(locale: string): void {
  shown = locale;
  void contractTranslator(locale).catch(() => translators.delete(locale));
}

/**
 * `text` in the shown language, for code outside React (the API client, toasts). Until the
 * catalogue has arrived (it is fetched when the language is chosen) the English stands.
 */
export function localizeMessage(text: string): string {
  return (readyTranslator(shown) ?? asIs)(text);
}
