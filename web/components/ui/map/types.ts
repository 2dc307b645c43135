/** A point on the map (degrees). */
export interface LatLng {
  lat: number;
  lng: number;
}

export interface LocationPickerMapProps {
  /** The chosen point (shown with a marker), or null while nothing is chosen. */
  value: LatLng | null;
  /** A click on the map (or Enter on the focused map: its centre) chooses a point. */
  onPick(lat: number, lng: number): void;
  /** Moves the map there whenever a new object is passed (e.g. a search result). */
  flyTo?: LatLng | null;
  /**
   * Where the map opens while no point is chosen (e.g. the member's or the form's country); it
   * follows changes until the member moves the map. A world view when left out.
   */
  startAt?: LatLng | null;
  /** Box height in px; the spec's 300 when left out. */
  height?: number;
  /** Accessible name of the map; "Map: choose the location" when left out. */
  label?: string;
}

export interface PointMapProps {
  lat: number;
  lng: number;
  /** Names the place: the marker's text alternative and its popup. */
  label: string;
  height?: number;
}

/** One point of a `PointsClusterMap`. */
export interface ClusterPoint {
  id: string;
  lat: number;
  lng: number;
  /** The marker's text alternative and the popup's heading. */
  title: string;
  /** A line under the title in the popup. */
  detail?: string;
}

export interface PointsClusterMapProps {
  points: ClusterPoint[];
  /** A popup's link was followed. */
  onOpen(id: string): void;
  /** When given, the popup's link has this address (so it can be opened in a new tab too). */
  linkFor?: (id: string) => string;
  /** What a popup's link says, e.g. "Open tree" (its accessible name adds the title). */
  openLabel: string;
  /** Plural noun a cluster's count is read with, e.g. "trees". */
  itemsName: string;
  height?: number;
  /** Accessible name of the map. */
  label: string;
}

/** Several items the server grouped into one place: how many and where. */
export interface MapCluster {
  lat: number;
  lng: number;
  count: number;
}

/** What a map shows: its box (west, south, east, north; west > east across the antimeridian) and zoom. */
export interface MapView {
  bbox: [number, number, number, number];
  zoom: number;
}

export interface ServerClusterMapProps {
  /** Items shown one by one (a marker with a popup). */
  points: ClusterPoint[];
  /** Groups counted by the server: a count marker that zooms in when chosen. */
  clusters: MapCluster[];
  /** The map's view once it is ready, then after each move or zoom settles (debounced). */
  onViewChange(view: MapView): void;
  /** A popup's link was followed. */
  onOpen(id: string): void;
  /** When given, the popup's link has this address (so it can be opened in a new tab too). */
  linkFor?: (id: string) => string;
  /** What a popup's link says, e.g. "Open tree" (its accessible name adds the title). */
  openLabel: string;
  /** Plural noun a cluster's count is read with, e.g. "trees". */
  itemsName: string;
  /** Where the map opens; the world when left out. */
  center?: LatLng;
  zoom?: number;
  height?: number;
  /** Accessible name of the map. */
  label: string;
}
