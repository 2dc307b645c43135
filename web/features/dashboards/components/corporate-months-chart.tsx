import type { ReactNode } from 'react';
import type { CorporateMonth } from '../../../../contract/dashboards';
import { formatMoney } from '../../../../contract/money';
import { formatCount, plural } from '../../../lib/numbers';
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
  const currencies = currenciesOf(months);
  const sum = (pick: (m: CorporateMonth) => number) => months.reduce((n, m) => n + pick(m), 0);
  const drives = sum((m) => m.drives);
  const participants = sum((m) => m.participants);
  const trees = sum((m) => m.trees);
  const span = months.length
    ? `${formatMonth(months[0]!.month)} – ${formatMonth(months.at(-1)!.month)}`
    : '';
  if (drives + participants + trees === 0 && currencies.length === 0)
    return (
      <div data-testid="corporate-months-empty">
        <EmptyState action={emptyAction}>
          {span ? `${span}: no` : 'No'} drives, sign-ups, trees or donations in these months.
        </EmptyState>
      </div>
    );
  const labels = months.map((m) => formatMonth(m.month));
  return (
    <div className="flex flex-col gap-8">
      {drives + participants + trees === 0 ? (
        <p className="text-base-content/80" data-testid="corporate-months-no-counts">
          {span}: no drives, sign-ups or trees in these months.
        </p>
      ) : (
        <ChartFigure
          title="Drives, participants and trees per month"
          testId="corporate-months-chart"
          summary={`${span}: ${plural(drives, 'drive')}, ${plural(participants, 'participant')}, ${plural(trees, 'tree planted', 'trees planted')}.`}
          chart={{
            kind: 'bar',
            countAxis: true,
            labels,
            yTitle: 'Drives, participants, trees',
            series: [
              { label: 'Drives', data: months.map((m) => m.drives) },
              { label: 'Participants', data: months.map((m) => m.participants) },
              { label: 'Trees planted', data: months.map((m) => m.trees) },
            ],
          }}
          table={{
            columns: ['Month', 'Drives', 'Participants', 'Trees planted'],
            rows: months.map((m) => [
              formatMonth(m.month),
              formatCount(m.drives),
              formatCount(m.participants),
              formatCount(m.trees),
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
            title={`Donations received per month (${c})`}
            testId={`corporate-donations-chart-${c}`}
            summary={`${span}: ${formatMoney(total, c)} received in ${plural(gifts, 'paid donation')}.`}
            chart={{
              kind: 'bar',
              labels,
              yTitle: `Amount (${c})`,
              series: [
                {
                  label: `Donations (${c})`,
                  data: months.map((m) => majorUnits(amountIn(m, c), c)),
                  tone: 'accent',
                },
              ],
            }}
            table={{
              columns: ['Month', `Donations (${c})`],
              rows: months.map((m) => [formatMonth(m.month), formatMoney(amountIn(m, c), c)]),
            }}
          />
        );
      })}
    </div>
  );
}
