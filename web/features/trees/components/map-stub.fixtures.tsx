/* Test-only: stand-ins for the Leaflet maps (which need a real layout) in the trees' tests. */
import { useEffect } from 'react';
import type {
  LocationPickerMapProps,
  PointsClusterMapProps,
  ServerClusterMapProps,
} from '../../../components/ui/map';

/** Picks a fixed point and shows where the map was sent and what it holds. */
export function LocationPickerMap({ onPick, value }: LocationPickerMapProps) {
  return (
    <div>
      <button type="button" onClick={() => onPick(28.61, 77.23)}>
        Pick a point on the map
      </button>
      <span data-testid="map-value">{value ? `${value.lat},${value.lng}` : 'none'}</span>
    </div>
  );
}

/** Lists the points it was given, each with its open link. */
export function PointsClusterMap({ points, label, linkFor, openLabel }: PointsClusterMapProps) {
  return (
    <ul aria-label={label}>
      {points.map((point) => (
        <li key={point.id}>
          <a href={linkFor?.(point.id)}>{`${openLabel} ${point.title}`}</a>
        </li>
      ))}
    </ul>
  );
}

/** Says a fixed world view once, then lists the trees (open links) and clusters (their counts). */
export function ServerClusterMap({
  points,
  clusters,
  label,
  linkFor,
  openLabel,
  itemsName,
  onViewChange,
}: ServerClusterMapProps) {
  useEffect(() => onViewChange({ bbox: [-180, -60, 180, 80], zoom: 2 }), [onViewChange]);
  return (
    <ul aria-label={label}>
      {points.map((point) => (
        <li key={point.id}>
          <a href={linkFor?.(point.id)}>{`${openLabel} ${point.title}`}</a>
        </li>
      ))}
      {clusters.map((cluster) => (
        <li key={`${cluster.lat},${cluster.lng}`}>{`${cluster.count} ${itemsName} here`}</li>
      ))}
    </ul>
  );
}
