import { useId } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { MoreButton } from '../../../components/ui/more-button';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { LoadErrorCard } from '../../../components/ui/status-cards';
import { distinctItems, useReplanting } from '../api';
import { CAUSE_LABELS, formatDay, replantPath, treePath, treeTitle } from '../format';
import { failureMessage } from '../../../lib/api-client';

const causeLabel = (cause: string | null) =>
  cause && cause in CAUSE_LABELS ? CAUSE_LABELS[cause as keyof typeof CAUSE_LABELS] : cause;

/** My trees that died and were not replanted yet, each with a way to register its replacement. */
export function ReplantingPanel() {
  const headingId = useId();
  const tasks = useReplanting();
  const first = tasks.data?.pages[0];
  const shown = distinctItems(tasks.data?.pages, (task) => task.tree.id);
  if (tasks.isPending || (first && first.total === 0)) return null;
  return (
    <section className={sectionCard} aria-labelledby={headingId} id="replanting">
      <div className="card-body gap-3">
        <h2 id={headingId} className="text-xl font-bold">
          Replanting
        </h2>
        {tasks.isError && !first ? (
          <LoadErrorCard
            message={failureMessage(tasks.error, 'The replanting tasks could not be loaded.')}
            onRetry={() => void tasks.refetch()}
          />
        ) : (
          <ul className="divide-y divide-base-300" aria-labelledby={headingId}>
            {shown.map(({ tree, cause, diedAt }) => (
              <li
                key={tree.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid="replanting-task"
              >
                <div>
                  <p className="font-semibold">
                    <Link to={treePath(tree.id)} className={textLink}>
                      {treeTitle(tree)}
                    </Link>{' '}
                    died
                  </p>
                  <p className={`text-sm ${mutedText}`}>
                    {[causeLabel(cause), diedAt ? `reported ${formatDay(diedAt)}` : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <ButtonLink
                  to={replantPath(tree.id)}
                  size="sm"
                  aria-label={`Replant ${treeTitle(tree)}`}
                >
                  Replant
                </ButtonLink>
              </li>
            ))}
          </ul>
        )}
        {first ? (
          <MoreButton pages={tasks} shown={shown.length} total={first.total} size="sm" />
        ) : null}
      </div>
    </section>
  );
}
