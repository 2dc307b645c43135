import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { ACTION_FOR_TASK, type CareTaskDue } from '../../../../contract/tree-care';
import { Button } from '../../../components/ui/button';
import { MoreButton } from '../../../components/ui/more-button';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { distinctItems, useCareDue, useLogCare } from '../api';
import { formatDay, treePath } from '../format';
import { failureMessage } from '../../../lib/api-client';
import { useToastOutcome } from './field-outcome';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { rich, useT } from '../../../i18n/use-t';
import { treeCareMessages, type TreeCareT } from '../messages';

/** "2 days overdue · last done 3 Mar 2026". */
function when(t: TreeCareT, task: CareTaskDue, locale: string | undefined): string {
  const due =
    task.overdueDays > 0 ? t('task.overdue', { days: task.overdueDays }) : t('task.dueToday');
  const last = task.lastDoneAt
    ? t('task.lastDone', { day: formatDay(task.lastDoneAt, locale) })
    : t('task.notDone');
  return `${due} · ${last}`;
}

export function TaskRow({ task }: { task: CareTaskDue }) {
  const logCare = useLogCare();
  const t = useT(treeCareMessages);
  const locale = useIntlLocale();
  const toastOutcome = useToastOutcome();
  const action =
    task.task === 'measure' || task.task === 'checkup' ? null : ACTION_FOR_TASK[task.task];
  const line = t(`task.${task.task}`, { tree: task.treeName });
  const what = line.replace(/<\/?\w+>/g, '');
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="care-task">
      <div>
        <p className="font-semibold">
          {rich(line, {
            link: (name) => (
              <Link to={treePath(task.treeId)} className={textLink}>
                {name}
              </Link>
            ),
          })}
        </p>
        <p className={`text-sm ${mutedText}`}>{when(t, task, locale)}</p>
      </div>
      {action ? (
        <Button
          size="sm"
          aria-label={t('task.doneLabel', { what })}
          busy={logCare.isPending}
          busyLabel={t('form.saving')}
          // The row goes once the list refreshes, so the outcome is told from the promise (a
          // mutate callback would not run after the row unmounted).
          onClick={() =>
            void logCare
              .mutateAsync({
                id: task.treeId,
                body: { action },
                label: t('careForm.queue', { title: task.treeName }),
              })
              .then(toastOutcome, (error: unknown) => toast.error(failureMessage(error)))
          }
        >
          {t('task.done')}
        </Button>
      ) : (
        <Link
          to={treePath(task.treeId)}
          className={textLink}
          aria-label={t('task.measureLabel', { tree: task.treeName })}
        >
          {t('task.addMeasurement')}
        </Link>
      )}
    </li>
  );
}

/**
 * The care due today (and overdue), most overdue first, each done with one click: the first
 * tasks with the totals, and "Show more" for the next page (keyset) while there are more.
 */
export function CareDuePanel() {
  const headingId = useId();
  const due = useCareDue();
  const t = useT(treeCareMessages);
  const first = due.data?.pages[0];
  const tasks = distinctItems(due.data?.pages, (task) => `${task.treeId}-${task.task}`);
  let body;
  if (due.isPending) body = <LoadingState label={t('due.loading')} />;
  else if (due.isError && !first)
    body = (
      <LoadErrorCard
        message={failureMessage(due.error, t('care.dueFailed'))}
        onRetry={() => void due.refetch()}
      />
    );
  else if (!first || first.total === 0) body = <p className={mutedText}>{t('due.none')}</p>;
  else
    body = (
      <>
        <p className={`text-sm ${mutedText}`} data-testid="care-totals">
          {[
            t('due.tasks', { count: first.total }),
            first.overdue > 0 ? t('due.overdue', { count: first.overdue }) : null,
            first.dueThisWeek > 0 ? t('due.thisWeek', { count: first.dueThisWeek }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <ul className="divide-y divide-base-300" aria-labelledby={headingId}>
          {tasks.map((task) => (
            <TaskRow key={`${task.treeId}-${task.task}`} task={task} />
          ))}
        </ul>
        {due.isFetchNextPageError ? (
          <p className={`text-sm ${mutedText}`} role="alert">
            {t('due.moreFailed')}
          </p>
        ) : null}
        <MoreButton pages={due} shown={tasks.length} total={first.total} size="sm" />
      </>
    );
  return (
    <section className={sectionCard} aria-labelledby={headingId} id="care-due">
      <div className="card-body gap-3">
        <h2 id={headingId} className="text-xl font-bold">
          {t('due.heading')}
        </h2>
        {body}
      </div>
    </section>
  );
}
