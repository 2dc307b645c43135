import { useCallback, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
// A lazy wrapper: Leaflet loads only when someone switches to the map.
import { ServerClusterMap, type MapView } from '../../../components/ui/map';
import { useDriveMap } from '../api';
import { rangeError, type DriveFilters } from '../filters';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { drivesMessages } from '../messages';
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
  const t = useT(drivesMessages);
  const locale = useIntlLocale();
  const navigate = useNavigate();
  const { view: _view, ...mapFilters } = filters;
  const blocked = Boolean(rangeError(filters));
  const [view, setView] = useState<MapView | null>(null);
  const map = useDriveMap(mapFilters, view, !blocked);
  const clusters = useMemo(() => map.data?.clusters ?? [], [map.data]);
  // One array per answer: a new one each render would rebuild the markers and close an open popup.
  const points = useMemo(
    () => driveClusterPoints(map.data?.data ?? [], locale),
    [map.data, locale],
  );
  const drives = points.length + clusters.reduce((sum, cluster) => sum + cluster.count, 0);
  const onOpen = useCallback((id: string) => void navigate(driveDetailPath(id)), [navigate]);

  let notice = null;
  if (map.isError && !map.data)
    notice = (
      <LoadErrorCard
        message={failureMessage(map.error, t('map.failed'))}
        onRetry={() => void map.refetch()}
      />
    );
  else if (map.data && !map.isPlaceholderData && drives === 0)
    notice = (
      <p className={mutedText} data-testid="empty-state">
        {filters.when === 'past' ? t('map.emptyPast') : t('map.emptyUpcoming')}
      </p>
    );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          {filters.when === 'past' ? t('map.past') : t('map.upcoming')}
        </h2>
        {map.data ? (
          <p className={`text-sm ${mutedText}`} aria-live="polite" data-testid="drive-total">
            {t(map.data.truncated ? 'map.totalTruncated' : 'map.total', { count: drives })}
          </p>
        ) : null}
      </div>
      {blocked ? null : (
        <>
          <p className={mutedText}>{t('map.help')}</p>
          {notice}
          <div aria-busy={map.isFetching} data-testid="drives-map">
            <ServerClusterMap
              points={points}
              clusters={clusters}
              onViewChange={setView}
              onOpen={onOpen}
              linkFor={driveDetailPath}
              openLabel={t('map.open')}
              itemsName={t('map.itemsName')}
              label={t('map.label')}
              height={520}
            />
          </div>
        </>
      )}
    </section>
  );
}
