// Lazy wrappers only: importing this never pulls Leaflet into the importer's chunk.
export { DrivesClusterMap, LocationPickerMap, PointMap } from './lazy-maps';
export type { DrivesClusterMapProps, LatLng, LocationPickerMapProps, PointMapProps } from './types';
