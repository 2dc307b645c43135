import type { NurseryDashboard as Dashboard } from '../../../../contract/nursery';
import { NURSERY_PATHS } from '../../../../contract/nursery';
import { ButtonLink } from '../../../components/ui/button';
import { ChartFigure } from '../../../components/ui/charts/chart-figure';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { formatMonthKey } from '../../../lib/dates';
import { useNurseryDashboard } from '../api';
import { ReservationList } from './reservation-list';
import { formatCount } from '../../../lib/numbers';
import { Table } from '../../../components/ui/table';

function Figures({ data }: { data: Dashboard }) {
  const open = data.openReservations.reduce((s, r) => s + r.quantity, 0);
  const figures = [
    ['Saplings in stock', data.species.reduce((s, x) => s + x.quantityAvailable, 0)],
    ['Reserved, not yet delivered', open],
    ['Saplings delivered', data.saplingsDelivered],
    ['Drives supplied', data.drivesSupplied],
  ] as const;
  return (
    <dl className="stats stats-vertical w-full shadow-sm sm:stats-horizontal">
      {figures.map(([label, value]) => (
        <div key={label} className="stat">
          <dt className="stat-title text-base-content/80">{label}</dt>
          <dd className="stat-value text-3xl" data-testid={`figure-${label}`}>
            {formatCount(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function StockBySpecies({ data }: { data: Dashboard }) {
  return (
    <section className={sectionCard} aria-labelledby="species-heading">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="species-heading" className="card-title text-lg">
            Stock by species
          </h2>
          <ButtonLink size="sm" variant="secondary" to={NURSERY_PATHS.stock}>
            Manage stock
          </ButtonLink>
        </div>
        {data.species.length === 0 ? (
          <EmptyState>No stock listed yet.</EmptyState>
        ) : (
          <Table caption="Saplings available by species">
            <thead>
              <tr>
                <th scope="col">Species</th>
                <th scope="col">Available</th>
                <th scope="col">Stock lines</th>
              </tr>
            </thead>
            <tbody>
              {data.species.map((s) => (
                <tr key={s.species.value}>
                  <th scope="row">{s.species.label}</th>
                  <td>
                    {formatCount(s.quantityAvailable)}
                    {s.lowStock ? (
                      <span className="badge badge-warning ml-2">
                        Low stock (≤ {data.lowStockAt})
                      </span>
                    ) : null}
                  </td>
                  <td>{s.lines}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
    </section>
  );
}

function Months({ data }: { data: Dashboard }) {
  const { months } = data;
  const reserved = months.reduce((s, m) => s + m.reserved, 0);
  const delivered = months.reduce((s, m) => s + m.delivered, 0);
  return (
    <section className={sectionCard} aria-labelledby="months-heading">
      <div className="card-body gap-3">
        <h2 id="months-heading" className="card-title text-lg">
          Reservations and deliveries
        </h2>
        <ChartFigure
          title="Saplings reserved and delivered per month"
          summary={`Over the last ${months.length} months, ${reserved} saplings reserved and ${delivered} delivered.`}
          testId="nursery-monthly-chart"
          chart={{
            kind: 'bar',
            countAxis: true,
            labels: months.map((m) => formatMonthKey(m.month)),
            series: [
              { label: 'Reserved', data: months.map((m) => m.reserved), tone: 'accent' },
              { label: 'Delivered', data: months.map((m) => m.delivered), tone: 'primary' },
            ],
          }}
          table={{
            columns: ['Month', 'Reserved', 'Delivered'],
            rows: months.map((m) => [m.month, m.reserved, m.delivered]),
          }}
        />
      </div>
    </section>
  );
}

/** The nursery dashboard: figures, open reservations to act on, stock by species, per month. */
export function NurseryDashboard() {
  const dashboard = useNurseryDashboard();
  if (dashboard.isError)
    return (
      <LoadErrorCard
        message={failureMessage(dashboard.error, 'The dashboard could not be loaded just now.')}
        onRetry={() => void dashboard.refetch()}
      />
    );
  const data = dashboard.data;
  if (!data) return <LoadingState label="Loading dashboard…" />;
  return (
    <div className="flex flex-col gap-6">
      <Figures data={data} />
      <section className={sectionCard} aria-labelledby="open-heading">
        <div className="card-body gap-3">
          <h2 id="open-heading" className="card-title text-lg">
            Open reservations
          </h2>
          {data.openReservations.length ? (
            <ReservationList reservations={data.openReservations} show="organiser" />
          ) : (
            <p className={mutedText}>No reservations are waiting for you.</p>
          )}
        </div>
      </section>
      <StockBySpecies data={data} />
      <Months data={data} />
    </div>
  );
}
