import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { setMessagesLocale } from './contract-messages';
import { LANGUAGES, SHIPPED_LOCALES, SOURCE_LOCALE, type Locale } from '../../contract/languages';

/** This device's last choice (the switch, or the member's saved setting when it last arrived). */
const STORAGE_KEY = 'canopy-locale';

interface LocaleState {
  locale: Locale;
  /** The languages offered: the shipped ones (contract/languages.ts). */
  offered: readonly Locale[];
  setLocale: (locale: Locale) => void;
}

// Without a provider (component tests) everything renders in English at once.
const LocaleContext = createContext<LocaleState>({
  locale: SOURCE_LOCALE,
  offered: [SOURCE_LOCALE],
  setLocale: () => undefined,
});

/**
 * The language to show: the member's saved (or this device's chosen) language when offered,
 * else the first of the browser's languages that is offered (`es-MX` matches `es`), else English.
 */
export function detectLocale(
  offered: readonly Locale[],
  saved: string | null | undefined,
  browser: readonly string[] = [],
): Locale {
  const match = (tag: string) =>
    offered.find((code) => code === tag.toLowerCase() || code === tag.toLowerCase().split('-')[0]);
  if (saved) {
    const chosen = offered.find((code) => code === saved);
    if (chosen) return chosen;
  }
  for (const tag of browser) {
    const found = match(tag);
    if (found) return found;
  }
  return SOURCE_LOCALE;
}

function storedChoice(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Chooses the language once at start and keeps `<html lang>` in step with it. */
export function I18nProvider({
  children,
  offered = SHIPPED_LOCALES,
}: {
  children: ReactNode;
  /** Tests turn a language on here; the app offers the shipped ones. */
  offered?: readonly Locale[];
}) {
  const [locale, setCurrent] = useState<Locale>(() =>
    detectLocale(
      offered,
      storedChoice(),
      typeof navigator === 'undefined' ? [] : navigator.languages,
    ),
  );
  useEffect(() => {
    document.documentElement.lang = locale;
    setMessagesLocale(locale);
    // Without a provider (component tests after this one) answers stay in English.
    return () => setMessagesLocale(SOURCE_LOCALE);
  }, [locale]);
  const setLocale = useCallback(
    (next: Locale) => {
      if (!offered.includes(next)) return;
      try {
        localStorage.setItem(STORAGE_KEY, next);
      } catch {
        // Private mode without storage: the choice lasts until the tab closes.
      }
      // A transition keeps the page as it is while the new language's messages arrive.
      startTransition(() => setCurrent(next));
    },
    [offered],
  );
  const value = useMemo(() => ({ locale, offered, setLocale }), [locale, offered, setLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export const useLocale = () => useContext(LocaleContext);

/** The offered languages with their names, in the list's order (switch, menu, settings). */
export function useOfferedLanguages() {
  const { offered } = useLocale();
  return useMemo(() => LANGUAGES.filter((language) => offered.includes(language.code)), [offered]);
}

/** The member's saved language, once their account has loaded, wins over the browser's. */
export function useSavedLocale(saved: string | null | undefined) {
  const { locale, offered, setLocale } = useLocale();
  useEffect(() => {
    const chosen = offered.find((code) => code === saved);
    if (chosen && chosen !== locale) setLocale(chosen);
    // Only when the saved setting changes: a later switch on this device is the member's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);
}
