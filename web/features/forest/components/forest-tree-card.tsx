import { useId } from 'react';
import { Link } from 'react-router';
import type { ForestTree } from '../../../../contract/forest';
import { mutedText, textLink } from '../../../components/ui/looks';
import { Photo } from '../../../components/ui/photo';
import { formatCount, formatKg, plural } from '../../../lib/numbers';
import {
  aliveText,
  causeWords,
  formatDay,
  formatPlantingDay,
  PATHS,
  speciesName,
  treeTitle,
} from '../format';

/**
 * One tree of the forest: photo, species, place, planting day, plants alive at the last check and
 * the CO₂ it stores by the one impact method (a middle figure and its likely range).
 */
export function ForestTreeCard({ tree }: { tree: ForestTree }) {
  const titleId = useId();
  const title = treeTitle(tree);
  const { co2Kg } = tree.impact;
  return (
    <article
      aria-labelledby={titleId}
      className="card h-full overflow-hidden bg-base-100 shadow-sm"
      data-testid="forest-tree"
    >
      <Photo
        src={tree.photoUrl}
        alt={`Photo of ${title}${tree.location ? ` at ${tree.location}` : ''}`}
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
              ? `Your gifts paid for ${formatCount(tree.giftPlants)} of the ${plural(tree.count, 'plant')} here.`
              : `Your gifts paid for ${tree.count > 1 ? `all ${plural(tree.count, 'plant')}` : 'this tree'}.`}
          </p>
        ) : (
          <p className="text-sm">You registered this tree.</p>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm">
          <dt className={mutedText}>Species</dt>
          <dd>
            {speciesName(tree.species)} <i className={mutedText}>{tree.species.scientificName}</i>
          </dd>
          {tree.location || tree.driveName ? (
            <>
              <dt className={mutedText}>Where</dt>
              <dd className="break-words">
                {[tree.location, tree.driveName ? `drive “${tree.driveName}”` : null]
                  .filter(Boolean)
                  .join(', ')}
              </dd>
            </>
          ) : null}
          <dt className={mutedText}>Planted</dt>
          <dd>
            <time dateTime={tree.plantedAt}>{formatPlantingDay(tree.plantedAt)}</time>
          </dd>
          <dt className={mutedText}>Last check</dt>
          <dd data-testid="forest-tree-alive">{aliveText(tree)}</dd>
          {tree.status === 'dead' ? (
            <>
              <dt className={mutedText}>Died</dt>
              <dd data-testid="forest-tree-death">
                {tree.statusChangedAt ? (
                  <time dateTime={tree.statusChangedAt}>{formatDay(tree.statusChangedAt)}</time>
                ) : (
                  'Date not recorded'
                )}
                , of {causeWords(tree.cause)}
                {tree.replacedByTreeId ? (
                  <>
                    {' '}
                    ·{' '}
                    <Link to={PATHS.tree(tree.replacedByTreeId)} className={textLink}>
                      replanted
                    </Link>
                  </>
                ) : null}
              </dd>
            </>
          ) : null}
          {tree.replacesTreeId ? (
            <>
              <dt className={mutedText}>Replaces</dt>
              <dd data-testid="forest-tree-replaces">
                <Link to={PATHS.tree(tree.replacesTreeId)} className={textLink}>
                  a tree that died
                </Link>
                {tree.giftPlants > 0 ? '; your gifts it carried moved here' : ''}
              </dd>
            </>
          ) : null}
          <dt className={mutedText}>CO₂ stored</dt>
          <dd>
            about {formatKg(co2Kg.mid)}{' '}
            <span className={mutedText}>
              (likely {formatKg(co2Kg.low)} – {formatKg(co2Kg.high)},{' '}
              {tree.impact.basis === 'measured' ? 'measured' : 'predicted'})
            </span>
          </dd>
        </dl>
      </div>
    </article>
  );
}
