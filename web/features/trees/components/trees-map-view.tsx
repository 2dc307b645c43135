import { useCallback, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TreeMapPoint } from '../../../../contract/trees';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
// A lazy wrapper: Leaflet loads only with the map.
import { ServerClusterMap, type ClusterPoint, type MapView } from '../../../components/ui/map';
import { LoadErrorCard } from '../../../components/ui/status-cards';
import { useTreeMap } from '../api';
import { useT } from '../../../i18n/use-t';
import { statusKey, treePath } from '../format';
import { useTreeNames, type TreeNames } from '../use-tree-names';
import { treesMessages, type TreesT } from '../messages';
import { TreeFilters, useTreeFilters } from './tree-filters';
import { failureMessage } from '../../../lib/api-client';

const toPoint = (t: TreesT, names: TreeNames, tree: TreeMapPoint): ClusterPoint => {
  const species = names.known(tree.species)
    ? names.species(tree.species)
    : t('species.unknown', { value: tree.species });
  return {
    id: tree.id,
    lat: tree.lat,
    lng: tree.lng,
    title: tree.count > 1 ? `${species} × ${tree.count}` : species,
    detail: t('map.pointDetail', { status: t(statusKey(tree.status)), alive: tree.aliveCount }),
  };
};

/**
 * Every member's trees on one map (rounded to about 100 m), by species and status. The map asks
 * for what it shows: its box and zoom, the server answering clusters (count bubbles that zoom in)
 * and single trees; the last answer stays on the map while the next loads.
 */
export function TreesMapView() {
  const headingId = useId();
  const navigate = useNavigate();
  const t = useT(treesMessages);
  const { filters, set, clear } = useTreeFilters();
  const [view, setView] = useState<MapView | null>(null);
  const map = useTreeMap(filters, view);
  const data = map.data?.data;
  const clusters = useMemo(() => map.data?.clusters ?? [], [map.data]);
  const names = useTreeNames();
  const points = useMemo(
    () => (data ?? []).map((tree) => toPoint(t, names, tree)),
    [data, t, names],
  );
  const records = points.length + clusters.reduce((sum, cluster) => sum + cluster.count, 0);
  const filtered = Boolean(filters.species || filters.status);
  const onOpen = useCallback((id: string) => void navigate(treePath(id)), [navigate]);

  let notice = null;
  if (map.isError && !map.data)
    notice = (
      <LoadErrorCard
        message={failureMessage(map.error, t('map.loadFailed'))}
        onRetry={() => void map.refetch()}
      />
    );
  else if (map.data && !map.isPlaceholderData && records === 0)
    notice = (
      <div className="flex flex-wrap items-center gap-3" data-testid="empty-state">
        <p className={mutedText}>{filtered ? t('map.noMatch') : t('map.none')}</p>
        {filtered ? (
          <Button variant="secondary" size="sm" onClick={clear}>
            {t('list.clearFilters')}
          </Button>
        ) : null}
      </div>
    );

  return (
    <section aria-labelledby={headingId} className="mx-auto flex max-w-7xl flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          {t('map.heading')}
        </h2>
        <p className={`text-sm ${mutedText}`} aria-live="polite" data-testid="tree-map-total">
          {map.data
            ? t(map.data.truncated ? 'map.totalTruncated' : 'map.total', { records })
            : t('map.loading')}
        </p>
      </div>
      <p className={mutedText}>{t('map.intro')}</p>
      <TreeFilters filters={filters} set={set} label={t('map.filterLabel')} />
      {notice}
      <div aria-busy={map.isFetching} data-testid="trees-map">
        <ServerClusterMap
          points={points}
          clusters={clusters}
          onViewChange={setView}
          onOpen={onOpen}
          linkFor={treePath}
          openLabel={t('list.openTree')}
          itemsName={t('list.itemsName')}
          label={t('map.label')}
          height={520}
        />
      </div>
    </section>
  );
}
