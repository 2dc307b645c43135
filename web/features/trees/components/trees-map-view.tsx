import { useId, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { TreeMapPoint } from '../../../../contract/trees';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
// A lazy wrapper: Leaflet and its clustering load only with the map.
import { PointsClusterMap, type ClusterPoint } from '../../../components/ui/map';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { useTreeMap } from '../api';
import { plural } from '../../../lib/numbers';
import { speciesLabel, STATUS_LABELS, treePath } from '../format';
import { TreeFilters, useTreeFilters } from './tree-filters';
import { failureMessage } from '../../../lib/api-client';
import { EmptyState } from '../../../components/ui/status-cards';

const toPoint = (tree: TreeMapPoint): ClusterPoint => ({
  id: tree.id,
  lat: tree.lat,
  lng: tree.lng,
  title:
    tree.count > 1 ? `${speciesLabel(tree.species)} × ${tree.count}` : speciesLabel(tree.species),
  detail: `${STATUS_LABELS[tree.status]} · ${plural(tree.aliveCount, 'plant')} alive`,
});

/** Every member's trees on one map (rounded to about 100 m), by species and status. */
export function TreesMapView() {
  const headingId = useId();
  const navigate = useNavigate();
  const { filters, set, clear } = useTreeFilters();
  const map = useTreeMap(filters);
  const data = map.data?.data;
  const points = useMemo(() => (data ?? []).map(toPoint), [data]);
  const filtered = Boolean(filters.species || filters.status);

  let body;
  if (map.isPending) body = <LoadingState label="Loading the trees map…" />;
  else if (map.isError && !map.data)
    body = (
      <LoadErrorCard
        message={failureMessage(map.error, 'The trees map could not be loaded just now.')}
        onRetry={() => void map.refetch()}
      />
    );
  else if (points.length === 0)
    body = (
      <EmptyState
        action={
          filtered ? (
            <Button variant="secondary" onClick={clear}>
              Clear filters
            </Button>
          ) : null
        }
      >
        {filtered
          ? 'No trees match these filters yet.'
          : 'No trees have been registered yet. Be the first: register a tree you planted.'}
      </EmptyState>
    );
  else
    body = (
      <PointsClusterMap
        points={points}
        onOpen={(id) => void navigate(treePath(id))}
        linkFor={treePath}
        openLabel="Open tree"
        itemsName="trees"
        label="Map of the community's trees"
        height={520}
      />
    );

  return (
    <section aria-labelledby={headingId} className="mx-auto flex max-w-7xl flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          Trees planted by the community
        </h2>
        {map.data ? (
          <p className={`text-sm ${mutedText}`} aria-live="polite" data-testid="tree-map-total">
            {plural(points.length, 'tree record')}
            {map.data.truncated ? ' shown (the newest) — filter to see the rest' : ''}
          </p>
        ) : null}
      </div>
      <p className={mutedText}>
        Places are rounded to about 100 m, so nobody’s garden shows exactly.
      </p>
      <TreeFilters filters={filters} set={set} label="Filter the trees map" />
      {body}
    </section>
  );
}
