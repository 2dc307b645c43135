// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TreeMapCluster, TreeMapPoint } from '../../../../contract/trees';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { TreesMapView } from './trees-map-view';

// The real Leaflet map (no stand-in): what it asks for and what it draws.
beforeEach(() => {
  // jsdom lays nothing out; Leaflet needs a sized box to know its bounds.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(520);
  // A settled move is reported after 250 ms; without 3D transforms (jsdom) Leaflet zooms at once.
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const tree: TreeMapPoint = {
  id: 'a',
  lat: 28.593,
  lng: 77.22,
  species: 1,
  count: 1,
  aliveCount: 1,
  status: 'healthy',
};
const clusters: TreeMapCluster[] = [
  { lat: 12.97, lng: 77.59, count: 12 },
  { lat: 51.5, lng: -0.12, count: 2400 },
];

function serve() {
  return routeFetch(
    (url) =>
      url.pathname === '/api/map-config'
        ? {
            status: 200,
            body: {
              success: true,
              data: {
                tileUrl: 'http://tiles.test/{z}/{x}/{y}.png',
                attribution: '© Test tiles',
                tileSize: 256,
                maxZoom: 18,
              },
            },
          }
        : undefined,
    (url) => {
      if (url.pathname !== '/api/trees/map') return undefined;
      const zoom = Number(url.searchParams.get('zoom'));
      // Zoomed in: the trees themselves; at the world's zoom, clusters and a lone tree.
      const body =
        zoom > 2
          ? { success: true, data: [tree, { ...tree, id: 'b', lat: 12.97 }], clusters: [] }
          : { success: true, data: [tree], clusters };
      return { status: 200, body: { ...body, truncated: false } };
    },
  );
}

const mapCalls = (spy: ReturnType<typeof serve>) =>
  spy.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/trees/map');

const bboxOf = (url: URL) =>
  url.searchParams.get('bbox')!.split(',').map(Number) as [number, number, number, number];

describe('Trees map (Leaflet)', () => {
  it('asks for its view and zoom, draws count bubbles, and zooms into one chosen', async () => {
    const spy = serve();
    renderWithApp(<TreesMapView />, '/app/trees-map?status=healthy');

    const bubble = await screen.findByRole(
      'button',
      { name: '12 trees here — zoom in' },
      { timeout: 5000 },
    );
    const first = mapCalls(spy)[0]!;
    expect(first.searchParams.get('zoom')).toBe('2');
    expect(first.searchParams.get('status')).toBe('healthy');
    const [west, south, east, north] = bboxOf(first);
    expect(west).toBeGreaterThanOrEqual(-180);
    expect(east).toBeLessThanOrEqual(180);
    expect(west).toBeLessThan(east);
    expect(south).toBeGreaterThanOrEqual(-90);
    expect(north).toBeLessThanOrEqual(90);
    expect(south).toBeLessThan(north);

    // Sized by count, said in full, shown short; focusable from the keyboard.
    expect(bubble).toHaveTextContent('12');
    expect(bubble).toHaveAttribute('tabindex', '0');
    const big = screen.getByRole('button', { name: '2,400 trees here — zoom in' });
    expect(big).toHaveTextContent('2.4K');
    expect(parseFloat(big.style.width)).toBeGreaterThan(parseFloat(bubble.style.width));
    // The lone tree is a marker with its name; the total counts every tree record in view.
    expect(screen.getByRole('button', { name: 'Neem' })).toBeInTheDocument();
    expect(screen.getByTestId('tree-map-total')).toHaveTextContent(
      '2,413 tree records in this view',
    );

    fireEvent.click(bubble);
    await waitFor(() => expect(mapCalls(spy).at(-1)!.searchParams.get('zoom')).toBe('4'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /trees here/ })).toBeNull());
    expect(screen.getAllByRole('button', { name: 'Neem' })).toHaveLength(2);
    // Centred on the cluster it zoomed into.
    const [w, s, e, n] = bboxOf(mapCalls(spy).at(-1)!);
    expect(w < 77.59 && 77.59 < e && s < 12.97 && 12.97 < n).toBe(true);
  });

  it('zooms into a cluster chosen with Enter', async () => {
    const spy = serve();
    renderWithApp(<TreesMapView />, '/app/trees-map');
    const bubble = await screen.findByRole(
      'button',
      { name: '12 trees here — zoom in' },
      { timeout: 5000 },
    );
    bubble.focus();
    fireEvent.keyDown(bubble, { key: 'Enter' });
    await waitFor(() => expect(mapCalls(spy).at(-1)!.searchParams.get('zoom')).toBe('4'));
  });
});
