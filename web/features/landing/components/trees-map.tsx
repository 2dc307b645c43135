import { useState } from 'react';
import { ServerClusterMap, type MapView } from '../../../components/ui/map';
import { formatCount } from '../../../lib/numbers';
import { usePublicTreeMap } from '../api';

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
  return (
    <div data-testid="landing-map">
      <ServerClusterMap
        points={[]}
        clusters={data?.clusters ?? []}
        onViewChange={setView}
        onOpen={() => undefined}
        openLabel="Open"
        itemsName="trees"
        zoom={zoom}
        height={LANDING_MAP_HEIGHT}
        label="Map of the community's planted trees"
      />
      <p
        className="mt-3 text-center text-sm text-base-content/80"
        data-testid="landing-map-caption"
      >
        {isError
          ? 'The trees could not be counted just now.'
          : data
            ? `${formatCount(data.total)} ${data.total === 1 ? 'tree' : 'trees'} in this view. Places are shown to about 10 km.`
            : 'Counting trees…'}
      </p>
    </div>
  );
}
