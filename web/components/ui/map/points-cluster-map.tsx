// Order matters: the plugin extends the `L` that leaflet-setup makes global.
import { L } from './leaflet-setup';
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { useEffect, useRef, useState } from 'react';
import { useMap } from 'react-leaflet';
import { BaseMap, MARKERS_TASK } from './base-map';
import { popupContent } from './popup-content';
import type { ClusterPoint, PointsClusterMapProps } from './types';
import { useT } from '../../../i18n/use-t';
import { mapMessages } from './messages';
import { LaterTask } from '../later-task';

/** How the map frames its points: when it opens, and again when they move. */
const FRAME = { padding: [32, 32], maxZoom: 13, animate: false } satisfies L.FitBoundsOptions;
const cornersOf = (points: ClusterPoint[]) => points.map((p) => [p.lat, p.lng] as [number, number]);

/** The plugin's usual bubble, with a name a screen reader can say ("3 trees") instead of "3". */
const clusterIcon = (spokenText: string) => (cluster: L.MarkerCluster) => {
  const count = cluster.getChildCount();
  const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
  const spoken = document.createElement('span');
  spoken.textContent = ` ${spokenText}`;
  return L.divIcon({
    html: `<div><span>${count}<span class="sr-only">${spoken.innerHTML}</span></span></div>`,
    className: `marker-cluster marker-cluster-${size}`,
    iconSize: L.point(40, 40),
  });
};

/** Equal points keep one array: a refetch or a parent's render with the same data keeps the markers (and an open popup). */
function useSamePoints(points: ClusterPoint[]): ClusterPoint[] {
  const key = JSON.stringify(points);
  const [kept, setKept] = useState({ key, points });
  if (kept.key !== key) setKept({ key, points });
  return kept.key === key ? kept.points : points;
}

function ClusterLayer({
  points,
  onOpen,
  linkFor,
  openLabel,
  itemsName,
  framed,
}: Pick<PointsClusterMapProps, 'points' | 'onOpen' | 'linkFor' | 'openLabel' | 'itemsName'> & {
  /** The corners the map opened framed on. */
  framed: [number, number][];
}) {
  const map = useMap();
  const framedKey = useRef(JSON.stringify(framed));
  const t = useT(mapMessages);
  const spokenText = t('cluster.spoken', { items: itemsName });
  const shown = useSamePoints(points);
  const openRef = useRef(onOpen);
  // The latest callback without rebuilding every marker when a parent re-renders.
  useEffect(() => {
    openRef.current = onOpen;
  }, [onOpen]);

  useEffect(() => {
    const group = L.markerClusterGroup({
      showCoverageOnHover: false,
      chunkedLoading: true,
      // Markers in slices of ~12 ms (the plugin's default is 200), a phone's CPU being ~4× slower.
      chunkInterval: 12,
      iconCreateFunction: clusterIcon(spokenText),
    });
    group.addLayers(
      shown.map((point) =>
        L.marker([point.lat, point.lng], { alt: point.title, title: point.title }).bindPopup(() =>
          popupContent(point, openLabel, (id) => openRef.current(id), linkFor),
        ),
      ),
    );
    map.addLayer(group);
    // Framed again only when the points moved: the map opened on the first ones.
    const corners = cornersOf(shown);
    const key = JSON.stringify(corners);
    if (corners.length > 0 && key !== framedKey.current) {
      map.fitBounds(L.latLngBounds(corners), FRAME);
      framedKey.current = key;
    }
    return () => {
      map.removeLayer(group);
    };
  }, [map, shown, linkFor, openLabel, spokenText]);

  return null;
}

/**
 * Any list of points on one map: nearby markers gather into numbered clusters (their count said
 * with `itemsName`); each popup has the point's title, its detail and a link to open it.
 */
export default function PointsClusterMap({
  points,
  onOpen,
  linkFor,
  openLabel,
  itemsName,
  height,
  label,
}: PointsClusterMapProps) {
  // The map opens framed on the first points: one view to set up, not a world view and then
  // theirs (a phone's first load of My Trees, issue 20).
  const [framed] = useState(() => cornersOf(points));
  return (
    <BaseMap
      {...(height ? { height } : {})}
      {...(framed.length > 0 ? { bounds: framed, boundsOptions: FRAME } : { zoom: 2 })}
      label={label}
      testId="points-cluster-map"
    >
      {/* The markers a task after the tiles (BaseMap): the tiles, a phone's largest paint, go first. */}
      <LaterTask tasks={MARKERS_TASK}>
        <ClusterLayer
          points={points}
          framed={framed}
          onOpen={onOpen}
          openLabel={openLabel}
          itemsName={itemsName}
          {...(linkFor ? { linkFor } : {})}
        />
      </LaterTask>
    </BaseMap>
  );
}
