import { useState } from 'react';
import { ServerClusterMap, type MapView } from '../../../components/ui/map';
import { usePublicTreeMap } from '../api';
import { useT } from '../../../i18n/use-t';
import { landingMoreMessages } from '../more-messages';

export const LANDING_MAP_HEIGHT = 420;

/** The whole world in view, whatever the screen: 256 px per world width at zoom 0. */
const worldZoom = (width: number) => (width >= 1100 ? 2 : width >= 600 ? 1 : 0);

/**
 * The landing page's map of planted trees (issue 23), in its own chunk with Leaflet: counts in
 * coarse cells from GET /api/trees/public-map for the view the map reports, never a tree.
 */
export default function LandingTreesMap() {
  const [view, setView] = useState<MapView>();
  const [zoom] = useState(() => worldZoom(window.innerWidth));
  const { data, isError } = usePublicTreeMap(view);
  const t = useT(landingMoreMessages);
  return (
    <div data-testid="landing-map">
      <ServerClusterMap
        points={[]}
        clusters={data?.clusters ?? []}
        onViewChange={setView}
        onOpen={() => undefined}
        openLabel={t('mapView.open')}
        itemsName={t('mapView.items')}
        zoom={zoom}
        height={LANDING_MAP_HEIGHT}
        label={t('mapView.label')}
      />
      <p
        className="mt-3 text-center text-sm text-base-content/80"
        data-testid="landing-map-caption"
      >
        {isError
          ? t('mapView.failed')
          : data
            ? t('mapView.count', { count: data.total })
            : t('mapView.counting')}
      </p>
    </div>
  );
}
