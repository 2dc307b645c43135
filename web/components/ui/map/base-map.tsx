import { useEffect, type ReactNode } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { MAP_DEFAULTS } from '../../../../contract/map';
import './leaflet-setup';
import type { LatLng } from './types';
import { useMapConfig } from './use-map-config';

export const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Names the map container (Leaflet makes it focusable) and ties it to its keyboard hint. */
function MapAccessibility({ label, describedBy }: { label: string; describedBy?: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-roledescription', 'map');
    container.setAttribute('aria-label', label);
    if (describedBy) container.setAttribute('aria-describedby', describedBy);
    else container.removeAttribute('aria-describedby');
  }, [map, label, describedBy]);
  return null;
}

/** Tiles from the server's map configuration; without it the map still works, just blank. */
function ConfiguredTiles() {
  const config = useMapConfig();
  if (!config.data) return null;
  return (
    <TileLayer
      url={config.data.tileUrl}
      attribution={config.data.attribution}
      tileSize={config.data.tileSize}
      maxZoom={config.data.maxZoom}
    />
  );
}

/** The shared frame of every map: size, start view, tiles and an accessible name. */
export function BaseMap({
  center,
  zoom = MAP_DEFAULTS.zoom,
  height = MAP_DEFAULTS.heightPx,
  label,
  describedBy,
  testId,
  children,
}: {
  center?: LatLng;
  zoom?: number;
  height?: number;
  label: string;
  describedBy?: string;
  testId?: string;
  children?: ReactNode;
}) {
  const start = center ?? MAP_DEFAULTS.center;
  return (
    <div
      className="isolate overflow-hidden rounded-box border border-base-300"
      style={{ height }}
      data-testid={testId}
    >
      <MapContainer
        center={[start.lat, start.lng]}
        zoom={zoom}
        maxZoom={MAP_DEFAULTS.maxZoom}
        style={{ height: '100%', width: '100%' }}
        scrollWheelZoom
        keyboard
      >
        <MapAccessibility label={label} {...(describedBy ? { describedBy } : {})} />
        <ConfiguredTiles />
        {children}
      </MapContainer>
    </div>
  );
}
