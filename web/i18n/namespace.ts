import { SOURCE_LOCALE } from '../../contract/languages';

export type MessageValues = Record<string, unknown>;
export type MessageFunction = (values?: MessageValues) => string;
export type Catalogue = Record<string, MessageFunction>;
type Loader = () => Promise<Catalogue>;

/** One namespace's messages: English bundled with the code that uses it, the others on demand. */
export interface Messages<Key extends string = string> {
  readonly name: string;
  readonly source: Catalogue;
  /** The catalogue of `locale` when it has arrived (English always has). */
  ready(locale: string): Catalogue | undefined;
  /** Fetches `locale`'s catalogue once; English and unknown languages answer the source. */
  load(locale: string): Promise<Catalogue>;
  /** Only for typing `t(key)`. */
  readonly keys?: Key;
}

/**
 * Declares a namespace (issue 26). `source` is the English catalogue, imported statically so
 * English costs no request; `loaders` come from `import.meta.glob` over locales/*\/<name>.json
 * with `?messages`, so each other language is its own chunk fetched only when chosen:
 *
 *   import type source from '../../../locales/en/landing.json';
 *   import en from '../../../locales/en/landing.json?messages';
 *   export const landingMessages = defineMessages<typeof source>('landing', en,
 *     import.meta.glob(['../../../locales/*\/landing.json', '!**\/en/*'],
 *       { query: '?messages', import: 'default' }));
 */
export function defineMessages<Source extends Record<string, string>>(
  name: string,
  source: Catalogue,
  loaders: Record<string, unknown>,
): Messages<keyof Source & string> {
  const byLocale = new Map<string, Loader>();
  for (const [file, loader] of Object.entries(loaders)) {
    const locale = /locales\/([^/]+)\/[^/]+\.json/.exec(file)?.[1];
    if (locale) byLocale.set(locale, loader as Loader);
  }
  const loaded = new Map<string, Catalogue>([[SOURCE_LOCALE, source]]);
  const pending = new Map<string, Promise<Catalogue>>();
  const fulfilled = new Map<string, Promise<Catalogue>>();
  return {
    name,
    source,
    ready: (locale) => (byLocale.has(locale) ? loaded.get(locale) : source),
    load(locale) {
      const ready = this.ready(locale);
      if (ready) {
        let done = fulfilled.get(locale);
        if (!done) {
          done = Object.assign(Promise.resolve(ready), { status: 'fulfilled', value: ready });
          fulfilled.set(locale, done);
        }
        return done;
      }
      let promise = pending.get(locale);
      if (!promise) {
        promise = byLocale.get(locale)!().then((catalogue) => {
          loaded.set(locale, catalogue);
          return catalogue;
        });
        pending.set(locale, promise);
      }
      return promise;
    },
  };
}
