// Order matters: the plugin extends the `L` that leaflet-setup makes global.
import { L } from './leaflet-setup';
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { DriveMapPoint } from '../../../../contract/drives';
import { formatDriveTime } from '../../../lib/dates';
import { BaseMap } from './base-map';
import type { DrivesClusterMapProps } from './types';

/** A popup's content: the drive's name and date and a link to it (DOM, because Leaflet owns popups). */
function popupContent(
  point: DriveMapPoint,
  open: (id: string) => void,
  linkFor: ((id: string) => string) | undefined,
): HTMLElement {
  const box = document.createElement('div');
  const name = document.createElement('strong');
  name.textContent = point.driveName;
  const date = document.createElement('div');
  date.textContent = formatDriveTime(point.driveDate, point.timeZone) || point.driveDate;
  const link = document.createElement(linkFor ? 'a' : 'button');
  link.textContent = 'Open drive';
  link.setAttribute('aria-label', `Open drive ${point.driveName}`);
  link.className = 'link font-semibold';
  if (link instanceof HTMLAnchorElement) link.href = linkFor!(point.id);
  else link.setAttribute('type', 'button');
  link.addEventListener('click', (event) => {
    // A plain click stays in the app; modified clicks on a link open a new tab as usual.
    if (event instanceof MouseEvent && (event.ctrlKey || event.metaKey || event.shiftKey)) return;
    event.preventDefault();
    open(point.id);
  });
  box.append(name, date, link);
  return box;
}

/** The plugin's usual bubble, with a name a screen reader can say ("3 drives") instead of "3". */
function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const count = cluster.getChildCount();
  const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
  return L.divIcon({
    html: `<div><span>${count}<span class="sr-only"> drives, press Enter to zoom in</span></span></div>`,
    className: `marker-cluster marker-cluster-${size}`,
    iconSize: L.point(40, 40),
  });
}

/** Puts the points in one cluster group and fits the view to them whenever they change. */
function ClusterLayer({
  points,
  onOpen,
  linkFor,
}: Pick<DrivesClusterMapProps, 'points' | 'onOpen' | 'linkFor'>) {
  const map = useMap();
  const openRef = useRef(onOpen);
  // The latest callbacks without rebuilding every marker when a parent re-renders.
  useEffect(() => {
    openRef.current = onOpen;
  }, [onOpen]);

  useEffect(() => {
    const group = L.markerClusterGroup({
      showCoverageOnHover: false,
      chunkedLoading: true,
      iconCreateFunction: clusterIcon,
    });
    const markers = points.map((point) =>
      L.marker([point.driveLat, point.driveLong], {
        alt: point.driveName,
        title: point.driveName,
      }).bindPopup(() => popupContent(point, (id) => openRef.current(id), linkFor)),
    );
    group.addLayers(markers);
    map.addLayer(group);
    if (points.length > 0) {
      const bounds = L.latLngBounds(
        points.map((p) => [p.driveLat, p.driveLong] as [number, number]),
      );
      map.fitBounds(bounds, { padding: [32, 32], maxZoom: 13, animate: false });
    }
    return () => {
      map.removeLayer(group);
    };
  }, [map, points, linkFor]);

  return null;
}

/** Many drives on one map: nearby markers gather into numbered clusters; each popup links to its drive. */
export default function DrivesClusterMap({
  points,
  onOpen,
  linkFor,
  height,
  label = 'Map of tree drives',
}: DrivesClusterMapProps) {
  return (
    <BaseMap {...(height ? { height } : {})} zoom={2} label={label} testId="drives-cluster-map">
      <ClusterLayer points={points} onOpen={onOpen} {...(linkFor ? { linkFor } : {})} />
    </BaseMap>
  );
}
