// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatLatLng, GEO_MESSAGES } from '../../../../contract/geo';
import { routeFetch, stubObjectUrls } from '../../../test-support/render';
import { corporateRoute, renderForm, stubResizeObserver } from './drive-form.fixtures';

vi.mock('../../../components/ui/map', () => import('./map-stub.fixtures'));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => {
  stubObjectUrls();
  stubResizeObserver();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('DriveForm location', () => {
  it('asks for text before searching', async () => {
    const user = userEvent.setup();
    const fetchSpy = routeFetch(corporateRoute);
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location-search-message')).toHaveTextContent(
      GEO_MESSAGES.emptyQuery,
    );
    expect(fetchSpy.mock.calls.some(([url]) => String(url).includes('/api/geo'))).toBe(false);
  });

  it('says when nothing was found', async () => {
    const user = userEvent.setup();
    routeFetch(corporateRoute, (url) =>
      url.pathname === '/api/geo/search'
        ? { status: 200, body: { success: true, data: null } }
        : undefined,
    );
    renderForm();
    await user.type(screen.getByLabelText('Search location'), 'Atlantis{Enter}');
    expect(await screen.findByText(GEO_MESSAGES.noResults)).toBeInTheDocument();
  });

  it("reports a failed search with the server's reason", async () => {
    const user = userEvent.setup();
    routeFetch(corporateRoute, (url) =>
      url.pathname === '/api/geo/search'
        ? {
            status: 503,
            body: {
              success: false,
              message: GEO_MESSAGES.unavailable,
              code: 'SERVICE_UNAVAILABLE',
            },
          }
        : undefined,
    );
    renderForm();
    await user.type(screen.getByLabelText('Search location'), 'Hyde Park');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText(
        'Location search failed: the map service is not answering. Please try again later.',
      ),
    ).toBeInTheDocument();
  });

  it('moves the map to a found place and fills the point and the location text', async () => {
    const user = userEvent.setup();
    const fetchSpy = routeFetch(corporateRoute, (url) =>
      url.pathname === '/api/geo/search'
        ? {
            status: 200,
            body: {
              success: true,
              data: { lat: 28.5933, lon: 77.2197, displayName: 'Lodhi Garden, New Delhi, India' },
            },
          }
        : undefined,
    );
    renderForm();
    await user.type(screen.getByLabelText('Search location'), 'Lodhi Garden');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Location')).toHaveValue('Lodhi Garden, New Delhi, India'),
    );
    expect(screen.getByTestId('map-fly-to')).toHaveTextContent('28.5933,77.2197');
    expect(screen.getByTestId('map-value')).toHaveTextContent('28.5933,77.2197');
    expect(screen.getByTestId('chosen-point')).toHaveTextContent(formatLatLng(28.5933, 77.2197));
    const searched = fetchSpy.mock.calls.find(([url]) => String(url).includes('/api/geo/search'));
    expect(String(searched?.[0])).toBe('/api/geo/search?q=Lodhi%20Garden');
  });

  it('names a clicked point by reverse lookup, or by its coordinates when it has no name', async () => {
    const user = userEvent.setup();
    let name: string | null = 'India Gate, New Delhi';
    routeFetch(corporateRoute, (url) =>
      url.pathname === '/api/geo/reverse'
        ? { status: 200, body: { success: true, data: { displayName: name } } }
        : undefined,
    );
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Pick a point on the map' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Location')).toHaveValue('India Gate, New Delhi'),
    );

    name = null;
    await user.click(screen.getByRole('button', { name: 'Pick a point on the map' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Location')).toHaveValue(formatLatLng(28.61, 77.23)),
    );
  });

  it('falls back to the coordinates when reverse lookup fails', async () => {
    const user = userEvent.setup();
    routeFetch(corporateRoute, (url) =>
      url.pathname === '/api/geo/reverse'
        ? { status: 503, body: { success: false, message: 'busy', code: 'SERVICE_UNAVAILABLE' } }
        : undefined,
    );
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Pick a point on the map' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Location')).toHaveValue(
        'Latitude: 28.610000, Longitude: 77.230000',
      ),
    );
  });
});
