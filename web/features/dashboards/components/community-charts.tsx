import { useId, type ReactNode } from 'react';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { useCommunityCharts } from '../api';
import { formatCount } from '../../../lib/numbers';
import { formatKg, formatMonth } from '../format';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { dashboardsMessages } from '../messages';
import { ChartFigure } from '../../../components/ui/charts/chart-figure';

function Card({ children }: { children: ReactNode }) {
  return (
    <section className={sectionCard}>
      <div className="card-body">{children}</div>
    </section>
  );
}

const share = (part: number, whole: number, locale?: string) =>
  whole > 0
    ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
        Math.round((part * 1000) / whole) / 1000,
      )
    : '–';

/** The community's charts from GET /api/stats/charts, each with its table. */
export function CommunityCharts() {
  const headingId = useId();
  const charts = useCommunityCharts();
  const t = useT(dashboardsMessages);
  const locale = useIntlLocale();
  const month = (key: string) => formatMonth(key, locale);
  const count = (n: number) => formatCount(n, locale);
  const kg = (n: number) => formatKg(n, locale);
  if (charts.isPending) return <LoadingState label={t('charts.loading')} />;
  if (charts.isError)
    return (
      <LoadErrorCard
        message={failureMessage(charts.error, t('charts.failed'))}
        onRetry={() => void charts.refetch()}
      />
    );
  const { treesPerMonth, speciesMix, co2OverTime, drivesPerCountry } = charts.data;
  const registered = treesPerMonth.reduce((n, m) => n + m.plants, 0);
  const living = speciesMix.reduce((n, s) => n + s.plants, 0);
  const drives = drivesPerCountry.reduce((n, c) => n + c.drives, 0);
  const last = co2OverTime.at(-1);
  return (
    <div className="space-y-6">
      <h2 id={headingId} className="sr-only">
        {t('charts.heading')}
      </h2>
      <p className={mutedText}>{t('charts.intro')}</p>
      <div className="grid gap-6 xl:grid-cols-2">
        <Card>
          <ChartFigure
            title={t('charts.trees.title')}
            testId="chart-trees-per-month"
            summary={t('charts.trees.summary', {
              plants: registered,
              months: treesPerMonth.length,
            })}
            chart={{
              kind: 'bar',
              countAxis: true,
              labels: treesPerMonth.map((m) => month(m.month)),
              yTitle: t('charts.trees.axis'),
              series: [
                { label: t('charts.trees.series'), data: treesPerMonth.map((m) => m.plants) },
              ],
            }}
            table={{
              columns: [t('col.month'), t('charts.trees.series'), t('charts.trees.records')],
              rows: treesPerMonth.map((m) => [month(m.month), count(m.plants), count(m.records)]),
            }}
          />
        </Card>
        <Card>
          <ChartFigure
            title={t('charts.species.title')}
            testId="chart-species-mix"
            summary={
              speciesMix.length
                ? t('charts.species.summary', {
                    plants: living,
                    species: speciesMix[0]!.label,
                    share: share(speciesMix[0]!.plants, living, locale),
                  })
                : t('charts.species.none')
            }
            chart={{
              kind: 'doughnut',
              labels: speciesMix.map((s) => s.label),
              series: [{ label: t('col.livingPlants'), data: speciesMix.map((s) => s.plants) }],
            }}
            table={{
              columns: [t('charts.species.col'), t('col.livingPlants'), t('charts.species.share')],
              rows: speciesMix.map((s) => [
                s.label,
                count(s.plants),
                share(s.plants, living, locale),
              ]),
            }}
          />
        </Card>
        <Card>
          <ChartFigure
            title={t('charts.co2.title')}
            testId="chart-co2"
            summary={
              last
                ? t('charts.co2.summary', {
                    mid: kg(last.co2Kg.mid),
                    plants: last.livingPlants,
                    month: month(last.month),
                    low: kg(last.co2Kg.low),
                    high: kg(last.co2Kg.high),
                  })
                : t('noFigures')
            }
            chart={{
              kind: 'line',
              labels: co2OverTime.map((m) => month(m.month)),
              yTitle: t('axis.co2'),
              series: [
                {
                  label: t('series.co2'),
                  data: co2OverTime.map((m) => m.co2Kg.mid),
                  band: {
                    low: co2OverTime.map((m) => m.co2Kg.low),
                    high: co2OverTime.map((m) => m.co2Kg.high),
                  },
                },
              ],
            }}
            table={{
              columns: [t('col.month'), t('col.livingPlants'), t('col.co2'), t('col.range')],
              rows: co2OverTime.map((m) => [
                month(m.month),
                count(m.livingPlants),
                kg(m.co2Kg.mid),
                t('range', { low: kg(m.co2Kg.low), high: kg(m.co2Kg.high) }),
              ]),
            }}
          />
        </Card>
        <Card>
          <ChartFigure
            title={t('charts.drives.title')}
            testId="chart-drives-per-country"
            summary={
              drivesPerCountry.length
                ? t('charts.drives.summary', {
                    drives,
                    country: drivesPerCountry[0]!.label,
                    top: drivesPerCountry[0]!.drives,
                  })
                : t('charts.drives.none')
            }
            chart={{
              kind: 'bar',
              countAxis: true,
              labels: drivesPerCountry.map((c) => c.label),
              yTitle: t('charts.drives.axis'),
              series: [
                { label: t('charts.drives.axis'), data: drivesPerCountry.map((c) => c.drives) },
              ],
            }}
            table={{
              columns: [t('charts.drives.country'), t('charts.drives.axis')],
              rows: drivesPerCountry.map((c) => [c.label, count(c.drives)]),
            }}
          />
        </Card>
      </div>
    </div>
  );
}
