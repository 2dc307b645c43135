// Lazy wrappers only: importing this never pulls Leaflet into the importer's chunk.
export { LocationPickerMap, PointMap, PointsClusterMap } from './lazy-maps';
export type {
  ClusterPoint,
  LatLng,
  LocationPickerMapProps,
  PointMapProps,
  PointsClusterMapProps,
} from './types';
