// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, renderWithApp } from '../../../test-support/render';
import { L } from './leaflet-setup';
import PointsClusterMap from './points-cluster-map';
import type { ClusterPoint } from './types';

beforeEach(() => {
  answerFetch(200, {
    success: true,
    data: {
      tileUrl: 'http://tiles.test/{z}/{x}/{y}.png',
      attribution: '© Test tiles',
      tileSize: 256,
      maxZoom: 18,
    },
  });
  // jsdom lays nothing out; Leaflet needs a sized box to know which markers are in view.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const points = [
  { id: 'a', lat: 51.5073, lng: -0.1657, title: 'Neem × 3' },
  { id: 'b', lat: 51.5074, lng: -0.1658, title: 'Mango' },
  { id: 'c', lat: 28.5933, lng: 77.2197, title: 'Old oak', detail: 'Healthy' },
];

/** The map fed like a page does: a refetch hands over a new array, equal or changed. */
function Refetching() {
  const [shown, setShown] = useState<ClusterPoint[]>(points);
  return (
    <>
      <button type="button" onClick={() => setShown(structuredClone(points))}>
        Same again
      </button>
      <button
        type="button"
        onClick={() => setShown(points.map((p) => (p.id === 'c' ? { ...p, title: 'Oak' } : p)))}
      >
        Renamed
      </button>
      <PointsClusterMap
        points={shown}
        onOpen={() => undefined}
        openLabel="Open tree"
        itemsName="trees"
        label="Map of my trees"
      />
    </>
  );
}

describe('PointsClusterMap', () => {
  it('clusters nearby points, says what they are, and opens one from its popup', async () => {
    const onOpen = vi.fn();
    renderWithApp(
      <PointsClusterMap
        points={points}
        onOpen={onOpen}
        linkFor={(id) => `/app/trees/${id}`}
        openLabel="Open tree"
        itemsName="trees"
        label="Map of my trees"
      />,
    );
    expect(screen.getByRole('region', { name: 'Map of my trees' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.marker-cluster')).not.toBeNull());
    expect(document.querySelector('.marker-cluster')).toHaveTextContent(
      '2 trees, press Enter to zoom in',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Old oak' }));
    expect(await screen.findByText('Healthy')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Open tree Old oak' });
    expect(link).toHaveAttribute('href', '/app/trees/c');
    fireEvent.click(link);
    expect(onOpen).toHaveBeenCalledWith('c');
  });
  it('opens framed on its points, with no world view set up first', async () => {
    const setView = vi.spyOn(L.Map.prototype, 'setView');
    renderWithApp(<Refetching />);
    await waitFor(() => expect(document.querySelector('.marker-cluster')).not.toBeNull());
    expect(setView).toHaveBeenCalledTimes(1);
    expect(setView.mock.calls[0]![1]).toBeGreaterThan(2);
    // Equal places arriving again keep the view.
    fireEvent.click(screen.getByRole('button', { name: 'Same again' }));
    expect(setView).toHaveBeenCalledTimes(1);
  });

  it('keeps its markers and an open popup when equal points arrive again', async () => {
    renderWithApp(<Refetching />);
    const marker = await screen.findByRole('button', { name: 'Old oak' });
    fireEvent.click(marker);
    expect(await screen.findByText('Healthy')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Same again' }));
    expect(screen.getByRole('button', { name: 'Old oak' })).toBe(marker);
    expect(screen.getByText('Healthy')).toBeInTheDocument();

    // Changed points do redraw.
    fireEvent.click(screen.getByRole('button', { name: 'Renamed' }));
    expect(await screen.findByRole('button', { name: 'Oak' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Old oak' })).not.toBeInTheDocument();
  });

  it('takes focus without scrolling the page when a marker is pressed', async () => {
    renderWithApp(<Refetching />);
    const marker = await screen.findByRole('button', { name: 'Old oak' });
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    fireEvent.mouseDown(marker);
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Map of my trees' }));
    expect(focus).toHaveBeenCalled();
    for (const [options] of focus.mock.calls) expect(options).toEqual({ preventScroll: true });
  });
});
