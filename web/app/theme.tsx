import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** The saved preference (localStorage "theme") and what the toggle switches between. */
export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';

/** The daisyUI theme (styles.css) each preference shows; public/theme-init.js uses the same names. */
export const DAISY_THEME: Record<Theme, string> = { light: 'canopy', dark: 'canopy-dark' };

/** The theme theme-init.js applied before first paint; the saved choice, else the system preference. */
function currentTheme(): Theme {
  const applied = document.documentElement.getAttribute('data-theme');
  if (applied === DAISY_THEME.dark) return 'dark';
  if (applied === DAISY_THEME.light) return 'light';
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Shows `theme` on the page: its daisyUI theme and the matching browser colour scheme. */
export function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-theme', DAISY_THEME[theme]);
  document.documentElement.style.colorScheme = theme;
}

interface ThemeContextValue {
  theme: Theme;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const toggleTheme = useCallback(() => {
    setTheme((previous) => {
      const next: Theme = previous === 'dark' ? 'light' : 'dark';
      applyTheme(next);
      try {
        localStorage.setItem(THEME_STORAGE_KEY, next);
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      return next;
    });
  }, []);
  const value = useMemo(() => ({ theme, toggleTheme }), [theme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside ThemeProvider');
  return value;
}
