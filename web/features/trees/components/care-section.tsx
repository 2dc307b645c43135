import { useId } from 'react';
import type { Tree } from '../../../../contract/trees';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { useCareDue } from '../api';
import { TaskRow } from './care-due-panel';

/** The owner's view of this tree's care: what is due now, each done with one click. */
export function CareSection({ tree }: { tree: Tree }) {
  const headingId = useId();
  const due = useCareDue();
  const tasks = (due.data ?? []).filter((task) => task.treeId === tree.id);
  return (
    <section className={sectionCard} aria-labelledby={headingId}>
      <div className="card-body gap-3">
        <h2 id={headingId} className="text-xl font-bold">
          Care
        </h2>
        {due.isPending ? null : due.isError ? (
          <p className={mutedText}>The care due could not be loaded just now.</p>
        ) : tasks.length === 0 ? (
          <p className={mutedText} data-testid="care-none-due">
            {tree.status === 'dead'
              ? 'No care is due for a dead tree.'
              : 'Nothing is due for this tree today.'}
          </p>
        ) : (
          <ul className="divide-y divide-base-300" aria-labelledby={headingId}>
            {tasks.map((task) => (
              <TaskRow key={task.task} task={task} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
