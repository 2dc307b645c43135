import { FourNumbers } from '../../../components/ui/four-numbers';
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { IndividualDashboard as Dashboard } from '../../../../contract/dashboards';
import type { CareTaskDue } from '../../../../contract/tree-care';
import { Button, ButtonLink } from '../../../components/ui/button';
import { mutedText, textLink } from '../../../components/ui/looks';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { useCareDueMore, useIndividualDashboard } from '../api';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { rich, useT } from '../../../i18n/use-t';
import { formatCount } from '../../../lib/numbers';
import { dashboardsMessages } from '../messages';
import { formatDay, formatKg, formatTotals, PATHS } from '../format';
import { DashboardDriveList } from './dashboard-drive-list';
import { Section } from './dashboard-section';
import { HistoryChart } from './history-chart';
import { StatTiles } from './stat-tiles';

function Figures({ data }: { data: Dashboard }) {
  const { trees, co2Kg } = data;
  const t = useT(dashboardsMessages);
  const locale = useIntlLocale();
  return (
    <StatTiles
      label={t('ind.figures')}
      tiles={[
        {
          title: t('ind.living'),
          value: formatCount(trees.livingPlants, locale),
          detail: (
            <>
              {t('ind.livingDetail', { alive: trees.livingRecords, records: trees.records })} ·{' '}
              <Link to={PATHS.myForest} className={textLink}>
                {t('ind.seeForest')}
              </Link>
            </>
          ),
          testId: 'stat-living-trees',
        },
        {
          title: t('ind.co2'),
          value: formatKg(co2Kg.mid, locale),
          detail: (
            <>
              {t('ind.co2Detail', {
                low: formatKg(co2Kg.low, locale),
                high: formatKg(co2Kg.high, locale),
              })}{' '}
              ·{' '}
              <Link to={PATHS.impactMethod} className={textLink}>
                {t('ind.howEstimate')}
              </Link>
            </>
          ),
          testId: 'stat-co2',
        },
        {
          title: t('ind.drivesAhead'),
          value: formatCount(data.upcomingDrives.total, locale),
          detail: t('ind.drivesJoined', { count: data.upcomingDrives.total }),
          testId: 'stat-drives',
        },
        {
          title: t('ind.donations'),
          value: <span className="text-2xl">{formatTotals(data.donations, t)}</span>,
          detail: t('ind.donationsDetail', {
            count: data.donations.reduce((n, d) => n + d.trees, 0),
          }),
          testId: 'stat-donations',
        },
      ]}
    />
  );
}

/**
 * The care due now: the dashboard's first tasks with the totals, and "Show more" pages (keyset,
 * GET /api/dashboard/care-due) for the rest, in the same order (most overdue first).
 */
function CareList({
  list,
  renderCareTask,
}: {
  list: Dashboard['careDue'];
  renderCareTask: (task: CareTaskDue) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const t = useT(dashboardsMessages);
  const more = useCareDueMore(list.nextCursor, open);
  const seen = new Set<string>();
  const tasks = [
    ...list.tasks,
    ...(open && list.nextCursor ? (more.data?.pages.flatMap((p) => p.data.tasks) ?? []) : []),
  ].filter((task) => {
    const key = `${task.treeId}-${task.task}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const canShowMore = list.nextCursor !== null && (!open || more.hasNextPage || more.isPending);
  const remaining = Math.max(0, list.total - tasks.length);
  return (
    <div className="space-y-3">
      <p className={mutedText} data-testid="care-totals">
        {t('care.totals', { count: list.total })}
        {list.overdue > 0 ? t('care.overdue', { count: list.overdue }) : ''}
        {list.dueThisWeek > 0 ? t('care.thisWeek', { count: list.dueThisWeek }) : ''}
      </p>
      <ul className="divide-y divide-base-300" aria-label={t('care.label')}>
        {tasks.map((task) => (
          <Fragment key={`${task.treeId}-${task.task}`}>{renderCareTask(task)}</Fragment>
        ))}
      </ul>
      {more.isError ? (
        <LoadErrorCard
          message={failureMessage(more.error, t('care.moreFailed'))}
          onRetry={() => void more.refetch()}
        />
      ) : null}
      {canShowMore && remaining > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            size="sm"
            busy={more.isFetching}
            busyLabel={t('care.loading')}
            onClick={() => {
              if (!open) setOpen(true);
              else void more.fetchNextPage();
            }}
          >
            {t('care.showMore')}
          </Button>
          <span className={`text-sm ${mutedText}`}>
            {t('care.showing', { shown: tasks.length, total: list.total })}
          </span>
        </div>
      ) : null}
    </div>
  );
}

/**
 * A member's dashboard from GET /api/dashboard/individual. Care tasks are drawn by the page with
 * the trees feature's row (its Done button), so acting on them happens here, in place.
 */
export function IndividualDashboard({
  renderCareTask,
}: {
  /** One `<li>` per task (the page passes the trees feature's row). */
  renderCareTask: (task: CareTaskDue) => ReactNode;
}) {
  const dashboard = useIndividualDashboard();
  const t = useT(dashboardsMessages);
  const locale = useIntlLocale();
  if (dashboard.isPending) return <LoadingState label={t('ind.loading')} />;
  if (dashboard.isError)
    return (
      <LoadErrorCard
        message={failureMessage(dashboard.error, t('ind.failed'))}
        onRetry={() => void dashboard.refetch()}
      />
    );
  const data = dashboard.data;
  const noTrees = data.trees.records === 0;
  // A brand-new member: nothing to chart yet, one honest line instead of tiles of zeros.
  const nothingYet =
    noTrees &&
    data.donations.length === 0 &&
    data.upcomingDrives.total === 0 &&
    data.fourNumbers.treesFunded === 0;
  return (
    <div className="space-y-6">
      {/* Nothing can be due without a tree: the forest above offers to register one. */}
      {noTrees ? null : (
        <Section title={t('care.title')} id="care-due">
          {data.careDue.total === 0 ? (
            <p className={mutedText}>{t('care.nothing')}</p>
          ) : (
            <CareList list={data.careDue} renderCareTask={renderCareTask} />
          )}
        </Section>
      )}

      {data.replanting.length > 0 ? (
        <Section title={t('replant.title')} id="replanting">
          <ul className="divide-y divide-base-300" aria-label={t('replant.label')}>
            {data.replanting.map(({ tree, diedAt }) => {
              const name = tree.name ?? tree.species.label;
              return (
                <li
                  key={tree.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                  data-testid="dashboard-replanting-task"
                >
                  <p>
                    {rich(
                      diedAt
                        ? t('replant.diedOn', { name, date: formatDay(diedAt, locale) })
                        : t('replant.died', { name }),
                      {
                        tree: (chunk) => (
                          <Link to={PATHS.tree(tree.id)} className={textLink}>
                            {chunk}
                          </Link>
                        ),
                      },
                    )}
                  </p>
                  <ButtonLink
                    to={PATHS.replant(tree.id)}
                    size="sm"
                    aria-label={t('replant.aria', { name })}
                  >
                    {t('replant.button')}
                  </ButtonLink>
                </li>
              );
            })}
          </ul>
          {data.replantingTotal > data.replanting.length ? (
            <Link to={PATHS.myTreesReplanting} className={textLink}>
              {t('replant.seeAll', { count: data.replantingTotal })}
            </Link>
          ) : null}
        </Section>
      ) : null}

      <h2 className="pt-2 text-xl font-bold" id="your-impact">
        {t('yourImpact')}
      </h2>
      {nothingYet ? (
        <div data-testid="impact-empty">
          <EmptyState>{t('ind.nothing')}</EmptyState>
        </div>
      ) : (
        <>
          <Figures data={data} />
          <FourNumbers
            title={t('ind.fourNumbers')}
            numbers={data.fourNumbers}
            unconfirmed={data.treesUnconfirmed}
          />
          <Section title={t('ind.history')}>
            {noTrees ? (
              <EmptyState action={<ButtonLink to={PATHS.register}>{t('ind.register')}</ButtonLink>}>
                {t('ind.historyEmpty')}
              </EmptyState>
            ) : (
              <HistoryChart history={data.history} />
            )}
          </Section>
        </>
      )}

      {nothingYet ? null : (
        <div className="grid gap-6 lg:grid-cols-2">
          <Section title={t('ind.drivesTitle')}>
            {data.upcomingDrives.drives.length === 0 ? (
              <EmptyState
                action={<ButtonLink to={PATHS.plantations}>{t('ind.findDrive')}</ButtonLink>}
              >
                {t('ind.noDrives')}
              </EmptyState>
            ) : (
              <>
                <DashboardDriveList
                  label={t('ind.drivesTitle')}
                  drives={data.upcomingDrives.drives}
                  testId="dashboard-drive"
                />
                {data.upcomingDrives.total > data.upcomingDrives.drives.length ? (
                  <Link to={PATHS.myPlantations} className={textLink}>
                    {t('ind.seeAllDrives', { count: data.upcomingDrives.total })}
                  </Link>
                ) : null}
              </>
            )}
          </Section>

          <Section title={t('ind.donationsTitle')}>
            {data.donations.length === 0 ? (
              <EmptyState action={<ButtonLink to={PATHS.donate}>{t('ind.donate')}</ButtonLink>}>
                {t('ind.noDonations')}
              </EmptyState>
            ) : (
              <>
                <ul aria-label={t('ind.byCurrency')} className="space-y-1">
                  {data.donations.map((d) => (
                    <li key={d.currency}>
                      <span className="font-semibold">{formatTotals([d], t)}</span>{' '}
                      <span className={mutedText}>
                        {d.trees > 0
                          ? t('ind.inDonationsTrees', { count: d.donations, trees: d.trees })
                          : t('ind.inDonations', { count: d.donations })}
                      </span>
                    </li>
                  ))}
                </ul>
                <p className="flex flex-wrap gap-3">
                  <Link to={PATHS.transactions} className={textLink}>
                    {t('ind.transactions')}
                  </Link>
                  <Link to={PATHS.donate} className={textLink}>
                    {t('ind.donateAgain')}
                  </Link>
                </p>
              </>
            )}
          </Section>
        </div>
      )}
    </div>
  );
}
