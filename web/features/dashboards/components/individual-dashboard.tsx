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
import { formatCount, plural } from '../../../lib/numbers';
import { formatDay, formatKg, formatTotals, PATHS } from '../format';
import { DashboardDriveList } from './dashboard-drive-list';
import { Section } from './dashboard-section';
import { HistoryChart } from './history-chart';
import { StatTiles } from './stat-tiles';

function Figures({ data }: { data: Dashboard }) {
  const { trees, co2Kg } = data;
  return (
    <StatTiles
      label="My figures"
      tiles={[
        {
          title: 'My living trees',
          value: formatCount(trees.livingPlants),
          detail: (
            <>
              {formatCount(trees.livingRecords)} of {formatCount(trees.records)} registrations alive
              ·{' '}
              <Link to={PATHS.myForest} className={textLink}>
                see my forest
              </Link>
            </>
          ),
          testId: 'stat-living-trees',
        },
        {
          title: 'CO₂ stored',
          value: formatKg(co2Kg.mid),
          detail: (
            <>
              likely {formatKg(co2Kg.low)} – {formatKg(co2Kg.high)}, plants alive at last check ·{' '}
              <Link to={PATHS.impactMethod} className={textLink}>
                how we estimate
              </Link>
            </>
          ),
          testId: 'stat-co2',
        },
        {
          title: 'Drives ahead',
          value: formatCount(data.upcomingDrives.total),
          detail: data.upcomingDrives.total === 1 ? 'drive you joined' : 'drives you joined',
          testId: 'stat-drives',
        },
        {
          title: 'My donations',
          value: <span className="text-2xl">{formatTotals(data.donations)}</span>,
          detail: `${plural(
            data.donations.reduce((n, d) => n + d.trees, 0),
            'tree given',
            'trees given',
          )} · paid only`,
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
        {plural(list.total, 'task due', 'tasks due')}
        {list.overdue > 0 ? ` · ${formatCount(list.overdue)} overdue` : ''}
        {list.dueThisWeek > 0
          ? ` · ${plural(list.dueThisWeek, 'more falls', 'more fall')} due this week`
          : ''}
      </p>
      <ul className="divide-y divide-base-300" aria-label="Care due today">
        {tasks.map((task) => (
          <Fragment key={`${task.treeId}-${task.task}`}>{renderCareTask(task)}</Fragment>
        ))}
      </ul>
      {more.isError ? (
        <LoadErrorCard
          message={failureMessage(more.error, 'More care tasks could not be loaded just now.')}
          onRetry={() => void more.refetch()}
        />
      ) : null}
      {canShowMore && remaining > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            size="sm"
            busy={more.isFetching}
            busyLabel="Loading…"
            onClick={() => {
              if (!open) setOpen(true);
              else void more.fetchNextPage();
            }}
          >
            Show more
          </Button>
          <span className={`text-sm ${mutedText}`}>
            Showing {formatCount(tasks.length)} of {formatCount(list.total)}
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
  if (dashboard.isPending) return <LoadingState label="Loading your dashboard…" />;
  if (dashboard.isError)
    return (
      <LoadErrorCard
        message={failureMessage(dashboard.error, 'Your dashboard could not be loaded just now.')}
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
        <Section title="Care due today" id="care-due">
          {data.careDue.total === 0 ? (
            <p className={mutedText}>Nothing is due today. Your trees are looked after.</p>
          ) : (
            <CareList list={data.careDue} renderCareTask={renderCareTask} />
          )}
        </Section>
      )}

      {data.replanting.length > 0 ? (
        <Section title="Replanting" id="replanting">
          <ul className="divide-y divide-base-300" aria-label="Replanting tasks">
            {data.replanting.map(({ tree, diedAt }) => {
              const name = tree.name ?? tree.species.label;
              return (
                <li
                  key={tree.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                  data-testid="dashboard-replanting-task"
                >
                  <p>
                    <Link to={PATHS.tree(tree.id)} className={textLink}>
                      {name}
                    </Link>{' '}
                    died{diedAt ? ` (reported ${formatDay(diedAt)})` : ''}
                  </p>
                  <ButtonLink to={PATHS.replant(tree.id)} size="sm" aria-label={`Replant ${name}`}>
                    Replant
                  </ButtonLink>
                </li>
              );
            })}
          </ul>
          {data.replantingTotal > data.replanting.length ? (
            <Link to={PATHS.myTreesReplanting} className={textLink}>
              See all {formatCount(data.replantingTotal)} replanting tasks
            </Link>
          ) : null}
        </Section>
      ) : null}

      <h2 className="pt-2 text-xl font-bold" id="your-impact">
        Your impact
      </h2>
      {nothingYet ? (
        <div data-testid="impact-empty">
          <EmptyState>
            Nothing to count yet. The trees you fund, plant and look after, the CO₂ they store and
            the drives you join will be counted here.
          </EmptyState>
        </div>
      ) : (
        <>
          <Figures data={data} />
          <FourNumbers
            title="My trees, counted honestly"
            numbers={data.fourNumbers}
            unconfirmed={data.treesUnconfirmed}
          />
          <Section title="My trees and CO₂ over time">
            {noTrees ? (
              <EmptyState action={<ButtonLink to={PATHS.register}>Register a tree</ButtonLink>}>
                Your trees and the CO₂ they store will be charted here month by month.
              </EmptyState>
            ) : (
              <HistoryChart history={data.history} />
            )}
          </Section>
        </>
      )}

      {nothingYet ? null : (
        <div className="grid gap-6 lg:grid-cols-2">
          <Section title="Drives I joined">
            {data.upcomingDrives.drives.length === 0 ? (
              <EmptyState
                action={<ButtonLink to={PATHS.plantations}>Find a drive to join</ButtonLink>}
              >
                You have no drives ahead. Join a tree drive near you to plant with others.
              </EmptyState>
            ) : (
              <>
                <DashboardDriveList
                  label="Drives I joined"
                  drives={data.upcomingDrives.drives}
                  testId="dashboard-drive"
                />
                {data.upcomingDrives.total > data.upcomingDrives.drives.length ? (
                  <Link to={PATHS.myPlantations} className={textLink}>
                    See all {formatCount(data.upcomingDrives.total)} drives
                  </Link>
                ) : null}
              </>
            )}
          </Section>

          <Section title="My donations">
            {data.donations.length === 0 ? (
              <EmptyState action={<ButtonLink to={PATHS.donate}>Donate trees</ButtonLink>}>
                You have not donated yet. Fund trees for a drive or the general fund.
              </EmptyState>
            ) : (
              <>
                <ul aria-label="Donations by currency" className="space-y-1">
                  {data.donations.map((d) => (
                    <li key={d.currency}>
                      <span className="font-semibold">{formatTotals([d])}</span>{' '}
                      <span className={mutedText}>
                        in {plural(d.donations, 'paid donation')}
                        {d.trees > 0 ? `, ${plural(d.trees, 'tree')}` : ''}
                      </span>
                    </li>
                  ))}
                </ul>
                <p className="flex flex-wrap gap-3">
                  <Link to={PATHS.transactions} className={textLink}>
                    See my transactions
                  </Link>
                  <Link to={PATHS.donate} className={textLink}>
                    Donate again
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
