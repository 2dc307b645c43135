import { useId } from 'react';
import { formatDate } from '../../../lib/dates';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import type { Tree } from '../../../../contract/trees';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { useCareLog, useTreeCareDue } from '../api';
import { actionKey } from '../format';
import { treeCareMessages, treesMessages } from '../messages';
import { TaskRow } from './care-due-panel';

/** This tree's care: for the owner what is due now (each done with one click), for all the log. */
export function CareSection({ tree, isOwner }: { tree: Tree; isOwner: boolean }) {
  const headingId = useId();
  const t = useT(treeCareMessages);
  return (
    <section className={sectionCard} aria-labelledby={headingId}>
      <div className="card-body gap-3">
        <h2 id={headingId} className="text-xl font-bold">
          {t('care.heading')}
        </h2>
        {isOwner ? <CareDue tree={tree} /> : null}
        <CareLog treeId={tree.id} />
      </div>
    </section>
  );
}

function CareLog({ treeId }: { treeId: string }) {
  const headingId = useId();
  const log = useCareLog(treeId);
  const t = useT(treeCareMessages);
  const tt = useT(treesMessages);
  const locale = useIntlLocale();
  return (
    <div>
      <h3 id={headingId} className="font-semibold">
        {t('care.log')}
      </h3>
      {log.isPending ? null : log.isError ? (
        <p className={mutedText}>{t('care.logFailed')}</p>
      ) : log.data.length === 0 ? (
        <p className={mutedText}>{t('care.logEmpty')}</p>
      ) : (
        <ul className="divide-y divide-base-300" aria-labelledby={headingId}>
          {log.data.map((entry) => (
            <li key={entry.id} className="flex flex-wrap gap-x-3 py-2">
              <span className="font-medium">{tt(actionKey(entry.action))}</span>
              <time dateTime={entry.at} className={mutedText}>
                {formatDate(entry.at, locale)}
              </time>
              {entry.note ? <span>{entry.note}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CareDue({ tree }: { tree: Tree }) {
  const due = useTreeCareDue(tree.id);
  const t = useT(treeCareMessages);
  const tasks = due.data ?? [];
  return (
    <>
      {due.isPending ? null : due.isError ? (
        <p className={mutedText}>{t('care.dueFailed')}</p>
      ) : tasks.length === 0 ? (
        <p className={mutedText} data-testid="care-none-due">
          {tree.status === 'dead' ? t('care.noneDead') : t('care.noneToday')}
        </p>
      ) : (
        <ul className="divide-y divide-base-300" aria-label={t('care.dueLabel')}>
          {tasks.map((task) => (
            <TaskRow key={task.task} task={task} />
          ))}
        </ul>
      )}
    </>
  );
}
