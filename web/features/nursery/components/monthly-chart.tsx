import {
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { useId } from 'react';
import { Bar } from 'react-chartjs-2';
import type { NurseryDashboard } from '../../../../contract/nursery';

/*
 * Saplings reserved and delivered per month (Chart.js through react-chartjs-2). Loaded lazily
 * with the dashboard, so Chart.js never reaches the landing page; a picture with a text summary,
 * the figures themselves are in the table beside it.
 */
Chart.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** Reads a theme colour from the CSS variables (daisyUI), falling back in tests. */
function themeColour(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

export default function MonthlyChart({ months }: { months: NurseryDashboard['months'] }) {
  const titleId = useId();
  const descId = useId();
  const primary = themeColour('--color-primary', 'rgb(22, 128, 61)');
  const accent = themeColour('--color-accent', 'rgb(217, 119, 6)');
  const data: ChartData<'bar'> = {
    labels: months.map((m) => monthLabel(m.month)),
    datasets: [
      { label: 'Reserved', data: months.map((m) => m.reserved), backgroundColor: accent },
      { label: 'Delivered', data: months.map((m) => m.delivered), backgroundColor: primary },
    ],
  };
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
    plugins: { legend: { position: 'bottom' } },
  };
  const reserved = months.reduce((s, m) => s + m.reserved, 0);
  const delivered = months.reduce((s, m) => s + m.delivered, 0);
  return (
    <figure className="flex flex-col gap-2">
      <figcaption id={titleId} className="font-semibold">
        Saplings per month
      </figcaption>
      <div
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        className="relative h-64 w-full"
        data-testid="nursery-monthly-chart"
      >
        <Bar data={data} options={options} aria-hidden="true" />
      </div>
      <p id={descId} className="sr-only">
        Over the last {months.length} months, {reserved} saplings reserved and {delivered}{' '}
        delivered.
      </p>
    </figure>
  );
}
