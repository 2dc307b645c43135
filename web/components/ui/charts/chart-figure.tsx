import { lazy, Suspense, useId } from 'react';
import { LazyMount } from '../lazy-mount';
import { LoadingState } from '../status-cards';
import type { ChartCanvasProps } from './chart-canvas';
import { Table } from '../table';
import { useT } from '../../../i18n/use-t';
import { uiMessages } from '../messages';

export type { ChartCanvasProps, ChartSeries } from './chart-canvas';

// Chart.js loads only when a chart comes near the screen (LazyMount), in its own chunk.
const ChartCanvas = lazy(() => import('./chart-canvas'));

export interface ChartTable {
  columns: string[];
  rows: Array<Array<string | number>>;
}

/**
 * A named chart with a text summary (its accessible description) and the same figures as a
 * table behind "Show as table", so nothing is only in the picture.
 */
export function ChartFigure({
  title,
  summary,
  chart,
  table,
  testId,
}: {
  title: string;
  summary: string;
  chart: ChartCanvasProps;
  table: ChartTable;
  testId?: string;
}) {
  const t = useT(uiMessages);
  const titleId = useId();
  const descId = useId();
  const loading = <LoadingState label={t('chart.loading', { title })} />;
  return (
    <figure className="flex flex-col gap-3" data-testid={testId}>
      <figcaption id={titleId} className="text-lg font-semibold">
        {title}
      </figcaption>
      <div
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        className="relative h-64 w-full"
        data-testid="chart"
      >
        {/* The box is a fixed h-64 whatever it holds, so the chart arriving moves nothing. */}
        <LazyMount placeholder={loading}>
          <Suspense fallback={loading}>
            <ChartCanvas {...chart} />
          </Suspense>
        </LazyMount>
      </div>
      <p id={descId} className="text-sm text-base-content/80">
        {summary}
      </p>
      <details className="collapse-arrow collapse border border-base-300 bg-base-100">
        <summary className="collapse-title min-h-0 py-2 font-semibold">
          {t('chart.asTable')}
        </summary>
        <div className="collapse-content">
          <Table size="sm" className="table-zebra" caption={title}>
            <thead>
              <tr>
                {table.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={j}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </details>
    </figure>
  );
}
