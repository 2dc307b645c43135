/**
 * The `data-theme` a page shows for a saved preference: "light" and "dark" are stored, the
 * daisyUI themes are canopy and canopy-dark (web/app/theme.tsx, web/public/theme-init.js).
 */
export const themeAttribute = (theme: 'light' | 'dark') =>
  theme === 'dark' ? 'canopy-dark' : 'canopy';
