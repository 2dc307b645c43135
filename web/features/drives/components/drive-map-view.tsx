import { useId, useMemo } from 'react';
import { useNavigate } from 'react-router';
// A lazy wrapper: Leaflet and its clustering load only when someone switches to the map.
import { PointsClusterMap } from '../../../components/ui/map';
import { useDriveMap } from '../api';
import { rangeError, type DriveFilters } from '../filters';
import { plural } from '../../../lib/numbers';
import { driveClusterPoints, driveDetailPath } from '../format';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { EmptyState } from '../../../components/ui/status-cards';
import { mutedText } from '../../../components/ui/looks';

/** Plantations on a map, with the same filters as the list; a point opens its drive. */
export function DriveMapView({ filters }: { filters: DriveFilters }) {
  const headingId = useId();
  const navigate = useNavigate();
  const { view: _view, ...mapFilters } = filters;
  const blocked = Boolean(rangeError(filters));
  const map = useDriveMap(mapFilters, !blocked);
  const points = map.data?.data ?? [];
  // One array per answer: a new one each render would rebuild the markers and close an open popup.
  const clusterPoints = useMemo(() => driveClusterPoints(map.data?.data ?? []), [map.data]);

  let body;
  if (blocked) body = null;
  else if (map.isPending) body = <LoadingState label="Loading the map…" />;
  else if (map.isError && !map.data)
    body = (
      <LoadErrorCard
        message={failureMessage(map.error, 'The map could not be loaded just now.')}
        onRetry={() => void map.refetch()}
      />
    );
  else if (points.length === 0)
    body = <EmptyState>No {filters.when} drives to show on the map.</EmptyState>;
  else
    body = (
      <PointsClusterMap
        points={clusterPoints}
        onOpen={(id) => void navigate(driveDetailPath(id))}
        linkFor={driveDetailPath}
        openLabel="Open drive"
        itemsName="drives"
        label="Map of tree drives"
        height={520}
      />
    );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          {filters.when === 'past' ? 'Past drives on the map' : 'Upcoming drives on the map'}
        </h2>
        {map.data ? (
          <p className={`text-sm ${mutedText}`} aria-live="polite" data-testid="drive-total">
            {plural(points.length, 'drive')}
            {map.data.truncated ? ' shown — narrow the filters to see the rest' : ''}
          </p>
        ) : null}
      </div>
      {body}
    </section>
  );
}
