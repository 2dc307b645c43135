import { useId } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { MoreButton } from '../../../components/ui/more-button';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { LoadErrorCard } from '../../../components/ui/status-cards';
import { distinctItems, useReplanting } from '../api';
import { causeKey, formatDay, replantPath, treePath } from '../format';
import { failureMessage } from '../../../lib/api-client';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { rich, useT } from '../../../i18n/use-t';
import { treeCareMessages, treesMessages } from '../messages';
import { useTreeNames } from '../use-tree-names';

/** My trees that died and were not replanted yet, each with a way to register its replacement. */
export function ReplantingPanel() {
  const headingId = useId();
  const tasks = useReplanting();
  const names = useTreeNames();
  const t = useT(treeCareMessages);
  const tt = useT(treesMessages);
  const locale = useIntlLocale();
  const causeLabel = (cause: string | null) => {
    const key = cause ? causeKey(cause) : undefined;
    return key ? tt(key) : cause;
  };
  const first = tasks.data?.pages[0];
  const shown = distinctItems(tasks.data?.pages, (task) => task.tree.id);
  if (tasks.isPending || (first && first.total === 0)) return null;
  return (
    <section className={sectionCard} aria-labelledby={headingId} id="replanting">
      <div className="card-body gap-3">
        <h2 id={headingId} className="text-xl font-bold">
          {t('replant.heading')}
        </h2>
        {tasks.isError && !first ? (
          <LoadErrorCard
            message={failureMessage(tasks.error, t('replant.failed'))}
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
                    {rich(t('replant.died', { title: names.title(tree) }), {
                      link: (title) => (
                        <Link to={treePath(tree.id)} className={textLink}>
                          {title}
                        </Link>
                      ),
                    })}
                  </p>
                  <p className={`text-sm ${mutedText}`}>
                    {[
                      causeLabel(cause),
                      diedAt ? t('replant.reported', { day: formatDay(diedAt, locale) }) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <ButtonLink
                  to={replantPath(tree.id)}
                  size="sm"
                  aria-label={t('replant.label', { title: names.title(tree) })}
                >
                  {t('replant.button')}
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
