import type { ChartData, ChartOptions } from 'chart.js';
import { Bar, Doughnut, Line } from 'react-chartjs-2';
import './register';
import { rgba, useChartPalette, type Tone } from './theme';
import { useT } from '../../../i18n/use-t';
import { uiMessages } from '../messages';

/*
 * Bar, line and doughnut charts (Chart.js through react-chartjs-2), their own lazy chunk so
 * Chart.js never reaches the landing page. A picture only: ChartFigure gives it a name, a text
 * summary and the same figures as a table.
 */

export interface ChartSeries {
  label: string;
  data: number[];
  /** 'y2': drawn against a second axis on the right (a different unit). */
  axis?: 'y' | 'y2';
  /** Draw this series as a line over bars. */
  line?: boolean;
  /** Low–high band around a line: drawn as a shaded area between two thin lines. */
  band?: { low: number[]; high: number[] };
  /** The theme colour to draw in; by default the next one in order. */
  tone?: Tone;
}

export interface ChartCanvasProps {
  kind: 'bar' | 'line' | 'doughnut';
  labels: string[];
  series: ChartSeries[];
  yTitle?: string;
  y2Title?: string;
  stacked?: boolean;
  /** The left axis counts things: whole-number ticks only. */
  countAxis?: boolean;
}

const fmt = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
/** The lower edge of a band: drawn, but not named in the legend or the tooltip. */
const BAND_EDGE = 'band-low';
/** Marks a band's upper edge, whose tooltip says the range as a whole. */
type Dataset = { label?: string; upperEdge?: boolean };

export default function ChartCanvas({
  kind,
  labels,
  series,
  yTitle,
  y2Title,
  stacked,
  countAxis,
}: ChartCanvasProps) {
  const t = useT(uiMessages);
  const colours = useChartPalette();
  const colourAt = (i: number) => colours.series[i % colours.series.length]!;
  const axisTitle = (text?: string) =>
    text ? { display: true, text, color: colours.content } : undefined;
  const legend = { position: 'bottom' as const, labels: { color: colours.content } };

  if (kind === 'doughnut') {
    const data: ChartData<'doughnut'> = {
      labels,
      datasets: series.map((s) => ({
        label: s.label,
        data: s.data,
        backgroundColor: s.data.map((_, i) => rgba(colourAt(i), 0.85)),
        borderColor: s.data.map(() => 'rgba(255, 255, 255, 0.6)'),
      })),
    };
    const options: ChartOptions<'doughnut'> = {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { ...legend, position: 'right' } },
    };
    return <Doughnut data={data} options={options} aria-hidden="true" />;
  }

  const scales: ChartOptions<'bar'>['scales'] = {
    x: { stacked, ticks: { color: colours.content }, grid: { color: colours.grid } },
    y: {
      stacked,
      beginAtZero: true,
      title: axisTitle(yTitle),
      ticks: {
        color: colours.content,
        callback: (v) => fmt.format(Number(v)),
        ...(countAxis ? { precision: 0 } : {}),
      },
      grid: { color: colours.grid },
    },
    ...(series.some((s) => s.axis === 'y2')
      ? {
          y2: {
            position: 'right' as const,
            beginAtZero: true,
            title: axisTitle(y2Title),
            ticks: { color: colours.content, callback: (v) => fmt.format(Number(v)) },
            grid: { drawOnChartArea: false },
          },
        }
      : {}),
  };
  const datasets = series.flatMap((s, i) => {
    const colour = s.tone ? colours.tone(s.tone) : colourAt(i);
    const main = {
      label: s.label,
      data: s.data,
      yAxisID: s.axis ?? 'y',
      borderColor: rgba(colour),
      backgroundColor: rgba(colour, kind === 'bar' && !s.line ? 0.75 : 1),
      borderWidth: 2,
      pointRadius: 3,
      ...(s.line ? { type: 'line' as const, order: 0 } : { order: 1 }),
    };
    if (!s.band) return [main];
    const edge = (label: string, data: number[], fill: false | '-1') => ({
      label,
      upperEdge: fill !== false,
      data,
      yAxisID: s.axis ?? 'y',
      type: 'line' as const,
      borderColor: rgba(colour, 0.3),
      backgroundColor: rgba(colour, 0.15),
      borderWidth: 1,
      pointRadius: 0,
      fill,
      order: 2,
    });
    return [
      main,
      edge(BAND_EDGE, s.band.low, false),
      edge(t('chart.range', { label: s.label }), s.band.high, '-1'),
    ];
  });
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    interaction: { mode: 'index', intersect: false },
    scales,
    plugins: {
      legend: {
        ...legend,
        labels: { ...legend.labels, filter: (item) => item.text !== BAND_EDGE },
      },
      tooltip: {
        filter: (item) => item.dataset.label !== BAND_EDGE,
        callbacks: {
          label: (item) => {
            const dataset = item.dataset as Dataset;
            const label = dataset.label ?? '';
            if (!dataset.upperEdge) return `${label}: ${fmt.format(item.parsed.y ?? 0)}`;
            // The band's upper edge follows its lower one: say the range as a whole.
            const low = item.chart.data.datasets[item.datasetIndex - 1]?.data[item.dataIndex];
            return t('chart.likelyRange', {
              low: fmt.format(Number(low ?? 0)),
              high: fmt.format(item.parsed.y ?? 0),
            });
          },
        },
      },
    },
  };
  const data = { labels, datasets } as unknown as ChartData<'bar'>;
  return kind === 'line' ? (
    <Line
      data={data as unknown as ChartData<'line'>}
      options={options as unknown as ChartOptions<'line'>}
      aria-hidden="true"
    />
  ) : (
    <Bar data={data} options={options} aria-hidden="true" />
  );
}
