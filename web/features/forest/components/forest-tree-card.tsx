import { useId } from 'react';
import { Link } from 'react-router';
import type { ForestTree } from '../../../../contract/forest';
import { mutedText, textLink } from '../../../components/ui/looks';
import { Photo } from '../../../components/ui/photo';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { formatKg } from '../../../lib/numbers';
import {
  aliveText,
  causeWords,
  formatDay,
  formatPlantingDay,
  PATHS,
  speciesName,
  treeTitle,
} from '../format';
import { forestMessages } from '../messages';

/**
 * One tree of the forest: photo, species, place, planting day, plants alive at the last check and
 * the CO₂ it stores by the one impact method (a middle figure and its likely range).
 */
export function ForestTreeCard({ tree }: { tree: ForestTree }) {
  const titleId = useId();
  const t = useT(forestMessages);
  const locale = useIntlLocale();
  const title = treeTitle(tree, locale);
  const { co2Kg } = tree.impact;
  return (
    <article
      aria-labelledby={titleId}
      className="card h-full overflow-hidden bg-base-100 shadow-sm"
      data-testid="forest-tree"
    >
      <Photo
        src={tree.photoUrl}
        alt={
          tree.location
            ? t('card.photoAltAt', { title, place: tree.location })
            : t('card.photoAlt', { title })
        }
        className="h-40 w-full"
      />
      <div className="card-body gap-2 p-4">
        <h3 id={titleId} className="text-lg leading-snug font-bold break-words">
          <Link to={PATHS.tree(tree.id)} className={textLink}>
            {title}
          </Link>
        </h3>
        {tree.giftPlants > 0 ? (
          <p className="text-sm" data-testid="forest-tree-gift">
            {tree.giftPlants < tree.count
              ? t('card.giftSome', { gift: tree.giftPlants, count: tree.count })
              : tree.count > 1
                ? t('card.giftAll', { count: tree.count })
                : t('card.giftThis')}
          </p>
        ) : (
          <p className="text-sm">{t('card.registered')}</p>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm">
          <dt className={mutedText}>{t('card.species')}</dt>
          <dd>
            {speciesName(tree.species)} <i className={mutedText}>{tree.species.scientificName}</i>
          </dd>
          {tree.location || tree.driveName ? (
            <>
              <dt className={mutedText}>{t('card.where')}</dt>
              <dd className="break-words">
                {[tree.location, tree.driveName ? t('card.drive', { name: tree.driveName }) : null]
                  .filter(Boolean)
                  .join(', ')}
              </dd>
            </>
          ) : null}
          <dt className={mutedText}>{t('card.planted')}</dt>
          <dd>
            <time dateTime={tree.plantedAt}>{formatPlantingDay(tree.plantedAt, locale)}</time>
          </dd>
          <dt className={mutedText}>{t('card.lastCheck')}</dt>
          <dd data-testid="forest-tree-alive">{aliveText(tree, t)}</dd>
          {tree.status === 'dead' ? (
            <>
              <dt className={mutedText}>{t('card.died')}</dt>
              <dd data-testid="forest-tree-death">
                {tree.statusChangedAt ? (
                  <time dateTime={tree.statusChangedAt}>
                    {formatDay(tree.statusChangedAt, locale)}
                  </time>
                ) : (
                  t('card.dateUnknown')
                )}
                {t('card.ofCause', { cause: causeWords(tree.cause, t) })}
                {tree.replacedByTreeId ? (
                  <>
                    {' '}
                    ·{' '}
                    <Link to={PATHS.tree(tree.replacedByTreeId)} className={textLink}>
                      {t('card.replanted')}
                    </Link>
                  </>
                ) : null}
              </dd>
            </>
          ) : null}
          {tree.replacesTreeId ? (
            <>
              <dt className={mutedText}>{t('card.replaces')}</dt>
              <dd data-testid="forest-tree-replaces">
                <Link to={PATHS.tree(tree.replacesTreeId)} className={textLink}>
                  {t('card.replacedTree')}
                </Link>
                {tree.giftPlants > 0 ? t('card.giftsMoved') : ''}
              </dd>
            </>
          ) : null}
          <dt className={mutedText}>{t('card.co2')}</dt>
          <dd>
            {t('card.co2About', { mid: formatKg(co2Kg.mid, locale) })}{' '}
            <span className={mutedText}>
              {t('card.co2Range', {
                low: formatKg(co2Kg.low, locale),
                high: formatKg(co2Kg.high, locale),
                basis: tree.impact.basis,
              })}
            </span>
          </dd>
        </dl>
      </div>
    </article>
  );
}
