import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { uiMessages } from './messages';

// Spec: the top bar says "Home" (common page.home) until a screen names itself (null until then).
const TitleValueContext = createContext<string | null>(null);
// Without a provider (a screen rendered alone in a test) only the document title changes.
const TitleSetterContext = createContext<(title: string) => void>(() => undefined);

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState<string | null>(null);
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
  const tu = useT(uiMessages);
  return useContext(TitleValueContext) ?? tu('page.home');
}

/**
 * The top bar's heading: the current screen's title. A long one (a drive's name, say) wraps to a
 * second line and is then cut with an ellipsis, never wider than a phone (issue 23 §4); the
 * whole title stays in its tooltip and the browser tab.
 */
export function PageTitleHeading({ className }: { className?: string }) {
  const title = usePageTitleValue();
  return (
    <h1
      className={`line-clamp-2 min-w-0 text-lg leading-snug font-bold break-words sm:text-xl ${className ?? ''}`.trim()}
      title={title}
      data-testid="page-title"
    >
      {title}
    </h1>
  );
}
