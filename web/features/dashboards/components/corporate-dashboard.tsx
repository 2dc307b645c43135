import { FourNumbers } from '../../../components/ui/four-numbers';
import { useState, type ReactNode } from 'react';
import type { CorporateDashboard as Dashboard, Period } from '../../../../contract/dashboards';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { formatCalendarDay } from '../../../lib/dates';
import { useCorporateDashboard } from '../api';
import { formatCount, plural } from '../../../lib/numbers';
import { formatTotals } from '../format';
import { CorporateMonthsChart } from './corporate-months-chart';
import { DashboardDriveList } from './dashboard-drive-list';
import { Section } from './dashboard-section';
import { PeriodForm } from './period-form';
import { StatTiles } from './stat-tiles';

const pct = (n: number | null) => (n === null ? '–' : `${n}%`);

function Figures({ data }: { data: Dashboard }) {
  const { trees } = data;
  return (
    <StatTiles
      label="Organisation figures"
      tiles={[
        {
          title: 'Drives organised',
          value: formatCount(data.drives.upcoming + data.drives.past),
          detail: `${formatCount(data.drives.upcoming)} upcoming · ${formatCount(data.drives.past)} past`,
          testId: 'stat-drives',
        },
        {
          title: 'Participants',
          value: formatCount(data.participants),
          detail: plural(Math.round(data.volunteerHours), 'volunteer hour'),
          testId: 'stat-participants',
        },
        {
          title: 'Trees planted',
          value: formatCount(trees.planted),
          detail:
            trees.planted === 0
              ? 'none registered at your drives yet'
              : `${pct(trees.alivePercent)} alive (${formatCount(trees.alive)}) · ${pct(trees.deadPercent)} dead (${formatCount(trees.dead)})`,
          testId: 'stat-trees',
        },
        {
          title: 'Donations received',
          value: <span className="text-2xl">{formatTotals(data.donations)}</span>,
          detail: `${plural(
            data.donations.reduce((n, d) => n + d.trees, 0),
            'tree donated',
            'trees donated',
          )} · paid only`,
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
  const data = dashboard.data;
  let body: ReactNode;
  if (dashboard.isPending) body = <LoadingState label="Loading your organisation's dashboard…" />;
  else if (dashboard.isError || !data)
    body = (
      <LoadErrorCard
        message={failureMessage(dashboard.error, 'The dashboard could not be loaded just now.')}
        onRetry={() => void dashboard.refetch()}
      />
    );
  else {
    const none = data.drives.upcoming + data.drives.past === 0;
    body = (
      <div className="space-y-6" aria-busy={dashboard.isFetching}>
        <Figures data={data} />
        <FourNumbers
          title="Trees at all your drives, counted honestly"
          numbers={data.fourNumbers}
        />
        {none ? (
          <EmptyState action={addDrive}>
            {period ? 'No drives in this period. ' : 'No drives yet. '}
            {addDrive
              ? 'Use Add Tree Drive to organise one: its place, date, trees and a photo.'
              : 'The organisation’s owners and admins can organise one.'}
            {period ? ' Or choose a longer period.' : ''}
          </EmptyState>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <Section title={`Upcoming drives (${formatCount(data.drives.upcoming)})`}>
              {data.drives.upcomingList.length ? (
                <DashboardDriveList
                  label="Upcoming drives"
                  drives={data.drives.upcomingList}
                  testId="corporate-drive"
                />
              ) : (
                <p className={mutedText}>
                  {period ? 'No upcoming drives in this period.' : 'No upcoming drives.'}
                </p>
              )}
            </Section>
            <Section title={`Past drives (${formatCount(data.drives.past)})`}>
              {data.drives.pastList.length ? (
                <DashboardDriveList
                  label="Past drives"
                  drives={data.drives.pastList}
                  testId="corporate-drive"
                />
              ) : (
                <p className={mutedText}>
                  {period ? 'No drives held in this period.' : 'No drives held yet.'}
                </p>
              )}
            </Section>
          </div>
        )}
        <Section title="Month by month">
          <CorporateMonthsChart months={data.months} />
        </Section>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <Section title="Impact report">
        <p className={mutedText}>
          Choose the first and last day of a period to see its figures below, or download them as a
          report.
        </p>
        <PeriodForm period={period} organisation={organisation} onChange={setPeriod} />
        <p
          className="flex flex-wrap items-center gap-3"
          data-testid="showing-period"
          aria-live="polite"
        >
          <span>
            Showing:{' '}
            <strong>
              {period
                ? `${formatCalendarDay(period.from)} – ${formatCalendarDay(period.to)}`
                : 'all time'}
            </strong>
          </span>
          {period ? (
            <Button size="sm" variant="ghost" onClick={() => setPeriod(null)}>
              Show all time
            </Button>
          ) : null}
        </p>
      </Section>
      {body}
    </div>
  );
}
