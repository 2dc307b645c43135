import { useSyncExternalStore } from 'react';

/*
 * Theme colours for every chart, read from the daisyUI theme variables (oklch in our themes) as
 * rgb(…), which Chart.js's colour helpers understand; redrawn when the theme toggle changes
 * `data-theme` on <html>. No Chart.js here: it stays in the lazily loaded chart chunks.
 */

export type Rgb = [number, number, number];

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

/** The theme's colours a series can take, in the order charts use them by default. */
export const TONES = [
  'primary',
  'secondary',
  'accent',
  'info',
  'success',
  'warning',
  'error',
  'neutral',
] as const;
export type Tone = (typeof TONES)[number];

const FALLBACKS: Record<Tone, Rgb> = {
  primary: [22, 128, 61],
  secondary: [120, 72, 40],
  accent: [217, 119, 6],
  info: [37, 99, 235],
  success: [22, 163, 74],
  warning: [202, 138, 4],
  error: [220, 38, 38],
  neutral: [31, 41, 35],
};

export interface ChartPalette {
  /** One colour per tone, in TONES order. */
  series: Rgb[];
  tone: (tone: Tone) => Rgb;
  /** Text colour (base-content) as rgb: for a chart that wants its own alpha. */
  contentRgb: Rgb;
  /** Axis and legend text. */
  content: string;
  grid: string;
}

export function chartPalette(): ChartPalette {
  const content = themeColour('--color-base-content', [31, 41, 35]);
  const series = TONES.map((tone) => themeColour(`--color-${tone}`, FALLBACKS[tone]));
  return {
    series,
    tone: (tone) => series[TONES.indexOf(tone)]!,
    contentRgb: content,
    content: rgba(content, 0.8),
    grid: rgba(content, 0.15),
  };
}

function subscribeTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
const currentTheme = () => document.documentElement.getAttribute('data-theme') ?? '';

/** The chart palette, read afresh on every render; re-renders when the theme changes. */
export function useChartPalette(): ChartPalette {
  useSyncExternalStore(subscribeTheme, currentTheme, () => '');
  return chartPalette();
}
