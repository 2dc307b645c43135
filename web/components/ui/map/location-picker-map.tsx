import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useId, useRef } from 'react';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import { fieldHintText } from '../form-field';
import { BaseMap, prefersReducedMotion } from './base-map';
import type { LatLng, LocationPickerMapProps } from './types';

/** Zoom used when the map moves to a found place or the chosen point. */
const PLACE_ZOOM = 15;

function moveTo(map: LeafletMap, target: LatLng, zoom: number) {
  if (prefersReducedMotion()) map.setView([target.lat, target.lng], zoom, { animate: false });
  else map.flyTo([target.lat, target.lng], zoom, { duration: 0.6 });
}

/** Clicks and Enter/Space choose a point; `flyTo` and the browser's position move the view. */
function PickerBehaviour({
  onPick,
  flyTo,
  hasValue,
}: {
  onPick: LocationPickerMapProps['onPick'];
  flyTo: LatLng | null | undefined;
  hasValue: boolean;
}) {
  const map = useMap();
  const onPickRef = useRef(onPick);
  // Kept in a ref so a new callback each render does not re-register the map's handlers.
  useEffect(() => {
    onPickRef.current = onPick;
  }, [onPick]);
  const moved = useRef(hasValue);

  useMapEvents({
    click(event) {
      moved.current = true;
      onPickRef.current(event.latlng.lat, event.latlng.lng);
    },
    dragstart() {
      moved.current = true;
    },
  });

  // Keyboard alternative to clicking: Enter or Space on the focused map picks its centre.
  useEffect(() => {
    const container = map.getContainer();
    const onKey = (event: KeyboardEvent) => {
      if (event.target !== container) return;
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      const centre = map.getCenter();
      moved.current = true;
      onPickRef.current(centre.lat, centre.lng);
    };
    container.addEventListener('keydown', onKey);
    return () => container.removeEventListener('keydown', onKey);
  }, [map]);

  // Spec: start near the user when the browser allows it (never over a place already chosen).
  useEffect(() => {
    if (moved.current || !navigator.geolocation) return;
    let active = true;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!active || moved.current) return;
        map.setView([position.coords.latitude, position.coords.longitude], map.getZoom(), {
          animate: false,
        });
      },
      () => undefined, // Refused or unavailable: the default centre stays.
      { maximumAge: 600_000, timeout: 10_000 },
    );
    return () => {
      active = false;
    };
  }, [map]);

  useEffect(() => {
    if (!flyTo) return;
    moved.current = true;
    moveTo(map, flyTo, Math.max(map.getZoom(), PLACE_ZOOM));
  }, [map, flyTo]);

  return null;
}

/** A map to choose one point: click (or Enter for the centre) sets the marker and reports it. */
export default function LocationPickerMap({
  value,
  onPick,
  flyTo,
  height,
  label = 'Map: choose the location',
}: LocationPickerMapProps) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <BaseMap
        {...(value ? { center: value } : {})}
        {...(height ? { height } : {})}
        label={label}
        describedBy={hintId}
        testId="location-picker-map"
      >
        <PickerBehaviour onPick={onPick} flyTo={flyTo} hasValue={value !== null} />
        {value ? (
          <Marker
            position={[value.lat, value.lng]}
            interactive={false}
            keyboard={false}
            alt="Chosen location"
          />
        ) : null}
      </BaseMap>
      <p id={hintId} className={fieldHintText}>
        Click the map to choose the point. With the keyboard: arrow keys move the map, + and − zoom,
        Enter places the marker at the centre.
      </p>
    </div>
  );
}
