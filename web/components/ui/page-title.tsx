import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** Spec: the top bar says "Home" until a screen names itself. */
export const DEFAULT_PAGE_TITLE = 'Home';

const TitleValueContext = createContext<string>(DEFAULT_PAGE_TITLE);
// Without a provider (a screen rendered alone in a test) only the document title changes.
const TitleSetterContext = createContext<(title: string) => void>(() => undefined);

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState(DEFAULT_PAGE_TITLE);
  return (
    <TitleSetterContext.Provider value={setTitle}>
      <TitleValueContext.Provider value={title}>{children}</TitleValueContext.Provider>
    </TitleSetterContext.Provider>
  );
}

/** A screen names itself: the top-bar heading and the browser tab ("Title · Canopy"). */
export function usePageTitle(title: string): void {
  const setTitle = useContext(TitleSetterContext);
  useEffect(() => {
    setTitle(title);
    document.title = `${title} · Canopy`;
  }, [setTitle, title]);
}

/** The current screen's title, for the top bar. */
export function usePageTitleValue(): string {
  return useContext(TitleValueContext);
}
