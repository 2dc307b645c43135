import { lazy, Suspense, useId } from 'react';
import type { Tree } from '../../../../contract/trees';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { useTreeGrowth } from '../api';
import { formatDay, formatKg } from '../format';
import { growthSeries, type Growth } from '../growth-series';
import { failureMessage } from '../../../lib/api-client';
import { Table } from '../../../components/ui/table';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { treeCareMessages } from '../messages';

// The chart is its own chunk: it loads with this section only.
const GrowthChart = lazy(() => import('./growth-chart'));

/** The same figures as the charts, as a table (the charts' text alternative). */
function GrowthTable({ growth }: { growth: Growth }) {
  const t = useT(treeCareMessages);
  const locale = useIntlLocale();
  const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const day = (iso: string) => formatDay(iso, locale);
  const kg = (value: number) => formatKg(value, locale);
  return (
    <details className="rounded-box border border-base-300 p-3">
      <summary className="cursor-pointer font-semibold">{t('table.show')}</summary>
      <div className="mt-3">
        <Table size="sm" caption={t('table.caption')}>
          <thead>
            <tr>
              <th scope="col">{t('table.date')}</th>
              <th scope="col">{t('table.kind')}</th>
              <th scope="col">{t('table.age')}</th>
              <th scope="col">{t('table.height')}</th>
              <th scope="col">{t('table.diameter')}</th>
              <th scope="col">{t('table.co2')}</th>
            </tr>
          </thead>
          <tbody>
            {growth.measured.map((m) => (
              <tr key={m.id}>
                <td>{day(m.measuredAt)}</td>
                <td>{t('table.measured')}</td>
                <td>{oneDecimal.format(m.ageYears)}</td>
                <td>{oneDecimal.format(m.heightCm)}</td>
                <td>{oneDecimal.format(m.diameterCm)}</td>
                <td>—</td>
              </tr>
            ))}
            {growth.predicted.map((p) => (
              <tr key={p.date}>
                <td>{day(p.date)}</td>
                <td>{t('table.predicted')}</td>
                <td>{oneDecimal.format(p.ageYears)}</td>
                <td>{oneDecimal.format(p.heightCm)}</td>
                <td>{oneDecimal.format(p.diameterCm)}</td>
                <td>
                  {t('table.co2Range', {
                    mid: kg(p.co2Kg.mid),
                    low: kg(p.co2Kg.low),
                    high: kg(p.co2Kg.high),
                  })}
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
  const t = useT(treeCareMessages);
  let body;
  if (growth.isPending) body = <LoadingState label={t('growth.loading')} />;
  else if (growth.isError)
    body = (
      <LoadErrorCard
        message={failureMessage(growth.error, t('growth.failed'))}
        onRetry={() => void growth.refetch()}
      />
    );
  else {
    const series = growthSeries(tree, growth.data);
    body = (
      <>
        <p className={mutedText}>
          {growth.data.measured.length === 0
            ? t('growth.noMeasurements')
            : t('growth.measuredHint')}
        </p>
        <Suspense fallback={<LoadingState label={t('growth.loadingCharts')} />}>
          <div className="grid gap-6 lg:grid-cols-2">
            <GrowthChart
              title={t('growth.height')}
              unit={t('growth.unit')}
              series={series.height}
            />
            <GrowthChart
              title={t('growth.diameter')}
              unit={t('growth.unit')}
              series={series.diameter}
            />
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
          {t('growth.heading')}
        </h2>
        {body}
      </div>
    </section>
  );
}
