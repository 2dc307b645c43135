import { useCallback, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
// A lazy wrapper: Leaflet loads only when someone switches to the map.
import { ServerClusterMap, type MapView } from '../../../components/ui/map';
import { useDriveMap } from '../api';
import { rangeError, type DriveFilters } from '../filters';
import { plural } from '../../../lib/numbers';
import { driveClusterPoints, driveDetailPath } from '../format';
import { LoadErrorCard } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { mutedText } from '../../../components/ui/looks';

/**
 * Plantations on a map, with the same filters as the list. The map asks for what it shows: its
 * box and zoom, the server answering clusters (count bubbles that zoom in) and single drives (a
 * point opens its drive); the last answer stays on the map while the next loads.
 */
export function DriveMapView({ filters }: { filters: DriveFilters }) {
  const headingId = useId();
  const navigate = useNavigate();
  const { view: _view, ...mapFilters } = filters;
  const blocked = Boolean(rangeError(filters));
  const [view, setView] = useState<MapView | null>(null);
  const map = useDriveMap(mapFilters, view, !blocked);
  const clusters = useMemo(() => map.data?.clusters ?? [], [map.data]);
  // One array per answer: a new one each render would rebuild the markers and close an open popup.
  const points = useMemo(() => driveClusterPoints(map.data?.data ?? []), [map.data]);
  const drives = points.length + clusters.reduce((sum, cluster) => sum + cluster.count, 0);
  const onOpen = useCallback((id: string) => void navigate(driveDetailPath(id)), [navigate]);

  let notice = null;
  if (map.isError && !map.data)
    notice = (
      <LoadErrorCard
        message={failureMessage(map.error, 'The map could not be loaded just now.')}
        onRetry={() => void map.refetch()}
      />
    );
  else if (map.data && !map.isPlaceholderData && drives === 0)
    notice = (
      <p className={mutedText} data-testid="empty-state">
        No {filters.when} drives here. Move the map or zoom out to look further.
      </p>
    );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          {filters.when === 'past' ? 'Past drives on the map' : 'Upcoming drives on the map'}
        </h2>
        {map.data ? (
          <p className={`text-sm ${mutedText}`} aria-live="polite" data-testid="drive-total">
            {plural(drives, 'drive')} in this view
            {map.data.truncated ? ' (the first shown) — zoom in or filter to see the rest' : ''}
          </p>
        ) : null}
      </div>
      {blocked ? null : (
        <>
          <p className={mutedText}>
            Numbered bubbles count the drives in an area: click one (or focus it and press Enter) to
            zoom in.
          </p>
          {notice}
          <div aria-busy={map.isFetching} data-testid="drives-map">
            <ServerClusterMap
              points={points}
              clusters={clusters}
              onViewChange={setView}
              onOpen={onOpen}
              linkFor={driveDetailPath}
              openLabel="Open drive"
              itemsName="drives"
              label="Map of tree drives"
              height={520}
            />
          </div>
        </>
      )}
    </section>
  );
}
