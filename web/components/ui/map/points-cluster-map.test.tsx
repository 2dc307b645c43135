// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, renderWithApp } from '../../../test-support/render';
import PointsClusterMap from './points-cluster-map';

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
});
