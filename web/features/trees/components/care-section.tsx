import { useId } from 'react';
import { formatDate } from '../../../lib/dates';
import type { Tree } from '../../../../contract/trees';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { useCareLog, useTreeCareDue } from '../api';
import { ACTION_LABELS } from '../format';
import { TaskRow } from './care-due-panel';

/** This tree's care: for the owner what is due now (each done with one click), for all the log. */
export function CareSection({ tree, isOwner }: { tree: Tree; isOwner: boolean }) {
  const headingId = useId();
  return (
    <section className={sectionCard} aria-labelledby={headingId}>
      <div className="card-body gap-3">
        <h2 id={headingId} className="text-xl font-bold">
          Care
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
  return (
    <div>
      <h3 id={headingId} className="font-semibold">
        Care log
      </h3>
      {log.isPending ? null : log.isError ? (
        <p className={mutedText}>The care log could not be loaded just now.</p>
      ) : log.data.length === 0 ? (
        <p className={mutedText}>No care has been logged yet.</p>
      ) : (
        <ul className="divide-y divide-base-300" aria-labelledby={headingId}>
          {log.data.map((entry) => (
            <li key={entry.id} className="flex flex-wrap gap-x-3 py-2">
              <span className="font-medium">{ACTION_LABELS[entry.action]}</span>
              <time dateTime={entry.at} className={mutedText}>
                {formatDate(entry.at)}
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
  const tasks = due.data ?? [];
  return (
    <>
      {due.isPending ? null : due.isError ? (
        <p className={mutedText}>The care due could not be loaded just now.</p>
      ) : tasks.length === 0 ? (
        <p className={mutedText} data-testid="care-none-due">
          {tree.status === 'dead'
            ? 'No care is due for a dead tree.'
            : 'Nothing is due for this tree today.'}
        </p>
      ) : (
        <ul className="divide-y divide-base-300" aria-label="Care due">
          {tasks.map((task) => (
            <TaskRow key={task.task} task={task} />
          ))}
        </ul>
      )}
    </>
  );
}
