/* Test-only: stand-ins for the Leaflet maps (which need a real layout) in the trees' tests. */
import type { LocationPickerMapProps, PointsClusterMapProps } from '../../../components/ui/map';

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
