/*
 * Theme colours for Chart.js, read from the daisyUI theme variables (oklch in our themes) as
 * rgb(…), which Chart.js understands, the way the tree growth chart does; redrawn when the theme
 * toggle changes `data-theme` on <html>.
 */

type Rgb = [number, number, number];

/** A theme variable painted on a 1×1 canvas and read back; the fallback without canvas (jsdom). */
function themeColour(name: string, fallback: Rgb): Rgb {
  if (typeof document === 'undefined') return fallback;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  if (!value) return fallback;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return fallback;
    ctx.fillStyle = value;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r ?? 0, g ?? 0, b ?? 0];
  } catch {
    return fallback;
  }
}

export const rgba = (c: Rgb, alpha = 1) => `rgba(${c[0]}, ${c[1]}, ${c[2]}, ${alpha})`;

/** Series colours in the order charts use them: primary first, then the theme's other accents. */
const SERIES: ReadonlyArray<[string, Rgb]> = [
  ['--color-primary', [22, 128, 61]],
  ['--color-secondary', [120, 72, 40]],
  ['--color-accent', [217, 119, 6]],
  ['--color-info', [37, 99, 235]],
  ['--color-success', [22, 163, 74]],
  ['--color-warning', [202, 138, 4]],
  ['--color-error', [220, 38, 38]],
  ['--color-neutral', [31, 41, 35]],
];

export interface ChartPalette {
  series: Rgb[];
  content: string;
  grid: string;
}

export function chartPalette(): ChartPalette {
  const content = themeColour('--color-base-content', [31, 41, 35]);
  return {
    series: SERIES.map(([name, fallback]) => themeColour(name, fallback)),
    content: rgba(content, 0.8),
    grid: rgba(content, 0.15),
  };
}

export function subscribeTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
export const currentTheme = () => document.documentElement.getAttribute('data-theme') ?? '';
