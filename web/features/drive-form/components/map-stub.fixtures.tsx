/* Test-only: a stand-in for the Leaflet map (which needs a real layout) in the drive form's tests. */
import type { LocationPickerMapProps } from '../../../components/ui/map';

/** Picks a fixed point and shows where the map was sent and what it holds. */
export function LocationPickerMap({ onPick, flyTo, value }: LocationPickerMapProps) {
  return (
    <div>
      <button type="button" onClick={() => onPick(28.61, 77.23)}>
        Pick a point on the map
      </button>
      <span data-testid="map-fly-to">{flyTo ? `${flyTo.lat},${flyTo.lng}` : 'none'}</span>
      <span data-testid="map-value">{value ? `${value.lat},${value.lng}` : 'none'}</span>
    </div>
  );
}
