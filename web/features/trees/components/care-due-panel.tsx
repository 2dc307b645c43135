import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ACTION_FOR_TASK, type CareTaskDue } from '../../../../contract/tree-care';
import { Button } from '../../../components/ui/button';
import { MoreButton } from '../../../components/ui/more-button';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { distinctItems, useCareDue, useLogCare } from '../api';
import { formatDay, TASK_LABELS, treePath } from '../format';
import { failureMessage } from '../../../lib/api-client';
import { toastOutcome } from './field-outcome';

function when(task: CareTaskDue): string {
  if (task.overdueDays > 0)
    return `${task.overdueDays === 1 ? '1 day' : `${task.overdueDays} days`} overdue`;
  return 'Due today';
}

export function TaskRow({ task }: { task: CareTaskDue }) {
  const logCare = useLogCare();
  const action =
    task.task === 'measure' || task.task === 'checkup' ? null : ACTION_FOR_TASK[task.task];
  const what = `${TASK_LABELS[task.task]} ${task.treeName}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="care-task">
      <div>
        <p className="font-semibold">
          {TASK_LABELS[task.task]}{' '}
          <Link to={treePath(task.treeId)} className={textLink}>
            {task.treeName}
          </Link>
        </p>
        <p className={`text-sm ${mutedText}`}>
          {when(task)}
          {task.lastDoneAt ? ` · last done ${formatDay(task.lastDoneAt)}` : ' · not done yet'}
        </p>
      </div>
      {action ? (
        <Button
          size="sm"
          aria-label={`Done: ${what}`}
          busy={logCare.isPending}
          busyLabel="Saving…"
          // The row goes once the list refreshes, so the outcome is told from the promise (a
          // mutate callback would not run after the row unmounted).
          onClick={() =>
            void logCare
              .mutateAsync({ id: task.treeId, body: { action } })
              .then(toastOutcome, (error: unknown) => toast.error(failureMessage(error)))
          }
        >
          Done
        </Button>
      ) : (
        <Link
          to={treePath(task.treeId)}
          className={textLink}
          aria-label={`Add a measurement for ${task.treeName}`}
        >
          Add a measurement
        </Link>
      )}
    </li>
  );
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The care due today (and overdue), most overdue first, each done with one click: the first
 * tasks with the totals, and "Show more" for the next page (keyset) while there are more.
 */
export function CareDuePanel() {
  const headingId = useId();
  const due = useCareDue();
  const first = due.data?.pages[0];
  const tasks = distinctItems(due.data?.pages, (task) => `${task.treeId}-${task.task}`);
  let body;
  if (due.isPending) body = <LoadingState label="Loading the care due…" />;
  else if (due.isError && !first)
    body = (
      <LoadErrorCard
        message={failureMessage(due.error, 'The care due could not be loaded just now.')}
        onRetry={() => void due.refetch()}
      />
    );
  else if (!first || first.total === 0)
    body = <p className={mutedText}>Nothing is due today. Your trees are looked after.</p>;
  else
    body = (
      <>
        <p className={`text-sm ${mutedText}`} data-testid="care-totals">
          {count(first.total, 'task due', 'tasks due')}
          {first.overdue > 0 ? ` · ${first.overdue.toLocaleString('en-US')} overdue` : ''}
          {first.dueThisWeek > 0
            ? ` · ${count(first.dueThisWeek, 'more falls', 'more fall')} due this week`
            : ''}
        </p>
        <ul className="divide-y divide-base-300" aria-labelledby={headingId}>
          {tasks.map((task) => (
            <TaskRow key={`${task.treeId}-${task.task}`} task={task} />
          ))}
        </ul>
        {due.isFetchNextPageError ? (
          <p className={`text-sm ${mutedText}`} role="alert">
            More care tasks could not be loaded just now.
          </p>
        ) : null}
        <MoreButton pages={due} shown={tasks.length} total={first.total} size="sm" />
      </>
    );
  return (
    <section className={sectionCard} aria-labelledby={headingId} id="care-due">
      <div className="card-body gap-3">
        <h2 id={headingId} className="text-xl font-bold">
          Care due today
        </h2>
        {body}
      </div>
    </section>
  );
}
