import type { ReactNode } from 'react';
import type { CorporateMonth } from '../../../../contract/dashboards';
import { formatMoney } from '../../../../contract/money';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { formatCount } from '../../../lib/numbers';
import { dashboardsMessages } from '../messages';
import { formatMonth, majorUnits } from '../format';
import { ChartFigure } from '../../../components/ui/charts/chart-figure';
import { EmptyState } from '../../../components/ui/status-cards';

/** The currencies any month received money in, alphabetically. */
export const currenciesOf = (months: readonly CorporateMonth[]) =>
  [...new Set(months.flatMap((m) => m.donations.map((d) => d.currency)))].sort();

const amountIn = (m: CorporateMonth, currency: string) =>
  m.donations.find((d) => d.currency === currency)?.amountMinor ?? 0;

/**
 * Drives, participants and trees per month as bars; the money received in a chart of its own per
 * currency (on one axis with counts it dwarfed them, issue 23 §3). Months with nothing at all
 * show an empty state, not an empty 0–1 frame; `emptyAction` is the button the page offers.
 */
export function CorporateMonthsChart({
  months,
  emptyAction,
}: {
  months: CorporateMonth[];
  emptyAction?: ReactNode;
}) {
  const t = useT(dashboardsMessages);
  const locale = useIntlLocale();
  const month = (key: string) => formatMonth(key, locale);
  const count = (n: number) => formatCount(n, locale);
  const currencies = currenciesOf(months);
  const sum = (pick: (m: CorporateMonth) => number) => months.reduce((n, m) => n + pick(m), 0);
  const drives = sum((m) => m.drives);
  const participants = sum((m) => m.participants);
  const trees = sum((m) => m.trees);
  const span = months.length
    ? t('range', { low: month(months[0]!.month), high: month(months.at(-1)!.month) })
    : '';
  if (drives + participants + trees === 0 && currencies.length === 0)
    return (
      <div data-testid="corporate-months-empty">
        <EmptyState action={emptyAction}>
          {span ? t('months.emptySpan', { span }) : t('months.empty')}
        </EmptyState>
      </div>
    );
  const labels = months.map((m) => month(m.month));
  return (
    <div className="flex flex-col gap-8">
      {drives + participants + trees === 0 ? (
        <p className="text-base-content/80" data-testid="corporate-months-no-counts">
          {t('months.noCounts', { span })}
        </p>
      ) : (
        <ChartFigure
          title={t('months.title')}
          testId="corporate-months-chart"
          summary={t('months.summary', { span, drives, participants, trees })}
          chart={{
            kind: 'bar',
            countAxis: true,
            labels,
            yTitle: t('months.axis'),
            series: [
              { label: t('months.drives'), data: months.map((m) => m.drives) },
              { label: t('months.participants'), data: months.map((m) => m.participants) },
              { label: t('months.trees'), data: months.map((m) => m.trees) },
            ],
          }}
          table={{
            columns: [
              t('col.month'),
              t('months.drives'),
              t('months.participants'),
              t('months.trees'),
            ],
            rows: months.map((m) => [
              month(m.month),
              count(m.drives),
              count(m.participants),
              count(m.trees),
            ]),
          }}
        />
      )}
      {currencies.map((c) => {
        const total = months.reduce((n, m) => n + amountIn(m, c), 0);
        const gifts = months.reduce(
          (n, m) => n + (m.donations.find((d) => d.currency === c)?.donations ?? 0),
          0,
        );
        return (
          <ChartFigure
            key={c}
            title={t('donations.title', { currency: c })}
            testId={`corporate-donations-chart-${c}`}
            summary={t('donations.summary', { span, total: formatMoney(total, c), count: gifts })}
            chart={{
              kind: 'bar',
              labels,
              yTitle: t('donations.axis', { currency: c }),
              series: [
                {
                  label: t('donations.series', { currency: c }),
                  data: months.map((m) => majorUnits(amountIn(m, c), c)),
                  tone: 'accent',
                },
              ],
            }}
            table={{
              columns: [t('col.month'), t('donations.series', { currency: c })],
              rows: months.map((m) => [month(m.month), formatMoney(amountIn(m, c), c)]),
            }}
          />
        );
      })}
    </div>
  );
}
