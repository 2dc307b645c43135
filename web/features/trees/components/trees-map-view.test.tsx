// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TreeMapPoint } from '../../../../contract/trees';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { TreesMapView } from './trees-map-view';

vi.mock('../../../components/ui/map', () => import('./map-stub.fixtures'));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const points: TreeMapPoint[] = [
  { id: 'a', lat: 28.593, lng: 77.22, species: 1, count: 1, aliveCount: 1, status: 'healthy' },
  { id: 'b', lat: 12.976, lng: 77.593, species: 2, count: 5, aliveCount: 0, status: 'dead' },
];

function serve() {
  return routeFetch((url) => {
    if (url.pathname !== '/api/trees/map') return undefined;
    const status = url.searchParams.get('status');
    const species = Number(url.searchParams.get('species')) || undefined;
    const data = points.filter(
      (p) => (!status || p.status === status) && (!species || p.species === species),
    );
    return { status: 200, body: { success: true, data, clusters: [], truncated: false } };
  });
}

describe('Trees map', () => {
  it("shows every member's trees in the map's view and asks the server again as filters change", async () => {
    const user = userEvent.setup();
    const fetchSpy = serve();
    renderWithApp(<TreesMapView />, '/app/trees-map');
    const map = await screen.findByRole('list', { name: "Map of the community's trees" });
    await within(map).findAllByRole('link');
    expect(
      within(map)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Open tree Neem', 'Open tree Aam (Mango) × 5']);
    expect(String(fetchSpy.mock.calls.at(-1)?.[0])).toBe(
      '/api/trees/map?bbox=-180,-60,180,80&zoom=2',
    );
    await user.selectOptions(screen.getByLabelText('Status'), 'dead');
    await waitFor(() => expect(within(map).getAllByRole('link')).toHaveLength(1));
    expect(String(fetchSpy.mock.calls.at(-1)?.[0])).toBe(
      '/api/trees/map?status=dead&bbox=-180,-60,180,80&zoom=2',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/app/trees-map?status=dead');

    await user.selectOptions(screen.getByLabelText('Species'), '1');
    expect(await screen.findByText(/No trees match these filters here yet/)).toBeVisible();
    // The map stays, so the member can move it to look further.
    expect(map).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(2));
    expect(screen.getByTestId('tree-map-total')).toHaveTextContent('2 tree records in this view');
  });
});
