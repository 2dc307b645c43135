import { useId } from 'react';
import { niceTicks, type GrowthSeries, type SeriesPoint } from '../growth-series';

/*
 * A small SVG line chart (chart.js is not installed; this keeps to what the page needs): the
 * predicted curve as a dashed line, measurements as dots joined by a solid line, age on the x
 * axis. It is a picture with a text summary (role="img"); the figures themselves are in the
 * table beside it. Loaded lazily with the growth section, never with the landing page.
 */

const WIDTH = 560;
const HEIGHT = 240;
const PAD = { left: 52, right: 16, top: 16, bottom: 40 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

const fmt = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

function path(points: SeriesPoint[], x: (v: number) => number, y: (v: number) => number) {
  return points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`)
    .join(' ');
}

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
  const all = [...series.measured, ...series.predicted];
  const xMin = Math.min(...all.map((p) => p.x), 0);
  const xTicks = niceTicks(Math.max(...all.map((p) => p.x), 1));
  const yTicks = niceTicks(Math.max(...all.map((p) => p.y), 1));
  const xMax = xTicks.at(-1)!;
  const yMax = yTicks.at(-1)!;
  const x = (v: number) => PAD.left + ((v - xMin) / (xMax - xMin || 1)) * PLOT_W;
  const y = (v: number) => PAD.top + PLOT_H - (v / yMax) * PLOT_H;

  return (
    <figure className="flex flex-col gap-2">
      <figcaption id={titleId} className="font-semibold">
        {title} ({unit})
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        className="h-auto w-full max-w-2xl text-base-content"
        data-testid="growth-chart"
      >
        <desc id={descId}>{summary(title, unit, series)}</desc>
        <g className="text-base-content/30" stroke="currentColor" strokeWidth={1}>
          {yTicks.map((t) => (
            <line key={`y${t}`} x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} />
          ))}
        </g>
        <g fill="currentColor" fontSize={12} aria-hidden="true">
          {yTicks.map((t) => (
            <text key={`yl${t}`} x={PAD.left - 6} y={y(t) + 4} textAnchor="end">
              {fmt.format(t)}
            </text>
          ))}
          {xTicks.map((t) => (
            <text key={`xl${t}`} x={x(t)} y={HEIGHT - PAD.bottom + 16} textAnchor="middle">
              {fmt.format(t)}
            </text>
          ))}
          <text x={PAD.left + PLOT_W / 2} y={HEIGHT - 6} textAnchor="middle">
            Age (years)
          </text>
        </g>
        {series.predicted.length > 1 ? (
          <path
            d={path(series.predicted, x, y)}
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeDasharray="6 4"
            className="text-base-content/70"
            data-testid="predicted-line"
          />
        ) : null}
        <g className="text-primary" data-testid="measured-points">
          {series.measured.length > 1 ? (
            <path
              d={path(series.measured, x, y)}
              fill="none"
              stroke="currentColor"
              strokeWidth={2.5}
            />
          ) : null}
          {series.measured.map((p) => (
            <circle key={`${p.x}-${p.y}`} cx={x(p.x)} cy={y(p.y)} r={5} fill="currentColor" />
          ))}
        </g>
      </svg>
      <p className="flex flex-wrap gap-4 text-sm" aria-hidden="true">
        <span className="inline-flex items-center gap-2">
          <span className="inline-block h-3 w-3 rounded-full bg-primary" /> Measured
        </span>
        <span className="inline-flex items-center gap-2">
          <span className="inline-block w-6 border-t-2 border-dashed border-base-content/70" />{' '}
          Predicted
        </span>
      </p>
    </figure>
  );
}
