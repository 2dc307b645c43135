import { useId } from 'react';
import { Link } from 'react-router';
import type { Tree, TreeStatus } from '../../../../contract/trees';
import { Photo } from '../../../components/ui/photo';
import { mutedText, textLink } from '../../../components/ui/looks';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { formatDay, formatKg, STATUS_BADGE, statusKey, treePath } from '../format';
import { treesMessages, type TreesT } from '../messages';
import { useTreeNames } from '../use-tree-names';

/** "3 plants", or "2 of 3 plants alive" when some were lost. */
export const plantsText = (t: TreesT, tree: Pick<Tree, 'aliveCount' | 'count'>) =>
  tree.aliveCount === tree.count
    ? t('plants.count', { count: tree.count })
    : t('plants.alive', { alive: tree.aliveCount, count: tree.count });

export function StatusBadge({ status }: { status: TreeStatus }) {
  const t = useT(treesMessages);
  return (
    <span className={`badge ${STATUS_BADGE[status]}`} data-testid="tree-status">
      {t(statusKey(status))}
    </span>
  );
}

/** One tree in My Trees: photo, name, species, plants alive, health, planting day and CO₂. */
export function TreeCard({ tree }: { tree: Tree }) {
  const titleId = useId();
  const names = useTreeNames();
  const title = names.title(tree);
  const t = useT(treesMessages);
  const locale = useIntlLocale();
  return (
    <article
      aria-labelledby={titleId}
      className="card relative h-full overflow-hidden bg-base-100 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
      data-testid="tree-card"
    >
      <Photo src={tree.photoUrl} alt={t('card.photoAlt', { title })} className="h-40 w-full" />
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={tree.status} />
          {tree.verification.status === 'verified' && (
            <span className="badge badge-success badge-soft" data-testid="tree-verified">
              {t('card.verified')}
            </span>
          )}
          {tree.verification.status === 'rejected' && (
            <span className="badge badge-error badge-soft" data-testid="tree-rejected">
              {t('card.notVerified')}
            </span>
          )}
        </div>
        <h3 id={titleId} className="text-lg leading-snug font-bold break-words">
          {/* The link covers the whole card (after:inset-0), so any click on it opens the tree. */}
          <Link
            to={treePath(tree.id)}
            className={`${textLink} after:absolute after:inset-0 after:content-['']`}
          >
            {title}
          </Link>
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm">
          <dt className={mutedText}>{t('facts.species')}</dt>
          <dd>
            {names.species(tree.species.value)}{' '}
            <i className={mutedText}>{tree.species.scientificName}</i>
          </dd>
          <dt className={mutedText}>{t('facts.plants')}</dt>
          <dd>{plantsText(t, tree)}</dd>
          <dt className={mutedText}>{t('facts.planted')}</dt>
          <dd>
            <time dateTime={tree.plantedAt}>{formatDay(tree.plantedAt, locale)}</time>
          </dd>
          {tree.location ? (
            <>
              <dt className={mutedText}>{t('facts.where')}</dt>
              <dd className="break-words">{tree.location}</dd>
            </>
          ) : null}
          <dt className={mutedText}>{t('facts.co2')}</dt>
          <dd>{t('card.co2Value', { kg: formatKg(tree.impact.co2Kg.mid, locale) })}</dd>
        </dl>
      </div>
    </article>
  );
}
