// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NurseryDashboard as Dashboard, Reservation } from '../../../../contract/nursery';
import { buildReservation } from '../../../test-support/fixtures';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { NurseryDashboard } from './nursery-dashboard';

// Chart.js needs a real canvas; the figure, its summary and its table are what is tested here.
vi.mock('../../../components/ui/charts/chart-canvas', () => ({
  default: () => <div data-testid="chart-canvas" />,
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const reservation = (overrides: Partial<Reservation> = {}) =>
  buildReservation({ actions: ['confirm', 'decline', 'cancel'], canCancel: true, ...overrides });

const dashboard = (overrides: Partial<Dashboard> = {}): Dashboard => ({
  currency: 'USD',
  lowStockAt: 10,
  species: [
    { species: { value: 1, label: 'Neem' }, quantityAvailable: 28, lines: 1, lowStock: false },
    { species: { value: 2, label: 'Peepal' }, quantityAvailable: 3, lines: 2, lowStock: true },
  ],
  openReservations: [reservation()],
  saplingsDelivered: 40,
  drivesSupplied: 2,
  months: [
    { month: '2026-05', reserved: 20, delivered: 10 },
    { month: '2026-06', reserved: 12, delivered: 30 },
  ],
  ...overrides,
});

describe('NurseryDashboard', () => {
  it('shows the figures, low stock, the months as a table, and confirms a reservation in place', async () => {
    const user = userEvent.setup();
    const fetchSpy = routeFetch(
      (url) =>
        url.pathname === '/api/dashboard/nursery'
          ? { status: 200, body: { success: true, data: dashboard() } }
          : undefined,
      (url, init) =>
        url.pathname === '/api/nursery/reservations/r-1/confirm' && init?.method === 'POST'
          ? {
              status: 200,
              body: {
                success: true,
                message: 'Reservation confirmed.',
                data: reservation({ status: 'confirmed', actions: ['deliver', 'cancel'] }),
              },
            }
          : undefined,
    );
    renderWithApp(<NurseryDashboard />);
    expect(await screen.findByTestId('figure-Saplings in stock')).toHaveTextContent('31');
    expect(screen.getByTestId('figure-Reserved, not yet delivered')).toHaveTextContent('12');
    expect(screen.getByTestId('figure-Saplings delivered')).toHaveTextContent('40');
    expect(screen.getByTestId('figure-Drives supplied')).toHaveTextContent('2');

    const species = screen.getByRole('table', { name: 'Saplings available by species' });
    const peepal = within(species).getByRole('row', { name: /Peepal/ });
    expect(peepal).toHaveTextContent('Low stock (≤ 10)');
    expect(within(species).getByRole('row', { name: /Neem/ })).not.toHaveTextContent('Low stock');

    const months = screen.getByRole('table', { name: 'Saplings reserved and delivered per month' });
    expect(within(months).getAllByRole('row')).toHaveLength(3);
    expect(
      within(screen.getByTestId('nursery-monthly-chart')).getByRole('img', {
        name: 'Saplings reserved and delivered per month',
      }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('chart-canvas')).toBeInTheDocument();

    const open = screen.getByTestId('reservation');
    expect(open).toHaveTextContent('12 × Neem (packet) · $2.50 each');
    expect(open).toHaveTextContent('Lake bund planting');
    await user.click(within(open).getByRole('button', { name: 'Confirm' }));
    expect(
      fetchSpy.mock.calls.some(
        ([input, init]) =>
          String(input).endsWith('/api/nursery/reservations/r-1/confirm') &&
          init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('says when nothing waits', async () => {
    routeFetch((url) =>
      url.pathname === '/api/dashboard/nursery'
        ? { status: 200, body: { success: true, data: dashboard({ openReservations: [] }) } }
        : undefined,
    );
    renderWithApp(<NurseryDashboard />);
    expect(await screen.findByText('No reservations are waiting for you.')).toBeInTheDocument();
  });
});
