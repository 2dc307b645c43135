import type { TreeHistoryPoint } from '../../../../contract/dashboards';
import { formatCount } from '../../../lib/numbers';
import { formatKg, formatMonth } from '../format';
import { ChartFigure } from '../../../components/ui/charts/chart-figure';

/** Living plants (bars) and the CO₂ they store (a line with its low–high band) per month. */
export function HistoryChart({ history }: { history: TreeHistoryPoint[] }) {
  const last = history.at(-1);
  const first = history.find((p) => p.livingPlants > 0);
  const summary = last
    ? `${formatCount(last.livingPlants)} living plants storing about ${formatKg(last.co2Kg.mid)} of CO₂ (likely ${formatKg(last.co2Kg.low)} – ${formatKg(last.co2Kg.high)}) at the end of ${formatMonth(last.month)}` +
      (first && first !== last
        ? `, from ${formatCount(first.livingPlants)} in ${formatMonth(first.month)}.`
        : '.')
    : 'No figures yet.';
  return (
    <ChartFigure
      title="Living plants and CO₂ stored, month by month"
      summary={summary}
      testId="history-chart"
      chart={{
        kind: 'bar',
        countAxis: true,
        labels: history.map((p) => formatMonth(p.month)),
        yTitle: 'Living plants',
        y2Title: 'CO₂ (kg)',
        series: [
          { label: 'Living plants', data: history.map((p) => p.livingPlants) },
          {
            label: 'CO₂ stored (kg)',
            data: history.map((p) => p.co2Kg.mid),
            axis: 'y2',
            line: true,
            band: { low: history.map((p) => p.co2Kg.low), high: history.map((p) => p.co2Kg.high) },
          },
        ],
      }}
      table={{
        columns: ['Month', 'Living plants', 'CO₂ stored', 'Likely range'],
        rows: history.map((p) => [
          formatMonth(p.month),
          formatCount(p.livingPlants),
          formatKg(p.co2Kg.mid),
          `${formatKg(p.co2Kg.low)} – ${formatKg(p.co2Kg.high)}`,
        ]),
      }}
    />
  );
}
