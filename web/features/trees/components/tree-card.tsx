import { useId } from 'react';
import { Link } from 'react-router';
import type { Tree, TreeStatus } from '../../../../contract/trees';
import { Photo } from '../../../components/ui/photo';
import { mutedText, textLink } from '../../../components/ui/looks';
import { plural } from '../../../lib/numbers';
import { formatDay, formatKg, STATUS_BADGE, STATUS_LABELS, treePath, treeTitle } from '../format';

export function StatusBadge({ status }: { status: TreeStatus }) {
  return (
    <span className={`badge ${STATUS_BADGE[status]}`} data-testid="tree-status">
      {STATUS_LABELS[status]}
    </span>
  );
}

/** One tree in My Trees: photo, name, species, plants alive, health, planting day and CO₂. */
export function TreeCard({ tree }: { tree: Tree }) {
  const titleId = useId();
  const title = treeTitle(tree);
  return (
    <article
      aria-labelledby={titleId}
      className="card relative h-full overflow-hidden bg-base-100 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
      data-testid="tree-card"
    >
      <Photo src={tree.photoUrl} alt={`Photo of ${title}`} className="h-40 w-full" />
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={tree.status} />
          {tree.verification.status === 'verified' && (
            <span className="badge badge-success badge-soft" data-testid="tree-verified">
              Verified
            </span>
          )}
          {tree.verification.status === 'rejected' && (
            <span className="badge badge-error badge-soft" data-testid="tree-rejected">
              Not verified
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
          <dt className={mutedText}>Species</dt>
          <dd>
            {tree.species.label} <i className={mutedText}>{tree.species.scientificName}</i>
          </dd>
          <dt className={mutedText}>Plants</dt>
          <dd>
            {tree.aliveCount === tree.count
              ? plural(tree.count, 'plant')
              : `${tree.aliveCount} of ${plural(tree.count, 'plant')} alive`}
          </dd>
          <dt className={mutedText}>Planted</dt>
          <dd>
            <time dateTime={tree.plantedAt}>{formatDay(tree.plantedAt)}</time>
          </dd>
          {tree.location ? (
            <>
              <dt className={mutedText}>Where</dt>
              <dd className="break-words">{tree.location}</dd>
            </>
          ) : null}
          <dt className={mutedText}>CO₂ stored</dt>
          <dd>about {formatKg(tree.impact.co2Kg.mid)}</dd>
        </dl>
      </div>
    </article>
  );
}
