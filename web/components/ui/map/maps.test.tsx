// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, renderWithApp } from '../../../test-support/render';
import { PointsClusterMap as LazyClusterMap } from './index';
import LocationPickerMap from './location-picker-map';
import PointMap from './point-map';

const TILE_URL = 'http://tiles.test/{z}/{x}/{y}.png';

const renderMap = (ui: ReactNode) => renderWithApp(ui);

beforeEach(() => {
  answerFetch(200, {
    success: true,
    data: { tileUrl: TILE_URL, attribution: '© Test tiles', tileSize: 256, maxZoom: 18 },
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('maps', () => {
  it('loads tiles from the map configuration and names the focusable map', async () => {
    renderMap(<PointMap lat={51.5} lng={-0.09} label="Hyde Park, London" />);
    const map = screen.getByRole('region', { name: 'Map: Hyde Park, London' });
    expect(map).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: 'Hyde Park, London' })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(
        /^http:\/\/tiles\.test\/\d+\/\d+\/\d+\.png$/,
      ),
    );
    expect(globalThis.fetch).toHaveBeenCalledWith('/api/map-config', expect.anything());
    expect(screen.getByText('© Test tiles', { exact: false })).toBeInTheDocument();
  });

  it('opens on the given country (not London), picks by click, and the centre by Enter', () => {
    const onPick = vi.fn();
    renderMap(
      <LocationPickerMap value={null} onPick={onPick} startAt={{ lat: 20.59, lng: 78.96 }} />,
    );
    const map = screen.getByRole('region', { name: 'Map: choose the location' });
    expect(map).toHaveAccessibleDescription(/Enter places the marker at the centre/);
    fireEvent.keyDown(map, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(20.59, 78.96);
    fireEvent.click(map, { clientX: 0, clientY: 0 });
    expect(onPick).toHaveBeenCalledTimes(2);
  });

  it('says so below a display map when its tiles cannot load, never over its controls', async () => {
    renderMap(<PointMap lat={51.5} lng={-0.09} label="Hyde Park, London" />);
    await waitFor(() => expect(document.querySelector('img.leaflet-tile')).not.toBeNull());
    expect(screen.queryByTestId('map-tiles-failed')).not.toBeInTheDocument();
    fireEvent.error(document.querySelector('img.leaflet-tile')!);
    const notice = await screen.findByTestId('map-tiles-failed');
    expect(notice).toHaveTextContent('The map images could not be loaded');
    // Nothing can be chosen on a display map, so it does not say how (issue 23 §6).
    expect(notice).not.toHaveTextContent(/choose a point/i);
    // Beside the map, not inside its box (where the zoom buttons and attribution are).
    expect(screen.getByTestId('point-map')).not.toContainElement(notice);
    expect(screen.getByTestId('point-map').nextElementSibling).toBe(notice);
  });

  it('on a picker, the notice says a point can still be chosen', async () => {
    renderMap(<LocationPickerMap value={null} onPick={vi.fn()} />);
    await waitFor(() => expect(document.querySelector('img.leaflet-tile')).not.toBeNull());
    fireEvent.error(document.querySelector('img.leaflet-tile')!);
    const notice = await screen.findByTestId('map-tiles-failed');
    expect(notice).toHaveTextContent(/click and use the keyboard on the map to choose a point/);
    expect(screen.getByTestId('location-picker-map')).not.toContainElement(notice);
    // The map is the same one (not mounted afresh): it still picks.
    expect(screen.getByRole('region', { name: 'Map: choose the location' })).toBeInTheDocument();
  });

  it('asks for the browser position only when the member presses the button', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 12.97, longitude: 77.59 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition },
    });
    try {
      renderMap(
        <LocationPickerMap value={null} onPick={vi.fn()} startAt={{ lat: 20.59, lng: 78.96 }} />,
      );
      expect(getCurrentPosition).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: 'Show my position' }));
      expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });

  it('shows the chosen point with a marker', () => {
    renderMap(<LocationPickerMap value={{ lat: 28.6, lng: 77.2 }} onPick={() => undefined} />);
    expect(screen.getByAltText('Chosen location')).toBeInTheDocument();
  });

  // "Loading map…" holding the map's place is tested with a controlled IntersectionObserver in
  // lazy-mount.test.tsx; here the code may already be loaded, so only its arrival is certain.
  it('shows the lazily loaded map once its code has loaded', async () => {
    renderMap(
      <LazyClusterMap
        points={[]}
        onOpen={() => undefined}
        openLabel="Open drive"
        itemsName="drives"
        label="Map of tree drives"
      />,
    );
    expect(await screen.findByRole('region', { name: 'Map of tree drives' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
