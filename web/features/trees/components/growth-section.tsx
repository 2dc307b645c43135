import { lazy, Suspense, useId } from 'react';
import type { Tree } from '../../../../contract/trees';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { useTreeGrowth } from '../api';
import { formatDay, formatKg } from '../format';
import { growthSeries, type Growth } from '../growth-series';
import { failureMessage } from '../../../lib/api-client';
import { Table } from '../../../components/ui/table';

// The chart is its own chunk: it loads with this section only.
const GrowthChart = lazy(() => import('./growth-chart'));

const cm = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const years = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** The same figures as the charts, as a table (the charts' text alternative). */
function GrowthTable({ growth }: { growth: Growth }) {
  return (
    <details className="rounded-box border border-base-300 p-3">
      <summary className="cursor-pointer font-semibold">Show the figures as a table</summary>
      <div className="mt-3">
        <Table size="sm" caption="Measured and predicted sizes by date">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Kind</th>
              <th scope="col">Age (years)</th>
              <th scope="col">Height (cm)</th>
              <th scope="col">Diameter (cm)</th>
              <th scope="col">CO₂ stored</th>
            </tr>
          </thead>
          <tbody>
            {growth.measured.map((m) => (
              <tr key={m.id}>
                <td>{formatDay(m.measuredAt)}</td>
                <td>Measured</td>
                <td>{years.format(m.ageYears)}</td>
                <td>{cm.format(m.heightCm)}</td>
                <td>{cm.format(m.diameterCm)}</td>
                <td>—</td>
              </tr>
            ))}
            {growth.predicted.map((p) => (
              <tr key={p.date}>
                <td>{formatDay(p.date)}</td>
                <td>Predicted</td>
                <td>{years.format(p.ageYears)}</td>
                <td>{cm.format(p.heightCm)}</td>
                <td>{cm.format(p.diameterCm)}</td>
                <td>
                  {formatKg(p.co2Kg.mid)} ({formatKg(p.co2Kg.low)}–{formatKg(p.co2Kg.high)})
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </details>
  );
}

/** Measured height and diameter against the species' predicted growth, as charts and a table. */
export function GrowthSection({ tree }: { tree: Tree }) {
  const headingId = useId();
  const growth = useTreeGrowth(tree.id);
  let body;
  if (growth.isPending) body = <LoadingState label="Loading the growth figures…" />;
  else if (growth.isError)
    body = (
      <LoadErrorCard
        message={failureMessage(growth.error, 'The growth figures could not be loaded just now.')}
        onRetry={() => void growth.refetch()}
      />
    );
  else {
    const series = growthSeries(tree, growth.data);
    body = (
      <>
        <p className={mutedText}>
          {growth.data.measured.length === 0
            ? 'No measurements yet: the lines are the species’ typical growth. Add a measurement to compare.'
            : 'Dots are your measurements; the dashed line is the species’ growth curve through the latest one.'}
        </p>
        <Suspense fallback={<LoadingState label="Loading the charts…" />}>
          <div className="grid gap-6 lg:grid-cols-2">
            <GrowthChart title="Height" unit="cm" series={series.height} />
            <GrowthChart title="Trunk diameter" unit="cm" series={series.diameter} />
          </div>
        </Suspense>
        <GrowthTable growth={growth.data} />
      </>
    );
  }
  return (
    <section className={sectionCard} aria-labelledby={headingId}>
      <div className="card-body gap-4">
        <h2 id={headingId} className="text-xl font-bold">
          Growth
        </h2>
        {body}
      </div>
    </section>
  );
}
