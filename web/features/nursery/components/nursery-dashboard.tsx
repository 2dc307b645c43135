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
import { formatCount } from '../../../lib/numbers';
import { useT } from '../../../i18n/use-t';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { nurseryMessages } from '../messages';
import { Table } from '../../../components/ui/table';

function Figures({ data }: { data: Dashboard }) {
  const t = useT(nurseryMessages);
  const locale = useIntlLocale();
  const open = data.openReservations.reduce((s, r) => s + r.quantity, 0);
  const figures = [
    ['inStock', 'Saplings in stock', data.species.reduce((s, x) => s + x.quantityAvailable, 0)],
    ['reserved', 'Reserved, not yet delivered', open],
    ['delivered', 'Saplings delivered', data.saplingsDelivered],
    ['drives', 'Drives supplied', data.drivesSupplied],
  ] as const;
  return (
    <dl className="stats stats-vertical w-full shadow-sm sm:stats-horizontal">
      {/* The test id keeps the English name, whatever the language. */}
      {figures.map(([key, id, value]) => (
        <div key={key} className="stat">
          <dt className="stat-title text-base-content/80">{t(`figures.${key}`)}</dt>
          <dd className="stat-value text-3xl" data-testid={`figure-${id}`}>
            {formatCount(value, locale)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function StockBySpecies({ data }: { data: Dashboard }) {
  const t = useT(nurseryMessages);
  const locale = useIntlLocale();
  return (
    <section className={sectionCard} aria-labelledby="species-heading">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="species-heading" className="card-title text-lg">
            {t('species.heading')}
          </h2>
          <ButtonLink size="sm" variant="secondary" to={NURSERY_PATHS.stock}>
            {t('species.manage')}
          </ButtonLink>
        </div>
        {data.species.length === 0 ? (
          <EmptyState>{t('species.empty')}</EmptyState>
        ) : (
          <Table caption={t('species.caption')}>
            <thead>
              <tr>
                <th scope="col">{t('species.species')}</th>
                <th scope="col">{t('species.available')}</th>
                <th scope="col">{t('species.lines')}</th>
              </tr>
            </thead>
            <tbody>
              {data.species.map((s) => (
                <tr key={s.species.value}>
                  <th scope="row">{s.species.label}</th>
                  <td>
                    {formatCount(s.quantityAvailable, locale)}
                    {s.lowStock ? (
                      <span className="badge badge-warning ml-2">
                        {t('species.lowAt', { at: data.lowStockAt })}
                      </span>
                    ) : null}
                  </td>
                  <td>{formatCount(s.lines, locale)}</td>
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
  const t = useT(nurseryMessages);
  const locale = useIntlLocale();
  const { months } = data;
  const reserved = months.reduce((s, m) => s + m.reserved, 0);
  const delivered = months.reduce((s, m) => s + m.delivered, 0);
  if (reserved + delivered === 0)
    return (
      <section className={sectionCard} aria-labelledby="months-heading">
        <div className="card-body gap-3">
          <h2 id="months-heading" className="card-title text-lg">
            {t('months.heading')}
          </h2>
          <EmptyState>{t('months.empty', { count: months.length })}</EmptyState>
        </div>
      </section>
    );
  return (
    <section className={sectionCard} aria-labelledby="months-heading">
      <div className="card-body gap-3">
        <h2 id="months-heading" className="card-title text-lg">
          {t('months.heading')}
        </h2>
        <ChartFigure
          title={t('months.title')}
          summary={t('months.summary', { months: months.length, reserved, delivered })}
          testId="nursery-monthly-chart"
          chart={{
            kind: 'bar',
            countAxis: true,
            labels: months.map((m) => formatMonthKey(m.month, locale)),
            series: [
              { label: t('months.reserved'), data: months.map((m) => m.reserved), tone: 'accent' },
              {
                label: t('months.delivered'),
                data: months.map((m) => m.delivered),
                tone: 'primary',
              },
            ],
          }}
          table={{
            columns: [t('months.month'), t('months.reserved'), t('months.delivered')],
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
  const t = useT(nurseryMessages);
  const locale = useIntlLocale();
  return (
    <section className={sectionCard} aria-labelledby="next-heading" data-testid="nursery-next">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="next-heading" className="card-title text-lg">
            {t('next.heading')}
          </h2>
          <ButtonLink size="sm" to={NURSERY_PATHS.stock}>
            {t('next.addStock')}
          </ButtonLink>
        </div>
        <ul className="flex flex-col gap-2" aria-label={t('next.list')}>
          {toConfirm.length > 0 ? (
            <li data-testid="nursery-to-confirm">
              <span className="font-semibold">
                {t('next.toConfirm', { count: toConfirm.length })}
              </span>{' '}
              ·{' '}
              <a href="#open-heading" className={textLink}>
                {t('next.seeOpen')}
              </a>
            </li>
          ) : null}
          {soonest ? (
            <li data-testid="nursery-to-deliver">
              <span className="font-semibold">
                {t('next.toDeliver', { count: toDeliver.length })}
              </span>
              {t('next.firstFor', {
                drive: soonest.drive.name,
                date: formatDate(soonest.drive.startsAt, locale),
                quantity: soonest.quantity,
                species: soonest.stock.species.label,
              })}
            </li>
          ) : null}
          {low.length > 0 ? (
            <li data-testid="nursery-low-stock">
              <span className="font-semibold">{t('next.runningLow')}</span>{' '}
              {low
                .map((s) =>
                  t('next.left', { species: s.species.label, count: s.quantityAvailable }),
                )
                .join(', ')}
            </li>
          ) : null}
          {data.species.length === 0 ? (
            <li>
              <span className="font-semibold">{t('next.noStock')}</span>{' '}
              <span className={mutedText}>{t('next.noStockHint')}</span>
            </li>
          ) : null}
          {toConfirm.length + toDeliver.length + low.length === 0 && data.species.length > 0 ? (
            <li className={mutedText}>{t('next.nothing')}</li>
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
  const t = useT(nurseryMessages);
  if (dashboard.isError)
    return (
      <LoadErrorCard
        message={failureMessage(dashboard.error, t('dashboard.failed'))}
        onRetry={() => void dashboard.refetch()}
      />
    );
  const data = dashboard.data;
  if (!data) return <LoadingState label={t('dashboard.loading')} />;
  return (
    <div className="flex flex-col gap-6">
      <NextSteps data={data} extra={extra} />
      <section className={sectionCard} aria-labelledby="open-heading">
        <div className="card-body gap-3">
          <h2 id="open-heading" className="card-title text-lg">
            {t('dashboard.open')}
          </h2>
          {data.openReservations.length ? (
            <ReservationList reservations={data.openReservations} show="organiser" />
          ) : (
            <p className={mutedText}>{t('dashboard.noOpen')}</p>
          )}
        </div>
      </section>
      <Figures data={data} />
      <StockBySpecies data={data} />
      <Months data={data} />
    </div>
  );
}
