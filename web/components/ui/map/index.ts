// Lazy wrappers only: importing this never pulls Leaflet into the importer's chunk.
export { DrivesClusterMap, LocationPickerMap, PointMap, PointsClusterMap } from './lazy-maps';
export type {
  ClusterPoint,
  DrivesClusterMapProps,
  LatLng,
  LocationPickerMapProps,
  PointMapProps,
  PointsClusterMapProps,
} from './types';
