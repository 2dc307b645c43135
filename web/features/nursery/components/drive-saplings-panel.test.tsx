// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NURSERY_MESSAGES, type Stock } from '../../../../contract/nursery';
import { buildReservation } from '../../../test-support/fixtures';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { DriveSaplingsPanel } from './drive-saplings-panel';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const stock: Stock = {
  id: 's-1',
  nursery: { id: 'n-1', name: 'Green Roots' },
  species: { value: 1, label: 'Neem' },
  size: 'packet',
  quantityAvailable: 40,
  priceMinor: 250,
  currency: 'USD',
  pickupLat: 28.59,
  pickupLng: 77.21,
  pickupLocation: 'East gate',
  notes: '',
  lowStock: false,
  distanceKm: 1.2,
  isMine: false,
  createdAt: '2026-06-01T10:00:00.000Z',
  updatedAt: '2026-06-01T10:00:00.000Z',
};

const reservation = buildReservation({
  status: 'delivered',
  deliveredAt: '2026-06-02T10:00:00.000Z',
});

function serve() {
  return routeFetch(
    (url) =>
      url.pathname === '/api/drives/d-1/chain'
        ? {
            status: 200,
            body: {
              success: true,
              data: {
                reserved: 12,
                delivered: 12,
                planted: 10,
                alive: 9,
                nurseries: [{ id: 'n-1', name: 'Green Roots' }],
              },
            },
          }
        : undefined,
    (url, init) =>
      url.pathname === '/api/drives/d-1/reservations' && (init?.method ?? 'GET') === 'GET'
        ? {
            status: 200,
            body: { success: true, page: 1, limit: 50, total: 1, data: [reservation] },
          }
        : undefined,
    (url) =>
      url.pathname === '/api/nursery/stock'
        ? { status: 200, body: { success: true, page: 1, limit: 50, total: 1, data: [stock] } }
        : undefined,
    (url, init) =>
      url.pathname === '/api/drives/d-1/reservations' && init?.method === 'POST'
        ? {
            status: 409,
            body: { success: false, code: 'CONFLICT', message: NURSERY_MESSAGES.notEnoughStock(3) },
          }
        : undefined,
  );
}

const drive = { id: 'd-1', lat: 28.59, lng: 77.21, canManage: true, isPast: false };

describe('DriveSaplingsPanel', () => {
  it('shows the chain and the reservations; members other than the organiser cannot reserve', async () => {
    serve();
    renderWithApp(<DriveSaplingsPanel drive={{ ...drive, canManage: false }} />);
    expect(await screen.findByTestId('chain-Reserved')).toHaveTextContent('12');
    expect(screen.getByTestId('chain-Planted')).toHaveTextContent('10');
    expect(screen.getByTestId('chain-Alive today')).toHaveTextContent('9');
    expect(screen.getByText('Saplings from Green Roots.')).toBeInTheDocument();
    expect(await screen.findByTestId('reservation')).toHaveAttribute('data-status', 'delivered');
    expect(screen.queryByRole('button', { name: 'Reserve saplings' })).not.toBeInTheDocument();
  });

  it('lets the organiser search near the drive and shows a refusal beside the quantity', async () => {
    const user = userEvent.setup();
    const fetchSpy = serve();
    renderWithApp(<DriveSaplingsPanel drive={drive} />);
    await user.click(await screen.findByRole('button', { name: 'Reserve saplings' }));
    const result = await screen.findByTestId('stock-result');
    expect(result).toHaveTextContent('40 available · $2.50 each · East gate');
    expect(within(result).getByTestId('stock-distance')).toHaveTextContent('1.2 km away');
    const searched = fetchSpy.mock.calls
      .map(([input]) => String(input))
      .find((u) => u.includes('/api/nursery/stock'));
    // Issue 23: nearest first whatever the distance, not a 100 km circle.
    expect(searched).toContain('near=28.59%2C77.21');
    expect(searched).not.toContain('radiusKm');
    expect(screen.getByLabelText('Distance')).toHaveValue('');

    const quantity = within(result).getByLabelText('Saplings from Green Roots');
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(within(result).getByRole('button', { name: 'Reserve' }));
    expect(await within(result).findByText(NURSERY_MESSAGES.quantityRequired)).toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.click(within(result).getByRole('button', { name: 'Reserve' }));
    expect(await within(result).findByText(NURSERY_MESSAGES.notEnoughStock(3))).toBeInTheDocument();
  });

  it('says no nursery has stock only when the nearest-first search finds none at all', async () => {
    const user = userEvent.setup();
    routeFetch(
      (url) =>
        url.pathname === '/api/drives/d-1/chain'
          ? {
              status: 200,
              body: {
                success: true,
                data: { reserved: 0, delivered: 0, planted: 0, alive: 0, nurseries: [] },
              },
            }
          : undefined,
      (url) =>
        url.pathname === '/api/drives/d-1/reservations'
          ? { status: 200, body: { success: true, page: 1, limit: 50, total: 0, data: [] } }
          : undefined,
      (url) =>
        url.pathname === '/api/nursery/stock'
          ? {
              status: 200,
              body: { success: true, page: 1, limit: 20, total: 0, data: [], nextCursor: null },
            }
          : undefined,
    );
    renderWithApp(<DriveSaplingsPanel drive={drive} />);
    await user.click(await screen.findByRole('button', { name: 'Reserve saplings' }));
    expect(
      await screen.findByText(/No partner nursery has saplings in stock right now/),
    ).toBeInTheDocument();
  });

  it('shows more stock, further off, by the answer’s cursor', async () => {
    const user = userEvent.setup();
    const further: Stock = {
      ...stock,
      id: 's-2',
      nursery: { id: 'n-2', name: 'Hill Saplings' },
      distanceKm: 1736.4,
    };
    const fetchSpy = routeFetch(
      (url) =>
        url.pathname === '/api/drives/d-1/chain'
          ? {
              status: 200,
              body: {
                success: true,
                data: { reserved: 0, delivered: 0, planted: 0, alive: 0, nurseries: [] },
              },
            }
          : undefined,
      (url) =>
        url.pathname === '/api/drives/d-1/reservations'
          ? { status: 200, body: { success: true, page: 1, limit: 50, total: 0, data: [] } }
          : undefined,
      (url) =>
        url.pathname === '/api/nursery/stock'
          ? {
              status: 200,
              body: url.searchParams.get('after')
                ? { success: true, page: 1, limit: 20, total: 2, data: [further], nextCursor: null }
                : { success: true, page: 1, limit: 20, total: 2, data: [stock], nextCursor: 'c1' },
            }
          : undefined,
    );
    renderWithApp(<DriveSaplingsPanel drive={drive} />);
    await user.click(await screen.findByRole('button', { name: 'Reserve saplings' }));
    expect(await screen.findByText('Showing 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('stock-distance').map((e) => e.textContent)).toEqual([
        '1.2 km away',
        '1,736 km away',
      ]),
    );
    expect(
      fetchSpy.mock.calls.map(([input]) => String(input)).some((u) => u.includes('after=c1')),
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
