import { useId, type ReactNode } from 'react';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { useCommunityCharts } from '../api';
import { formatCount } from '../../../lib/numbers';
import { formatKg, formatMonth } from '../format';
import { ChartFigure } from '../../../components/ui/charts/chart-figure';

function Card({ children }: { children: ReactNode }) {
  return (
    <section className={sectionCard}>
      <div className="card-body">{children}</div>
    </section>
  );
}

const share = (part: number, whole: number) =>
  whole > 0 ? `${Math.round((part * 1000) / whole) / 10}%` : '–';

/** The community's charts from GET /api/stats/charts, each with its table. */
export function CommunityCharts() {
  const headingId = useId();
  const charts = useCommunityCharts();
  if (charts.isPending) return <LoadingState label="Loading the community charts…" />;
  if (charts.isError)
    return (
      <LoadErrorCard
        message={failureMessage(charts.error, 'The charts could not be loaded just now.')}
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
        Community charts
      </h2>
      <p className={mutedText}>
        Every figure comes from what members registered, planted and organised on Canopy, updated
        every half minute.
      </p>
      <div className="grid gap-6 xl:grid-cols-2">
        <Card>
          <ChartFigure
            title="Trees registered per month"
            testId="chart-trees-per-month"
            summary={`${formatCount(registered)} plants registered in the last ${treesPerMonth.length} months.`}
            chart={{
              kind: 'bar',
              countAxis: true,
              labels: treesPerMonth.map((m) => formatMonth(m.month)),
              yTitle: 'Plants',
              series: [{ label: 'Plants registered', data: treesPerMonth.map((m) => m.plants) }],
            }}
            table={{
              columns: ['Month', 'Plants registered', 'Registrations'],
              rows: treesPerMonth.map((m) => [
                formatMonth(m.month),
                formatCount(m.plants),
                formatCount(m.records),
              ]),
            }}
          />
        </Card>
        <Card>
          <ChartFigure
            title="Species mix of living trees"
            testId="chart-species-mix"
            summary={
              speciesMix.length
                ? `${formatCount(living)} living plants; the most planted is ${speciesMix[0]!.label} (${share(speciesMix[0]!.plants, living)}).`
                : 'No living trees registered yet.'
            }
            chart={{
              kind: 'doughnut',
              labels: speciesMix.map((s) => s.label),
              series: [{ label: 'Living plants', data: speciesMix.map((s) => s.plants) }],
            }}
            table={{
              columns: ['Species', 'Living plants', 'Share'],
              rows: speciesMix.map((s) => [
                s.label,
                formatCount(s.plants),
                share(s.plants, living),
              ]),
            }}
          />
        </Card>
        <Card>
          <ChartFigure
            title="CO₂ stored over time"
            testId="chart-co2"
            summary={
              last
                ? `${formatKg(last.co2Kg.mid)} of CO₂ stored by ${formatCount(last.livingPlants)} living plants at the end of ${formatMonth(last.month)} (likely ${formatKg(last.co2Kg.low)} – ${formatKg(last.co2Kg.high)}).`
                : 'No figures yet.'
            }
            chart={{
              kind: 'line',
              labels: co2OverTime.map((m) => formatMonth(m.month)),
              yTitle: 'CO₂ (kg)',
              series: [
                {
                  label: 'CO₂ stored (kg)',
                  data: co2OverTime.map((m) => m.co2Kg.mid),
                  band: {
                    low: co2OverTime.map((m) => m.co2Kg.low),
                    high: co2OverTime.map((m) => m.co2Kg.high),
                  },
                },
              ],
            }}
            table={{
              columns: ['Month', 'Living plants', 'CO₂ stored', 'Likely range'],
              rows: co2OverTime.map((m) => [
                formatMonth(m.month),
                formatCount(m.livingPlants),
                formatKg(m.co2Kg.mid),
                `${formatKg(m.co2Kg.low)} – ${formatKg(m.co2Kg.high)}`,
              ]),
            }}
          />
        </Card>
        <Card>
          <ChartFigure
            title="Drives per country"
            testId="chart-drives-per-country"
            summary={
              drivesPerCountry.length
                ? `${formatCount(drives)} drives; the most in ${drivesPerCountry[0]!.label} (${formatCount(drivesPerCountry[0]!.drives)}).`
                : 'No drives organised yet.'
            }
            chart={{
              kind: 'bar',
              countAxis: true,
              labels: drivesPerCountry.map((c) => c.label),
              yTitle: 'Drives',
              series: [{ label: 'Drives', data: drivesPerCountry.map((c) => c.drives) }],
            }}
            table={{
              columns: ['Country', 'Drives'],
              rows: drivesPerCountry.map((c) => [c.label, formatCount(c.drives)]),
            }}
          />
        </Card>
      </div>
    </div>
  );
}
