import { lazy, Suspense, type ComponentType } from 'react';
import { LazyMount } from '../lazy-mount';
import { MAP_HEIGHT_PX } from './constants';
import type {
  LocationPickerMapProps,
  PointMapProps,
  PointsClusterMapProps,
  ServerClusterMapProps,
} from './types';
import { useMapConfig } from './use-map-config';
import { useT } from '../../../i18n/use-t';
import { commonMessages } from '../../../i18n/common';

// Leaflet (~45 KB gzip) loads only when a map is shown: never with the landing page or a plain screen,
// and not before the map's place comes near the screen (LazyMount).
const LazyPicker = lazy(() => import('./location-picker-map'));
const LazyPoint = lazy(() => import('./point-map'));
const LazyPointsCluster = lazy(() => import('./points-cluster-map'));
const LazyServerCluster = lazy(() => import('./server-cluster-map'));

function MapLoading({ height }: { height: number }) {
  const tc = useT(commonMessages);
  return (
    <div
      className="flex items-center justify-center rounded-box border border-base-300 bg-base-200"
      style={{ height }}
      role="status"
    >
      {tc('map.loading')}
    </div>
  );
}

/** Asks for the tile configuration while Leaflet's code loads, not after it (one round trip fewer). */
function MapConfigEarly() {
  useMapConfig();
  return null;
}

function withFallback<P extends { height?: number }>(Inner: ComponentType<P>) {
  return function LazyMap(props: P) {
    // The placeholder is the map's own height, so the map arriving moves nothing.
    const loading = <MapLoading height={props.height ?? MAP_HEIGHT_PX} />;
    return (
      <LazyMount placeholder={loading}>
        <MapConfigEarly />
        <Suspense fallback={loading}>
          <Inner {...props} />
        </Suspense>
      </LazyMount>
    );
  };
}

export const LocationPickerMap = withFallback<LocationPickerMapProps>(LazyPicker);
export const PointMap = withFallback<PointMapProps>(LazyPoint);
export const PointsClusterMap = withFallback<PointsClusterMapProps>(LazyPointsCluster);
export const ServerClusterMap = withFallback<ServerClusterMapProps>(LazyServerCluster);
