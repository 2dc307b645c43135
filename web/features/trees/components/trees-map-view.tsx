import { useCallback, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TreeMapPoint } from '../../../../contract/trees';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
// A lazy wrapper: Leaflet loads only with the map.
import { ServerClusterMap, type ClusterPoint, type MapView } from '../../../components/ui/map';
import { LoadErrorCard } from '../../../components/ui/status-cards';
import { useTreeMap } from '../api';
import { plural } from '../../../lib/numbers';
import { speciesLabel, STATUS_LABELS, treePath } from '../format';
import { TreeFilters, useTreeFilters } from './tree-filters';
import { failureMessage } from '../../../lib/api-client';

const toPoint = (tree: TreeMapPoint): ClusterPoint => ({
  id: tree.id,
  lat: tree.lat,
  lng: tree.lng,
  title:
    tree.count > 1 ? `${speciesLabel(tree.species)} × ${tree.count}` : speciesLabel(tree.species),
  detail: `${STATUS_LABELS[tree.status]} · ${plural(tree.aliveCount, 'plant')} alive`,
});

/**
 * Every member's trees on one map (rounded to about 100 m), by species and status. The map asks
 * for what it shows: its box and zoom, the server answering clusters (count bubbles that zoom in)
 * and single trees; the last answer stays on the map while the next loads.
 */
export function TreesMapView() {
  const headingId = useId();
  const navigate = useNavigate();
  const { filters, set, clear } = useTreeFilters();
  const [view, setView] = useState<MapView | null>(null);
  const map = useTreeMap(filters, view);
  const data = map.data?.data;
  const clusters = useMemo(() => map.data?.clusters ?? [], [map.data]);
  const points = useMemo(() => (data ?? []).map(toPoint), [data]);
  const records = points.length + clusters.reduce((sum, cluster) => sum + cluster.count, 0);
  const filtered = Boolean(filters.species || filters.status);
  const onOpen = useCallback((id: string) => void navigate(treePath(id)), [navigate]);

  let notice = null;
  if (map.isError && !map.data)
    notice = (
      <LoadErrorCard
        message={failureMessage(map.error, 'The trees map could not be loaded just now.')}
        onRetry={() => void map.refetch()}
      />
    );
  else if (map.data && !map.isPlaceholderData && records === 0)
    notice = (
      <div className="flex flex-wrap items-center gap-3" data-testid="empty-state">
        <p className={mutedText}>
          {filtered
            ? 'No trees match these filters here yet. Move the map or zoom out to look further.'
            : 'No trees here yet. Move the map or zoom out, or register a tree you planted.'}
        </p>
        {filtered ? (
          <Button variant="secondary" size="sm" onClick={clear}>
            Clear filters
          </Button>
        ) : null}
      </div>
    );

  return (
    <section aria-labelledby={headingId} className="mx-auto flex max-w-7xl flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          Trees planted by the community
        </h2>
        <p className={`text-sm ${mutedText}`} aria-live="polite" data-testid="tree-map-total">
          {map.data
            ? `${plural(records, 'tree record')} in this view${
                map.data.truncated ? ' (the newest shown) — zoom in or filter to see the rest' : ''
              }`
            : 'Loading the trees map…'}
        </p>
      </div>
      <p className={mutedText}>
        Places are rounded to about 100 m, so nobody’s garden shows exactly. Numbered bubbles count
        the trees in an area: click one (or focus it and press Enter) to zoom in.
      </p>
      <TreeFilters filters={filters} set={set} label="Filter the trees map" />
      {notice}
      <div aria-busy={map.isFetching} data-testid="trees-map">
        <ServerClusterMap
          points={points}
          clusters={clusters}
          onViewChange={setView}
          onOpen={onOpen}
          linkFor={treePath}
          openLabel="Open tree"
          itemsName="trees"
          label="Map of the community's trees"
          height={520}
        />
      </div>
    </section>
  );
}
