import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useId, useRef, useState } from 'react';
import { MAP_DEFAULTS } from '../../../../contract/map';
import { Button } from '../button';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import { fieldHintText } from '../form-field';
import { BaseMap, prefersReducedMotion } from './base-map';
import type { LatLng, LocationPickerMapProps } from './types';
import { useT } from '../../../i18n/use-t';
import { mapMessages } from './messages';

/** Zoom used when the map moves to a found place or the chosen point. */
const PLACE_ZOOM = 15;
/** A whole country, and the area around the browser's position. */
const COUNTRY_ZOOM = 5;
const NEAR_ZOOM = 12;
/** With no point and no country: the whole world. */
const WORLD = { center: { lat: 20, lng: 0 }, zoom: 2 };

/** Moves the map to the browser's position, on request (the browser asks the member first). */
function MyPositionButton({ onPosition }: { onPosition(point: LatLng): void }) {
  const t = useT(mapMessages);
  const [state, setState] = useState<'idle' | 'busy' | 'refused'>('idle');
  if (typeof navigator === 'undefined' || !navigator.geolocation) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="ghost"
        size="sm"
        busy={state === 'busy'}
        busyLabel={t('position.finding')}
        onClick={() => {
          setState('busy');
          navigator.geolocation.getCurrentPosition(
            (position) => {
              setState('idle');
              onPosition({ lat: position.coords.latitude, lng: position.coords.longitude });
            },
            () => setState('refused'),
            { maximumAge: 600_000, timeout: 10_000 },
          );
        }}
      >
        {t('position.show')}
      </Button>
      {state === 'refused' ? (
        <span className={fieldHintText} role="status">
          {t('position.refused')}
        </span>
      ) : null}
    </div>
  );
}

function moveTo(map: LeafletMap, target: LatLng, zoom: number) {
  if (prefersReducedMotion()) map.setView([target.lat, target.lng], zoom, { animate: false });
  else map.flyTo([target.lat, target.lng], zoom, { duration: 0.6 });
}

/** Clicks and Enter/Space choose a point; `flyTo` and the browser's position move the view. */
function PickerBehaviour({
  onPick,
  flyTo,
  near,
  startAt,
  hasValue,
}: {
  onPick: LocationPickerMapProps['onPick'];
  flyTo: LatLng | null | undefined;
  near: LatLng | null;
  startAt: LatLng | null | undefined;
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

  // Near the user when the browser already allows it: never a permission prompt on load.
  useEffect(() => {
    if (moved.current || !navigator.geolocation || !navigator.permissions?.query) return;
    let active = true;
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((status) => {
        if (!active || status.state !== 'granted') return;
        navigator.geolocation.getCurrentPosition(
          (position) => {
            if (!active || moved.current) return;
            map.setView([position.coords.latitude, position.coords.longitude], NEAR_ZOOM, {
              animate: false,
            });
          },
          () => undefined,
          { maximumAge: 600_000, timeout: 10_000 },
        );
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [map]);

  // The starting country changed (e.g. chosen in the form): show it, unless the member moved on.
  useEffect(() => {
    if (!startAt || moved.current) return;
    map.setView([startAt.lat, startAt.lng], COUNTRY_ZOOM, { animate: false });
  }, [map, startAt]);

  useEffect(() => {
    if (!flyTo) return;
    moved.current = true;
    moveTo(map, flyTo, Math.max(map.getZoom(), PLACE_ZOOM));
  }, [map, flyTo]);

  useEffect(() => {
    if (!near) return;
    moved.current = true;
    moveTo(map, near, NEAR_ZOOM);
  }, [map, near]);

  return null;
}

/** A map to choose one point: click (or Enter for the centre) sets the marker and reports it. */
export default function LocationPickerMap({
  value,
  onPick,
  flyTo,
  startAt,
  height,
  label,
}: LocationPickerMapProps) {
  const t = useT(mapMessages);
  const hintId = useId();
  const [near, setNear] = useState<LatLng | null>(null);
  const [opening] = useState(() =>
    value
      ? { center: value, zoom: MAP_DEFAULTS.zoom }
      : startAt
        ? { center: startAt, zoom: COUNTRY_ZOOM }
        : WORLD,
  );
  return (
    <div className="flex flex-col gap-1.5">
      <BaseMap
        center={opening.center}
        zoom={opening.zoom}
        {...(height ? { height } : {})}
        label={label ?? t('picker.label')}
        describedBy={hintId}
        testId="location-picker-map"
        picker
      >
        <PickerBehaviour
          onPick={onPick}
          flyTo={flyTo}
          near={near}
          startAt={startAt}
          hasValue={value !== null}
        />
        {value ? (
          <Marker
            position={[value.lat, value.lng]}
            interactive={false}
            keyboard={false}
            alt={t('picker.chosen')}
          />
        ) : null}
      </BaseMap>
      <p id={hintId} className={fieldHintText}>
        {t('picker.hint')}
      </p>
      <MyPositionButton onPosition={setNear} />
    </div>
  );
}
