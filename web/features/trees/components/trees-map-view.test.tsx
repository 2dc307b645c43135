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
    return { status: 200, body: { success: true, data, truncated: false } };
  });
}

describe('Trees map', () => {
  it("shows every member's trees and asks the server again as filters change", async () => {
    const user = userEvent.setup();
    const fetchSpy = serve();
    renderWithApp(<TreesMapView />, '/app/trees-map');
    const map = await screen.findByRole('list', { name: "Map of the community's trees" });
    expect(
      within(map)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Open tree Neem', 'Open tree Aam (Mango) × 5']);
    await user.selectOptions(screen.getByLabelText('Status'), 'dead');
    await waitFor(() => expect(within(map).getAllByRole('link')).toHaveLength(1));
    expect(String(fetchSpy.mock.calls.at(-1)?.[0])).toBe('/api/trees/map?status=dead');
    expect(screen.getByTestId('location')).toHaveTextContent('/app/trees-map?status=dead');

    await user.selectOptions(screen.getByLabelText('Species'), '1');
    expect(await screen.findByText('No trees match these filters yet.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(2));
  });
});
