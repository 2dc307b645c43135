import type { ChartData, ChartOptions } from 'chart.js';
import { useId } from 'react';
import { Line } from 'react-chartjs-2';
import '../../../components/ui/charts/register';
import { rgba, useChartPalette } from '../../../components/ui/charts/theme';
import type { GrowthSeries } from '../growth-series';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { treeCareMessages, type TreeCareT } from '../messages';

/*
 * The growth chart (Chart.js through react-chartjs-2): measurements as dots joined by a solid
 * line, the predicted curve dashed, age in years on the x axis and cm on the y axis. It is a
 * picture with a text summary (role="img" and an accessible description); the figures
 * themselves are in the table beside it. Loaded lazily with the growth section, so Chart.js
 * never reaches the landing page.
 */

/** What the picture shows, in words (its accessible description). */
function summary(
  t: TreeCareT,
  fmt: Intl.NumberFormat,
  title: string,
  unit: string,
  series: GrowthSeries,
): string {
  const last = series.measured.at(-1);
  const end = series.predicted.at(-1);
  const parts = [
    last
      ? t('chart.latest', {
          count: series.measured.length,
          value: fmt.format(last.y),
          unit,
          age: fmt.format(last.x),
        })
      : t('chart.none'),
    end ? t('chart.predictedAt', { value: fmt.format(end.y), unit, age: fmt.format(end.x) }) : null,
  ];
  return t('chart.summary', { title, parts: parts.filter(Boolean).join('; ') });
}

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
  const palette = useChartPalette();
  const t = useT(treeCareMessages);
  const fmt = new Intl.NumberFormat(useIntlLocale(), { maximumFractionDigits: 1 });
  const colours = {
    primary: rgba(palette.tone('primary')),
    content: rgba(palette.contentRgb, 0.75),
    grid: palette.grid,
  };

  const data: ChartData<'line', { x: number; y: number }[]> = {
    datasets: [
      {
        label: t('chart.measured'),
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
        label: t('chart.predicted'),
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
        title: { display: true, text: t('chart.age'), color: colours.content },
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
          title: (items) => t('chart.years', { age: fmt.format(items[0]?.parsed.x ?? 0) }),
          label: (item) =>
            t('chart.tooltip', {
              label: item.dataset.label,
              value: fmt.format(item.parsed.y ?? 0),
              unit,
            }),
        },
      },
    },
  };

  return (
    <figure className="flex flex-col gap-2">
      <figcaption id={titleId} className="font-semibold">
        {t('chart.caption', { title, unit })}
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
        {summary(t, fmt, title, unit, series)}
      </p>
    </figure>
  );
}
