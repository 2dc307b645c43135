import type { CorporateMonth } from '../../../../contract/dashboards';
import { formatMoney } from '../../../../contract/money';
import { formatCount } from '../../../lib/numbers';
import { formatMonth, majorUnits } from '../format';
import { ChartFigure } from '../../../components/ui/charts/chart-figure';

/** Drives, participants and trees per month as bars, donations per currency as lines. */
export function CorporateMonthsChart({ months }: { months: CorporateMonth[] }) {
  const currencies = [...new Set(months.flatMap((m) => m.donations.map((d) => d.currency)))].sort();
  const amount = (m: CorporateMonth, currency: string) =>
    m.donations.find((d) => d.currency === currency)?.amountMinor ?? 0;
  const sum = (pick: (m: CorporateMonth) => number) => months.reduce((n, m) => n + pick(m), 0);
  const span = months.length
    ? `${formatMonth(months[0]!.month)} – ${formatMonth(months.at(-1)!.month)}`
    : '';
  return (
    <ChartFigure
      title="Per month"
      testId="corporate-months-chart"
      summary={`${span}: ${formatCount(sum((m) => m.drives))} drives, ${formatCount(sum((m) => m.participants))} participants, ${formatCount(sum((m) => m.trees))} trees planted${currencies
        .map(
          (c) =>
            `, ${formatMoney(
              months.reduce((n, m) => n + amount(m, c), 0),
              c,
            )} received`,
        )
        .join('')}.`}
      chart={{
        kind: 'bar',
        countAxis: true,
        labels: months.map((m) => formatMonth(m.month)),
        yTitle: 'Drives, participants, trees',
        y2Title: 'Donations',
        series: [
          { label: 'Drives', data: months.map((m) => m.drives) },
          { label: 'Participants', data: months.map((m) => m.participants) },
          { label: 'Trees planted', data: months.map((m) => m.trees) },
          ...currencies.map((c) => ({
            label: `Donations (${c})`,
            data: months.map((m) => majorUnits(amount(m, c), c)),
            axis: 'y2' as const,
            line: true,
          })),
        ],
      }}
      table={{
        columns: [
          'Month',
          'Drives',
          'Participants',
          'Trees planted',
          ...currencies.map((c) => `Donations (${c})`),
        ],
        rows: months.map((m) => [
          formatMonth(m.month),
          formatCount(m.drives),
          formatCount(m.participants),
          formatCount(m.trees),
          ...currencies.map((c) => formatMoney(amount(m, c), c)),
        ]),
      }}
    />
  );
}
