import type { TreeHistoryPoint } from '../../../../contract/dashboards';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { formatCount } from '../../../lib/numbers';
import { dashboardsMessages } from '../messages';
import { formatKg, formatMonth } from '../format';
import { ChartFigure } from '../../../components/ui/charts/chart-figure';

/** Living plants (bars) and the CO₂ they store (a line with its low–high band) per month. */
export function HistoryChart({ history }: { history: TreeHistoryPoint[] }) {
  const t = useT(dashboardsMessages);
  const locale = useIntlLocale();
  const kg = (value: number) => formatKg(value, locale);
  const month = (key: string) => formatMonth(key, locale);
  const last = history.at(-1);
  const first = history.find((p) => p.livingPlants > 0);
  const lastValues = last && {
    plants: last.livingPlants,
    mid: kg(last.co2Kg.mid),
    low: kg(last.co2Kg.low),
    high: kg(last.co2Kg.high),
    month: month(last.month),
  };
  const summary = lastValues
    ? first && first !== last
      ? t('history.summaryFrom', {
          ...lastValues,
          firstPlants: first.livingPlants,
          firstMonth: month(first.month),
        })
      : t('history.summary', lastValues)
    : t('noFigures');
  return (
    <ChartFigure
      title={t('history.title')}
      summary={summary}
      testId="history-chart"
      chart={{
        kind: 'bar',
        countAxis: true,
        labels: history.map((p) => month(p.month)),
        yTitle: t('axis.livingPlants'),
        y2Title: t('axis.co2'),
        series: [
          { label: t('axis.livingPlants'), data: history.map((p) => p.livingPlants) },
          {
            label: t('series.co2'),
            data: history.map((p) => p.co2Kg.mid),
            axis: 'y2',
            line: true,
            band: { low: history.map((p) => p.co2Kg.low), high: history.map((p) => p.co2Kg.high) },
          },
        ],
      }}
      table={{
        columns: [t('col.month'), t('col.livingPlants'), t('col.co2'), t('col.range')],
        rows: history.map((p) => [
          month(p.month),
          formatCount(p.livingPlants, locale),
          kg(p.co2Kg.mid),
          t('range', { low: kg(p.co2Kg.low), high: kg(p.co2Kg.high) }),
        ]),
      }}
    />
  );
}
