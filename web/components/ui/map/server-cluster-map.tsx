import { L } from './leaflet-setup';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { formatCount } from '../../../lib/numbers';
import { BaseMap, prefersReducedMotion } from './base-map';
import { popupContent } from './popup-content';
import type { ClusterPoint, MapCluster, MapView, ServerClusterMapProps } from './types';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { mapMessages } from './messages';

/** A move or zoom is reported once the map has been still this long. */
export const VIEW_DEBOUNCE_MS = 250;
/** Choosing a cluster zooms in this many steps (its cell then spans four times the pixels). */
const CLUSTER_ZOOM_STEP = 2;
const WORLD = { lat: 20, lng: 0 };

const compact = (count: number) =>
  new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 }).format(count);

/** A bubble sized by its count's order of magnitude: 32 px under 10, up to 56 px from 1,000. */
const clusterSize = (count: number) =>
  count < 10 ? 32 : count < 100 ? 40 : count < 1000 ? 48 : 56;

/** `label`: what the count marker says to a screen reader (and as its tooltip). */
function clusterMarker(cluster: MapCluster, label: string, zoomIn: () => void): L.Marker {
  const size = clusterSize(cluster.count);
  const text = document.createElement('span');
  text.setAttribute('aria-hidden', 'true');
  text.textContent = compact(cluster.count);
  const marker = L.marker([cluster.lat, cluster.lng], {
    title: label,
    keyboard: true,
    icon: L.divIcon({
      html: text,
      className:
        'flex items-center justify-center rounded-full border-2 border-base-100 bg-primary/90 text-sm font-bold text-primary-content shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-base-content',
      iconSize: L.point(size, size),
    }),
  });
  marker.on('click', zoomIn);
  marker.on('add', () => {
    const element = marker.getElement();
    if (!element) return;
    element.setAttribute('aria-label', label);
    element.dataset.count = String(cluster.count);
    element.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      event.stopPropagation();
      zoomIn();
    });
  });
  return marker;
}

const round = (value: number, up: boolean) =>
  (up ? Math.ceil(value * 1e4) : Math.floor(value * 1e4)) / 1e4;

/** The map's box in the API's terms: latitudes within ±90, longitudes within ±180 (wrapped). */
export function viewOf(map: L.Map): MapView {
  const bounds = map.getBounds();
  const south = Math.max(-90, round(bounds.getSouth(), false));
  const north = Math.min(90, round(bounds.getNorth(), true));
  let west = -180;
  let east = 180;
  if (bounds.getEast() - bounds.getWest() < 360) {
    west = round(L.Util.wrapNum(bounds.getWest(), [-180, 180], true), false);
    east = round(L.Util.wrapNum(bounds.getEast(), [-180, 180], true), true);
    west = Math.max(-180, west);
    east = Math.min(180, east);
  }
  const zoom = Math.min(20, Math.max(0, Math.round(map.getZoom())));
  return { bbox: [west, south, east, north], zoom };
}

/** Reports the view when the map is ready, then after each move or zoom settles. */
function ViewReporter({ onViewChange }: Pick<ServerClusterMapProps, 'onViewChange'>) {
  const map = useMap();
  const report = useRef(onViewChange);
  useEffect(() => {
    report.current = onViewChange;
  }, [onViewChange]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = () => {
      clearTimeout(timer);
      timer = setTimeout(() => report.current(viewOf(map)), VIEW_DEBOUNCE_MS);
    };
    map.whenReady(() => report.current(viewOf(map)));
    map.on('moveend zoomend', settled);
    return () => {
      clearTimeout(timer);
      map.off('moveend zoomend', settled);
    };
  }, [map]);
  return null;
}

/**
 * Keeps one marker per item across answers: an item in the next answer too keeps its marker
 * (and an open popup), others come and go.
 */
function useMarkerSet<T>(
  items: T[],
  keyOf: (item: T) => string,
  build: (item: T) => L.Marker,
  deps: unknown[],
) {
  const map = useMap();
  const shown = useRef(new Map<string, L.Marker>());
  const buildRef = useRef(build);
  const keyRef = useRef(keyOf);
  useEffect(() => {
    buildRef.current = build;
    keyRef.current = keyOf;
  });
  // Anything the markers are built from besides the items (labels, names) rebuilds them all.
  useEffect(() => {
    const markers = shown.current;
    return () => {
      for (const marker of markers.values()) map.removeLayer(marker);
      markers.clear();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, ...deps]);
  useEffect(() => {
    const markers = shown.current;
    const next = new Map<string, T>(items.map((item) => [keyRef.current(item), item]));
    for (const [key, marker] of markers) {
      if (next.has(key)) continue;
      map.removeLayer(marker);
      markers.delete(key);
    }
    for (const [key, item] of next) {
      if (markers.has(key)) continue;
      const marker = buildRef.current(item);
      markers.set(key, marker);
      marker.addTo(map);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, items, ...deps]);
}

function ServerLayers({
  points,
  clusters,
  onOpen,
  linkFor,
  openLabel,
  itemsName,
}: Pick<
  ServerClusterMapProps,
  'points' | 'clusters' | 'onOpen' | 'linkFor' | 'openLabel' | 'itemsName'
>) {
  const map = useMap();
  const t = useT(mapMessages);
  const locale = useIntlLocale();
  const openRef = useRef(onOpen);
  useEffect(() => {
    openRef.current = onOpen;
  }, [onOpen]);

  useMarkerSet<ClusterPoint>(
    points,
    (point) => JSON.stringify(point),
    (point) =>
      L.marker([point.lat, point.lng], { alt: point.title, title: point.title }).bindPopup(() =>
        popupContent(point, openLabel, (id) => openRef.current(id), linkFor),
      ),
    [openLabel, linkFor],
  );
  useMarkerSet<MapCluster>(
    clusters,
    (cluster) => `${cluster.lat},${cluster.lng},${cluster.count}`,
    (cluster) =>
      clusterMarker(
        cluster,
        t('cluster.label', { count: formatCount(cluster.count, locale), items: itemsName }),
        () => {
          const focused = map.getContainer().contains(document.activeElement);
          map.setView(
            [cluster.lat, cluster.lng],
            Math.min(map.getZoom() + CLUSTER_ZOOM_STEP, map.getMaxZoom()),
            { animate: !prefersReducedMotion() },
          );
          // The chosen bubble goes away with the next answer: keep the keyboard on the map.
          if (focused) map.getContainer().focus({ preventScroll: true });
        },
      ),
    [itemsName, t, locale],
  );
  return null;
}

/**
 * A map of items the server groups by view: it reports its box and zoom (when ready, then
 * debounced after each move), and draws what it is given, single items with popups and count
 * bubbles that zoom in when clicked or chosen with Enter. It never moves to fit its items.
 */
export default function ServerClusterMap({
  points,
  clusters,
  onViewChange,
  onOpen,
  linkFor,
  openLabel,
  itemsName,
  center = WORLD,
  zoom = 2,
  height,
  label,
}: ServerClusterMapProps) {
  return (
    <BaseMap
      {...(height ? { height } : {})}
      center={center}
      zoom={zoom}
      label={label}
      testId="server-cluster-map"
    >
      <ViewReporter onViewChange={onViewChange} />
      <ServerLayers
        points={points}
        clusters={clusters}
        onOpen={onOpen}
        openLabel={openLabel}
        itemsName={itemsName}
        {...(linkFor ? { linkFor } : {})}
      />
    </BaseMap>
  );
}
