import { useId, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { Tree } from '../../../../contract/trees';
import { Button, ButtonLink } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
// A lazy wrapper: Leaflet and its clustering load only with the map.
import { PointsClusterMap, type ClusterPoint } from '../../../components/ui/map';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { useCareDue, useMyTrees, useReplanting } from '../api';
import { plural } from '../../../lib/numbers';
import { REGISTER_PATH, STATUS_LABELS, treePath, treeTitle } from '../format';
import { CareDuePanel } from './care-due-panel';
import { ExportButtons } from './export-buttons';
import { ReplantingPanel } from './replanting-panel';
import { TreeCard } from './tree-card';
import { failureMessage } from '../../../lib/api-client';
import { EmptyState } from '../../../components/ui/status-cards';
import { TreeFilters, useTreeFilters, type TreeFilterValues } from './tree-filters';

const matches = (tree: Tree, { species, status }: TreeFilterValues) =>
  (!species || tree.species.value === species) && (!status || tree.status === status);

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

function TreesFound({ trees, total }: { trees: Tree[]; total: number }) {
  const navigate = useNavigate();
  const points = useMemo(
    () => trees.map(toPoint).filter((p): p is ClusterPoint => p !== null),
    [trees],
  );
  return (
    <>
      <p className={`text-sm ${mutedText}`} aria-live="polite" data-testid="tree-total">
        {trees.length === total
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
    </>
  );
}

/** My Trees: the care due, replanting tasks, then my trees (filtered) on a map and as cards. */
export function MyTrees() {
  const headingId = useId();
  const trees = useMyTrees();
  const { filters, set, clear } = useTreeFilters();
  const { species, status } = filters;
  const all = useMemo(() => trees.data ?? [], [trees.data]);
  // Kept between renders: the map refits its view only when what it shows changes.
  const shown = useMemo(
    () => all.filter((tree) => matches(tree, { species, status })),
    [all, species, status],
  );
  const mySpecies = new Set(all.map((t) => t.species.value));
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
  if (trees.isPending) body = <LoadingState label="Loading your trees…" />;
  else if (trees.isError)
    body = (
      <LoadErrorCard
        message={failureMessage(trees.error, 'Your trees could not be loaded just now.')}
        onRetry={() => void trees.refetch()}
      />
    );
  else if (all.length === 0)
    body = (
      <EmptyState action={<ButtonLink to={REGISTER_PATH}>Register a tree</ButtonLink>}>
        You have not registered any trees yet. Register one you planted to follow its growth and see
        its impact.
      </EmptyState>
    );
  else if (shown.length === 0)
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
  else body = <TreesFound trees={shown} total={all.length} />;

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
            {all.length > 0 ? <ExportButtons /> : null}
            <ButtonLink to={REGISTER_PATH} size="sm">
              Register a tree
            </ButtonLink>
          </div>
        </div>
        {all.length > 0 ? (
          <TreeFilters
            filters={filters}
            set={set}
            speciesValues={mySpecies}
            label="Filter my trees"
          />
        ) : null}
        {body}
      </section>
    </div>
  );
}
