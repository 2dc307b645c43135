import { lazy, Suspense, type ComponentType } from 'react';
import { MAP_HEIGHT_PX } from './constants';
import type {
  LocationPickerMapProps,
  PointMapProps,
  PointsClusterMapProps,
  ServerClusterMapProps,
} from './types';

// Leaflet (~45 KB gzip) loads only when a map is shown: never with the landing page or a plain screen.
const LazyPicker = lazy(() => import('./location-picker-map'));
const LazyPoint = lazy(() => import('./point-map'));
const LazyPointsCluster = lazy(() => import('./points-cluster-map'));
const LazyServerCluster = lazy(() => import('./server-cluster-map'));

function MapLoading({ height }: { height: number }) {
  return (
    <div
      className="flex items-center justify-center rounded-box border border-base-300 bg-base-200"
      style={{ height }}
      role="status"
    >
      Loading map…
    </div>
  );
}

function withFallback<P extends { height?: number }>(Inner: ComponentType<P>) {
  return function LazyMap(props: P) {
    return (
      <Suspense fallback={<MapLoading height={props.height ?? MAP_HEIGHT_PX} />}>
        <Inner {...props} />
      </Suspense>
    );
  };
}

export const LocationPickerMap = withFallback<LocationPickerMapProps>(LazyPicker);
export const PointMap = withFallback<PointMapProps>(LazyPoint);
export const PointsClusterMap = withFallback<PointsClusterMapProps>(LazyPointsCluster);
export const ServerClusterMap = withFallback<ServerClusterMapProps>(LazyServerCluster);
