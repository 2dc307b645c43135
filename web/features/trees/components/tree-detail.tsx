import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Tree } from '../../../../contract/trees';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { plural } from '../../../lib/numbers';
import {
  CAUSE_LABELS,
  formatDay,
  formatMoment,
  SIZE_LABELS,
  STATUS_LABELS,
  treePath,
  treeTitle,
} from '../format';
import { CareSection } from './care-section';
import { GrowthSection } from './growth-section';
import { ImpactPanel } from './impact-panel';
import { OwnerActions } from './owner-actions';
import { PhotoTimeline } from './photo-timeline';
import { Photo } from '../../../components/ui/photo';
import { StatusBadge } from './tree-card';

const causeLabel = (cause: string) =>
  cause in CAUSE_LABELS ? CAUSE_LABELS[cause as keyof typeof CAUSE_LABELS] : cause;

/** Drive pages live at this address (a route, not another feature's code). */
const drivePath = (id: string) => `/app/delive-detail/${encodeURIComponent(id)}`;

/** What is wrong with a tree that needs care: the reporter's words and photo. */
function Problem({ tree, problem }: { tree: Tree; problem: NonNullable<Tree['problem']> }) {
  return (
    <div className="mt-1 flex flex-col gap-2" data-testid="tree-problem">
      {problem.note ? <q className="block italic">{problem.note}</q> : null}
      {problem.photoUrl ? (
        <Photo
          src={problem.photoUrl}
          alt={`Photo of the problem with ${treeTitle(tree)}`}
          className="h-32 w-48 rounded-box"
        />
      ) : null}
    </div>
  );
}

function Facts({ tree }: { tree: Tree }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
      <dt className={mutedText}>Species</dt>
      <dd>
        {tree.species.label} <i className={mutedText}>{tree.species.scientificName}</i>
      </dd>
      <dt className={mutedText}>Plants</dt>
      <dd data-testid="tree-plants">
        {tree.aliveCount === tree.count
          ? plural(tree.count, 'plant')
          : `${tree.aliveCount} of ${plural(tree.count, 'plant')} alive`}
      </dd>
      <dt className={mutedText}>Size at planting</dt>
      <dd>{SIZE_LABELS[tree.size] ?? tree.size}</dd>
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
      <dt className={mutedText}>Health</dt>
      <dd data-testid="tree-health">
        {STATUS_LABELS[tree.status]}
        {tree.cause ? ` (${causeLabel(tree.cause)})` : ''}
        {tree.statusChangedAt ? `, reported ${formatMoment(tree.statusChangedAt)}` : ''}
        {tree.problem ? <Problem tree={tree} problem={tree.problem} /> : null}
      </dd>
      {tree.driveId ? (
        <>
          <dt className={mutedText}>Drive</dt>
          <dd>
            <Link to={drivePath(tree.driveId)} className={textLink}>
              The drive it was planted at
            </Link>
          </dd>
        </>
      ) : null}
      {tree.replacesTreeId ? (
        <>
          <dt className={mutedText}>Replaces</dt>
          <dd>
            <Link to={treePath(tree.replacesTreeId)} className={textLink}>
              The tree that died here
            </Link>
          </dd>
        </>
      ) : null}
      {tree.replacedByTreeId ? (
        <>
          <dt className={mutedText}>Replanted as</dt>
          <dd>
            <Link to={treePath(tree.replacedByTreeId)} className={textLink}>
              Its replacement
            </Link>
          </dd>
        </>
      ) : null}
      {tree.isOwner ? null : (
        <>
          <dt className={mutedText}>Registered by</dt>
          <dd>{tree.owner.name}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * One tree: what it is, the owner's actions, impact, growth, photos and care; `children` (the
 * page's further cards, e.g. provenance) follow in the same column: same width, gap and edges.
 */
export function TreeDetail({ tree, children }: { tree: Tree; children?: ReactNode }) {
  const headingId = useId();
  const title = treeTitle(tree);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <section className={sectionCard} aria-labelledby={headingId}>
        <div className="card-body gap-4 md:flex-row">
          <Photo
            src={tree.photoUrl}
            alt={`Photo of ${title}`}
            className="h-56 w-full shrink-0 rounded-box md:w-72"
          />
          <div className="flex min-w-0 flex-col gap-3">
            <StatusBadge status={tree.status} />
            <h2 id={headingId} className="text-2xl font-bold break-words">
              {title}
            </h2>
            <Facts tree={tree} />
            {tree.isOwner ? <OwnerActions tree={tree} /> : null}
          </div>
        </div>
      </section>
      <ImpactPanel tree={tree} />
      <GrowthSection tree={tree} />
      <PhotoTimeline tree={tree} />
      <CareSection tree={tree} isOwner={tree.isOwner} />
      {children}
    </div>
  );
}
