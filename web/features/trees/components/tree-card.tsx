import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Tree, TreeStatus } from '../../../../contract/trees';
import { Icon } from '../../../components/ui/icon';
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

/** The tree's photo, or a leafy placeholder when it has none or the photo fails to load. */
export function TreePhoto({
  src,
  alt,
  className = '',
}: {
  src: string;
  alt: string;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && src !== failedSrc)
    return (
      <img
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        className={`object-cover ${className}`}
        onError={() => setFailedSrc(src)}
      />
    );
  return (
    <div
      role="img"
      aria-label="No photo yet"
      className={`flex items-center justify-center bg-gradient-to-br from-green-700/20 to-green-700/5 text-green-800 dark:text-green-300 ${className}`}
    >
      <Icon className="h-12 w-12" strokeWidth={1.5}>
        <path d="M12 22V12" />
        <path d="M12 12c0-4 3-7 8-7 0 5-3 7-8 7z" />
        <path d="M12 15c0-3-2.5-5-7-5 0 4 2.5 5 7 5z" />
      </Icon>
    </div>
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
      <TreePhoto src={tree.photoUrl} alt={`Photo of ${title}`} className="h-40 w-full" />
      <div className="card-body gap-2 p-4">
        <StatusBadge status={tree.status} />
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
