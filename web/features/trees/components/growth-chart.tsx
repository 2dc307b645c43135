import {
  Chart,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { useId, useSyncExternalStore } from 'react';
import { Line } from 'react-chartjs-2';
import type { GrowthSeries } from '../growth-series';

/*
 * The growth chart (Chart.js through react-chartjs-2): measurements as dots joined by a solid
 * line, the predicted curve dashed, age in years on the x axis and cm on the y axis. It is a
 * picture with a text summary (role="img" and an accessible description); the figures
 * themselves are in the table beside it. Loaded lazily with the growth section, so Chart.js
 * never reaches the landing page; only the pieces used are registered, here.
 */
Chart.register(LinearScale, PointElement, LineElement, Tooltip, Legend);

const fmt = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** What the picture shows, in words (its accessible description). */
function summary(title: string, unit: string, series: GrowthSeries): string {
  const last = series.measured.at(-1);
  const end = series.predicted.at(-1);
  const parts = [
    last
      ? `${series.measured.length} measurement${series.measured.length === 1 ? '' : 's'}, the latest ${fmt.format(last.y)} ${unit} at ${fmt.format(last.x)} years`
      : 'no measurements yet',
    end ? `predicted ${fmt.format(end.y)} ${unit} at ${fmt.format(end.x)} years` : null,
  ];
  return `${title}: ${parts.filter(Boolean).join('; ')}.`;
}

interface Palette {
  primary: string;
  content: string;
  grid: string;
}

const FALLBACK = { primary: 'rgb(22, 128, 61)', content: 'rgb(31, 41, 35)' };

/**
 * A daisyUI theme colour (a CSS variable, oklch in our themes) as `rgb(…)`, which Chart.js's
 * colour helpers understand: painted on a 1×1 canvas and read back. Falls back when there is
 * no variable or no canvas (jsdom).
 */
function themeColour(name: string, fallback: string): [number, number, number] | string {
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

const rgba = (c: [number, number, number] | string, alpha = 1) =>
  typeof c === 'string' ? c : `rgba(${c[0]}, ${c[1]}, ${c[2]}, ${alpha})`;

function palette(): Palette {
  const primary = themeColour('--color-primary', FALLBACK.primary);
  const content = themeColour('--color-base-content', FALLBACK.content);
  return {
    primary: rgba(primary),
    content: rgba(content, 0.75),
    grid: typeof content === 'string' ? 'rgba(128, 128, 128, 0.25)' : rgba(content, 0.15),
  };
}

/** The theme toggle sets `data-theme` on <html>: redraw in the new colours when it changes. */
function subscribeTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
const currentTheme = () => document.documentElement.getAttribute('data-theme') ?? '';

export default function GrowthChart({
  title,
  unit,
  series,
}: {
  title: string;
  unit: string;
  series: GrowthSeries;
}) {
  const titleId = useId();
  const descId = useId();
  // Re-renders (and so re-reads the colours) when the theme changes.
  useSyncExternalStore(subscribeTheme, currentTheme, () => '');
  const colours = palette();

  const data: ChartData<'line', { x: number; y: number }[]> = {
    datasets: [
      {
        label: 'Measured',
        data: series.measured,
        borderColor: colours.primary,
        backgroundColor: colours.primary,
        pointBackgroundColor: colours.primary,
        pointHoverBackgroundColor: colours.primary,
        pointRadius: 5,
        pointHoverRadius: 7,
        borderWidth: 2.5,
        showLine: series.measured.length > 1,
        order: 0,
      },
      {
        label: 'Predicted',
        data: series.predicted,
        borderColor: colours.content,
        backgroundColor: colours.content,
        borderDash: [6, 4],
        borderWidth: 2,
        pointRadius: 0,
        pointHoverRadius: 3,
        pointHitRadius: 6,
        tension: 0,
        order: 1,
      },
    ],
  };

  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    parsing: false,
    normalized: true,
    interaction: { mode: 'nearest', intersect: false },
    scales: {
      x: {
        type: 'linear',
        min: Math.min(0, ...series.predicted.map((p) => p.x), ...series.measured.map((p) => p.x)),
        title: { display: true, text: 'Age (years)', color: colours.content },
        ticks: { color: colours.content, callback: (v) => fmt.format(Number(v)) },
        grid: { color: colours.grid },
      },
      y: {
        type: 'linear',
        beginAtZero: true,
        title: { display: true, text: unit, color: colours.content },
        ticks: { color: colours.content, callback: (v) => fmt.format(Number(v)) },
        grid: { color: colours.grid },
      },
    },
    plugins: {
      legend: { position: 'bottom', labels: { color: colours.content, usePointStyle: true } },
      tooltip: {
        callbacks: {
          title: (items) => `${fmt.format(items[0]?.parsed.x ?? 0)} years`,
          label: (item) => `${item.dataset.label}: ${fmt.format(item.parsed.y ?? 0)} ${unit}`,
        },
      },
    },
  };

  return (
    <figure className="flex flex-col gap-2">
      <figcaption id={titleId} className="font-semibold">
        {title} ({unit})
      </figcaption>
      <div
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        className="relative h-60 w-full max-w-2xl"
        data-testid="growth-chart"
        data-measured-count={series.measured.length}
      >
        <Line data={data} options={options} aria-hidden="true" />
      </div>
      <p id={descId} className="sr-only">
        {summary(title, unit, series)}
      </p>
    </figure>
  );
}
