import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { FitBoundsOptions, LatLngBoundsLiteral } from 'leaflet';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { MAP_DEFAULTS, OSM_ATTRIBUTION } from '../../../../contract/map';
import './leaflet-setup';
import type { LatLng } from './types';
import { useMapConfig } from './use-map-config';
import { useT } from '../../../i18n/use-t';
import { mapMessages } from './messages';
import { LaterTask } from '../later-task';

export const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Names the map container (Leaflet makes it focusable) and ties it to its keyboard hint. */
function MapAccessibility({ label, describedBy }: { label: string; describedBy?: string }) {
  const map = useMap();
  const t = useT(mapMessages);
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-roledescription', t('map.role'));
    container.setAttribute('aria-label', label);
    if (describedBy) container.setAttribute('aria-describedby', describedBy);
    else container.removeAttribute('aria-describedby');
    // Leaflet writes its controls' words in English: the member's language instead.
    for (const [selector, text] of [
      ['.leaflet-control-zoom-in', t('zoom.in')],
      ['.leaflet-control-zoom-out', t('zoom.out')],
    ] as const) {
      const control = container.querySelector(selector);
      control?.setAttribute('title', text);
      control?.setAttribute('aria-label', text);
    }
    // The attribution control rewrites its prefix on every change: the prefix itself is reworded.
    const attribution = map.attributionControl;
    const prefix = attribution?.options.prefix;
    if (typeof prefix === 'string')
      attribution.setPrefix(
        prefix.replace(/title="[^"]*"/, `title="${escapeHtml(t('leaflet.title'))}"`),
      );
  }, [map, label, describedBy, t]);
  return null;
}

/**
 * Leaflet focuses the map on mousedown with a plain focus(): a map partly below the fold then
 * scrolls the app's pane (Leaflet restores only the window's scroll) between press and release,
 * so the click misses the marker. Focusing first without scrolling makes Leaflet skip its own.
 */
function FocusWithoutScrolling() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const onPress = () => {
      if (document.activeElement !== container) container.focus({ preventScroll: true });
    };
    container.addEventListener('mousedown', onPress, true);
    return () => container.removeEventListener('mousedown', onPress, true);
  }, [map]);
  return null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** OpenStreetMap's licence line in the member's words (OSM's own pages translate it so). */
const osmAttribution = (words: string) =>
  escapeHtml(words).replace(
    /&#60;link&#62;(.*?)&#60;\/link&#62;/,
    '<a href="https://www.openstreetmap.org/copyright">$1</a>',
  );

/**
 * A map's setup in tasks of its own (issue 20's blocking time on a phone): Leaflet's map, then a
 * map framed on corners its view, then the tiles (LaterTask), then a points map's markers.
 */
export const TILES_TASK = 2;
export const MARKERS_TASK = 3;

/** Frames the map on `bounds` once, when it opens (its first view). */
function OpenOn({ bounds, options }: { bounds: LatLngBoundsLiteral; options?: FitBoundsOptions }) {
  const map = useMap();
  const [first] = useState({ bounds, options });
  useEffect(() => {
    map.fitBounds(first.bounds, first.options);
  }, [map, first]);
  return null;
}

type TileHealth = 'unknown' | 'ok' | 'failed';

/** Tiles from the server's map configuration; reports whether any tile could be drawn. */
function ConfiguredTiles({ onHealth }: { onHealth(health: TileHealth): void }) {
  const config = useMapConfig();
  const t = useT(mapMessages);
  const loaded = useRef(false);
  useEffect(() => {
    if (config.isError) onHealth('failed');
  }, [config.isError, onHealth]);
  if (!config.data) return null;
  // Another operator's licence line stays as configured; the default one is worded per language.
  const attribution =
    config.data.attribution === OSM_ATTRIBUTION
      ? osmAttribution(t('osm.attribution'))
      : config.data.attribution;
  return (
    <TileLayer
      // Leaflet reads the attribution once: a new language gets a new layer.
      key={attribution}
      url={config.data.tileUrl}
      attribution={attribution}
      tileSize={config.data.tileSize}
      maxZoom={config.data.maxZoom}
      eventHandlers={{
        tileload: () => {
          loaded.current = true;
          onHealth('ok');
        },
        // One failed tile among drawn ones is noise; failing before any was drawn means no map.
        tileerror: () => {
          if (!loaded.current) onHealth('failed');
        },
      }}
    />
  );
}

/**
 * Said below the map when its tiles cannot load (issue 23 §6): beside the map, never over its
 * zoom buttons, attribution or markers. The map still takes clicks and keys; only a map where a
 * point can be chosen says how to choose one.
 */
function TilesFailedNotice({ picker }: { picker: boolean }) {
  const t = useT(mapMessages);
  return (
    <p
      role="status"
      data-testid="map-tiles-failed"
      className="rounded-box border border-warning bg-base-100 px-3 py-2 text-sm text-base-content"
    >
      {t('tiles.failed')} {picker ? t('tiles.failedPicker') : t('tiles.failedPlaces')}
    </p>
  );
}

/** The shared frame of every map: size, start view, tiles and an accessible name. */
export function BaseMap({
  center,
  zoom = MAP_DEFAULTS.zoom,
  bounds,
  boundsOptions,
  height = MAP_DEFAULTS.heightPx,
  label,
  describedBy,
  testId,
  picker = false,
  children,
}: {
  center?: LatLng;
  zoom?: number;
  /** Opens framed on these corners instead (`center` and `zoom` are then not used). */
  bounds?: LatLngBoundsLiteral;
  boundsOptions?: FitBoundsOptions;
  height?: number;
  label: string;
  describedBy?: string;
  testId?: string;
  /** A map to choose a point on (its notices say how); else a map that shows places. */
  picker?: boolean;
  children?: ReactNode;
}) {
  const start = center ?? MAP_DEFAULTS.center;
  const [tiles, setTiles] = useState<TileHealth>('unknown');
  const map = (
    <div
      className="relative isolate overflow-hidden rounded-box border border-base-300"
      style={{ height }}
      data-testid={testId}
    >
      <MapContainer
        // Framed on corners: the view is set a task after Leaflet builds the map (OpenOn).
        {...(bounds ? {} : { center: [start.lat, start.lng] as [number, number], zoom })}
        maxZoom={MAP_DEFAULTS.maxZoom}
        style={{ height: '100%', width: '100%' }}
        scrollWheelZoom
        keyboard
      >
        <MapAccessibility label={label} {...(describedBy ? { describedBy } : {})} />
        <FocusWithoutScrolling />
        {bounds ? (
          <LaterTask>
            <OpenOn bounds={bounds} {...(boundsOptions ? { options: boundsOptions } : {})} />
          </LaterTask>
        ) : null}
        {/* The tiles a task after the view: shorter tasks than Leaflet's whole setup in one. */}
        <LaterTask tasks={TILES_TASK}>
          <ConfiguredTiles onHealth={setTiles} />
        </LaterTask>
        {children}
      </MapContainer>
    </div>
  );
  // One shape whether or not the tiles failed, so the map is never mounted afresh.
  return (
    <div className="flex flex-col gap-1.5">
      {map}
      {tiles === 'failed' ? <TilesFailedNotice picker={picker} /> : null}
    </div>
  );
}
