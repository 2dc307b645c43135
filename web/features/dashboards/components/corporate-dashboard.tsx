import { FourNumbers } from '../../../components/ui/four-numbers';
import { useState, type ReactNode } from 'react';
import type { CorporateDashboard as Dashboard, Period } from '../../../../contract/dashboards';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { formatCalendarDay } from '../../../lib/dates';
import { useCorporateDashboard } from '../api';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { rich, useT } from '../../../i18n/use-t';
import { formatCount } from '../../../lib/numbers';
import { dashboardsMessages } from '../messages';
import { formatTotals } from '../format';
import { CorporateMonthsChart } from './corporate-months-chart';
import { DashboardDriveList } from './dashboard-drive-list';
import { Section } from './dashboard-section';
import { PeriodForm } from './period-form';
import { StatTiles } from './stat-tiles';

const pct = (n: number | null) => (n === null ? '–' : `${n}%`);

function Figures({ data }: { data: Dashboard }) {
  const { trees } = data;
  const t = useT(dashboardsMessages);
  const locale = useIntlLocale();
  return (
    <StatTiles
      label={t('corp.figures')}
      tiles={[
        {
          title: t('corp.drives'),
          value: formatCount(data.drives.upcoming + data.drives.past, locale),
          detail: t('corp.drivesDetail', {
            upcoming: data.drives.upcoming,
            past: data.drives.past,
          }),
          testId: 'stat-drives',
        },
        {
          title: t('corp.participants'),
          value: formatCount(data.participants, locale),
          detail: t('corp.hours', { count: Math.round(data.volunteerHours) }),
          testId: 'stat-participants',
        },
        {
          title: t('corp.trees'),
          value: formatCount(trees.planted, locale),
          detail:
            trees.planted === 0
              ? t('corp.treesNone')
              : t('corp.treesDetail', {
                  alivePct: pct(trees.alivePercent),
                  alive: trees.alive,
                  deadPct: pct(trees.deadPercent),
                  dead: trees.dead,
                }),
          testId: 'stat-trees',
        },
        {
          title: t('corp.donations'),
          value: <span className="text-2xl">{formatTotals(data.donations, t)}</span>,
          detail: t('corp.donationsDetail', {
            count: data.donations.reduce((n, d) => n + d.trees, 0),
          }),
          testId: 'stat-donations',
        },
      ]}
    />
  );
}

/**
 * An organisation's dashboard from GET /api/dashboard/corporate, for a chosen period: the named
 * organisation's (one the viewer may see), or the viewer's default when none is named.
 */
export function CorporateDashboard({
  organisation,
  addDrive,
}: {
  organisation?: string | undefined;
  /** The page's "Add Tree Drive" button (the drive form's), offered by the empty states. */
  addDrive?: ReactNode;
}) {
  // All time until a period is chosen (its fields stay empty until then).
  const [period, setPeriod] = useState<Period | null>(null);
  const dashboard = useCorporateDashboard(organisation, period);
  const t = useT(dashboardsMessages);
  const locale = useIntlLocale();
  const data = dashboard.data;
  let body: ReactNode;
  if (dashboard.isPending) body = <LoadingState label={t('corp.loading')} />;
  else if (dashboard.isError || !data)
    body = (
      <LoadErrorCard
        message={failureMessage(dashboard.error, t('corp.failed'))}
        onRetry={() => void dashboard.refetch()}
      />
    );
  else {
    const none = data.drives.upcoming + data.drives.past === 0;
    body = (
      <div className="space-y-6" aria-busy={dashboard.isFetching}>
        <Figures data={data} />
        <FourNumbers title={t('corp.fourNumbers')} numbers={data.fourNumbers} />
        {none ? (
          <EmptyState action={addDrive}>
            {period ? t('corp.noDrivesPeriod') : t('corp.noDrives')}
            {addDrive ? t('corp.organiseAdd') : t('corp.organiseOwners')}
            {period ? t('corp.longerPeriod') : ''}
          </EmptyState>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <Section title={t('corp.upcomingTitle', { count: data.drives.upcoming })}>
              {data.drives.upcomingList.length ? (
                <DashboardDriveList
                  label={t('corp.upcoming')}
                  drives={data.drives.upcomingList}
                  testId="corporate-drive"
                />
              ) : (
                <p className={mutedText}>
                  {period ? t('corp.noUpcomingPeriod') : t('corp.noUpcoming')}
                </p>
              )}
            </Section>
            <Section title={t('corp.pastTitle', { count: data.drives.past })}>
              {data.drives.pastList.length ? (
                <DashboardDriveList
                  label={t('corp.past')}
                  drives={data.drives.pastList}
                  testId="corporate-drive"
                />
              ) : (
                <p className={mutedText}>{period ? t('corp.noPastPeriod') : t('corp.noPast')}</p>
              )}
            </Section>
          </div>
        )}
        <Section title={t('corp.months')}>
          <CorporateMonthsChart months={data.months} />
        </Section>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <Section title={t('corp.report')}>
        <p className={mutedText}>{t('corp.reportHint')}</p>
        <PeriodForm period={period} organisation={organisation} onChange={setPeriod} />
        <p
          className="flex flex-wrap items-center gap-3"
          data-testid="showing-period"
          aria-live="polite"
        >
          <span>
            {rich(
              t('corp.showing', {
                period: period
                  ? t('range', {
                      low: formatCalendarDay(period.from, locale),
                      high: formatCalendarDay(period.to, locale),
                    })
                  : t('corp.allTime'),
              }),
              { strong: (chunk) => <strong>{chunk}</strong> },
            )}
          </span>
          {period ? (
            <Button size="sm" variant="ghost" onClick={() => setPeriod(null)}>
              {t('corp.showAllTime')}
            </Button>
          ) : null}
        </p>
      </Section>
      {body}
    </div>
  );
}
