import type { ReactNode } from 'react';
import type { NurseryDashboard as Dashboard } from '../../../../contract/nursery';
import { NURSERY_PATHS } from '../../../../contract/nursery';
import { ButtonLink } from '../../../components/ui/button';
import { ChartFigure } from '../../../components/ui/charts/chart-figure';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { formatDate, formatMonthKey } from '../../../lib/dates';
import { useNurseryDashboard } from '../api';
import { ReservationList } from './reservation-list';
import { formatCount, plural } from '../../../lib/numbers';
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
  if (reserved + delivered === 0)
    return (
      <section className={sectionCard} aria-labelledby="months-heading">
        <div className="card-body gap-3">
          <h2 id="months-heading" className="card-title text-lg">
            Reservations and deliveries
          </h2>
          <EmptyState>
            No saplings reserved or delivered in the last {plural(months.length, 'month')}.
            Organisers reserve your stock from their drive&apos;s page once it is listed.
          </EmptyState>
        </div>
      </section>
    );
  return (
    <section className={sectionCard} aria-labelledby="months-heading">
      <div className="card-body gap-3">
        <h2 id="months-heading" className="card-title text-lg">
          Reservations and deliveries
        </h2>
        <ChartFigure
          title="Saplings reserved and delivered per month"
          summary={`Over the last ${plural(months.length, 'month')}, ${plural(reserved, 'sapling')} reserved and ${formatCount(delivered)} delivered.`}
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

/**
 * What the nursery does next (issue 23), first on its home: reservations to confirm and to
 * deliver, the species running low with "Add stock", and what the page adds (`extra`: trees
 * waiting for its verification).
 */
function NextSteps({ data, extra }: { data: Dashboard; extra?: ReactNode }) {
  const toConfirm = data.openReservations.filter((r) => r.actions.includes('confirm'));
  const toDeliver = data.openReservations
    .filter((r) => r.actions.includes('deliver'))
    .sort((a, b) => a.drive.startsAt.localeCompare(b.drive.startsAt));
  const low = data.species.filter((s) => s.lowStock);
  const soonest = toDeliver[0];
  return (
    <section className={sectionCard} aria-labelledby="next-heading" data-testid="nursery-next">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="next-heading" className="card-title text-lg">
            What’s next
          </h2>
          <ButtonLink size="sm" to={NURSERY_PATHS.stock}>
            Add stock
          </ButtonLink>
        </div>
        <ul className="flex flex-col gap-2" aria-label="What waits for you">
          {toConfirm.length > 0 ? (
            <li data-testid="nursery-to-confirm">
              <span className="font-semibold">
                {plural(toConfirm.length, 'reservation')} to confirm or decline
              </span>{' '}
              ·{' '}
              <a href="#open-heading" className={textLink}>
                see open reservations
              </a>
            </li>
          ) : null}
          {soonest ? (
            <li data-testid="nursery-to-deliver">
              <span className="font-semibold">
                {plural(toDeliver.length, 'reservation')} to deliver
              </span>
              , the first for “{soonest.drive.name}” on {formatDate(soonest.drive.startsAt)} (
              {plural(soonest.quantity, 'sapling')} of {soonest.stock.species.label})
            </li>
          ) : null}
          {low.length > 0 ? (
            <li data-testid="nursery-low-stock">
              <span className="font-semibold">Running low:</span>{' '}
              {low
                .map((s) => `${s.species.label} (${formatCount(s.quantityAvailable)} left)`)
                .join(', ')}
            </li>
          ) : null}
          {data.species.length === 0 ? (
            <li>
              <span className="font-semibold">No stock listed yet.</span>{' '}
              <span className={mutedText}>
                Add stock so drive organisers near you can reserve your saplings.
              </span>
            </li>
          ) : null}
          {toConfirm.length + toDeliver.length + low.length === 0 && data.species.length > 0 ? (
            <li className={mutedText}>
              No reservation waits for you and no species is running low.
            </li>
          ) : null}
        </ul>
        {extra}
      </div>
    </section>
  );
}

/**
 * The nursery's home: what it does next, open reservations to act on, figures, stock by species,
 * per month. `extra` joins the next steps (the page's verification line).
 */
export function NurseryDashboard({ extra }: { extra?: ReactNode } = {}) {
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
      <NextSteps data={data} extra={extra} />
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
      <Figures data={data} />
      <StockBySpecies data={data} />
      <Months data={data} />
    </div>
  );
}
