// Lazy wrappers only: importing this never pulls Leaflet into the importer's chunk.
export { LocationPickerMap, PointMap, PointsClusterMap, ServerClusterMap } from './lazy-maps';
export type {
  ClusterPoint,
  LatLng,
  LocationPickerMapProps,
  MapCluster,
  MapView,
  PointMapProps,
  PointsClusterMapProps,
  ServerClusterMapProps,
} from './types';
