import { useId, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { Tree } from '../../../../contract/trees';
import { Button, ButtonLink } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
import { MoreButton, type MorePages } from '../../../components/ui/more-button';
// A lazy wrapper: Leaflet and its clustering load only with the map.
import { PointsClusterMap, type ClusterPoint } from '../../../components/ui/map';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { distinctItems, useCareDue, useMyTrees, useReplanting } from '../api';
import { plural } from '../../../lib/numbers';
import { REGISTER_PATH, STATUS_LABELS, treePath, treeTitle } from '../format';
import { CareDuePanel } from './care-due-panel';
import { ExportButtons } from './export-buttons';
import { ReplantingPanel } from './replanting-panel';
import { TreeCard } from './tree-card';
import { failureMessage } from '../../../lib/api-client';
import { EmptyState } from '../../../components/ui/status-cards';
import { TreeFilters, useTreeFilters } from './tree-filters';

const toPoint = (tree: Tree): ClusterPoint | null =>
  tree.lat === null || tree.lng === null
    ? null
    : {
        id: tree.id,
        lat: tree.lat,
        lng: tree.lng,
        title: treeTitle(tree),
        detail: `${tree.species.label} · ${STATUS_LABELS[tree.status]}`,
      };

/**
 * The trees read so far (a page at a time, newest first) on a map and as cards, with "Load more"
 * for the next page while there are more.
 */
function TreesFound({ trees, total, more }: { trees: Tree[]; total: number; more: MorePages }) {
  const navigate = useNavigate();
  const points = useMemo(
    () => trees.map(toPoint).filter((p): p is ClusterPoint => p !== null),
    [trees],
  );
  return (
    <>
      <p className={`text-sm ${mutedText}`} aria-live="polite" data-testid="tree-total">
        {trees.length >= total
          ? plural(total, 'tree record')
          : `${trees.length} of ${plural(total, 'tree record')}`}
      </p>
      {points.length > 0 ? (
        <PointsClusterMap
          points={points}
          onOpen={(id) => void navigate(treePath(id))}
          linkFor={treePath}
          openLabel="Open tree"
          itemsName="trees"
          label="Map of my trees"
          height={360}
        />
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {trees.map((tree) => (
          <li key={tree.id}>
            <TreeCard tree={tree} />
          </li>
        ))}
      </ul>
      <MoreButton pages={more} label="Load more" />
    </>
  );
}

/** My Trees: the care due, replanting tasks, then my trees (filtered) on a map and as cards. */
export function MyTrees() {
  const headingId = useId();
  const { filters, set, clear } = useTreeFilters();
  const filtered = filters.species !== undefined || filters.status !== undefined;
  const trees = useMyTrees(filters);
  const shown = useMemo(() => distinctItems(trees.data?.pages, (tree) => tree.id), [trees.data]);
  const total = trees.data?.pages[0]?.total ?? 0;
  // The same queries the panels above read (shared, asked once): until all three have answered
  // the page shows one loading state, so a panel arriving late never pushes the trees down.
  const careDue = useCareDue();
  const replanting = useReplanting();
  if (trees.isPending || careDue.isPending || replanting.isPending)
    return (
      <div className="mx-auto max-w-7xl">
        <LoadingState label="Loading your trees…" />
      </div>
    );

  let body;
  if (trees.isError && !trees.data)
    body = (
      <LoadErrorCard
        message={failureMessage(trees.error, 'Your trees could not be loaded just now.')}
        onRetry={() => void trees.refetch()}
      />
    );
  else if (total === 0 && !filtered)
    body = (
      <EmptyState action={<ButtonLink to={REGISTER_PATH}>Register a tree</ButtonLink>}>
        You have not registered any trees yet. Register one you planted to follow its growth and see
        its impact.
      </EmptyState>
    );
  else if (total === 0)
    body = (
      <EmptyState
        action={
          <Button variant="secondary" onClick={clear}>
            Clear filters
          </Button>
        }
      >
        None of your trees match these filters.
      </EmptyState>
    );
  else body = <TreesFound trees={shown} total={total} more={trees} />;
  const any = total > 0 || filtered;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <CareDuePanel />
      <ReplantingPanel />
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} className="text-xl font-bold">
            My trees
          </h2>
          <div className="flex flex-wrap gap-2">
            {any ? <ExportButtons /> : null}
            <ButtonLink to={REGISTER_PATH} size="sm">
              Register a tree
            </ButtonLink>
          </div>
        </div>
        {any ? <TreeFilters filters={filters} set={set} label="Filter my trees" /> : null}
        {body}
      </section>
    </div>
  );
}
