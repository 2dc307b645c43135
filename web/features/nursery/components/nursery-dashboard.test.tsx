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

describe('NurseryDashboard: what the nursery does next (issue 23)', () => {
  it('leads with the reservations to confirm and deliver, the species running low and Add stock', async () => {
    routeFetch((url) =>
      url.pathname === '/api/dashboard/nursery'
        ? {
            status: 200,
            body: {
              success: true,
              data: dashboard({
                openReservations: [
                  reservation(),
                  reservation({
                    id: 'r-2',
                    status: 'confirmed',
                    quantity: 1,
                    actions: ['deliver', 'cancel'],
                  }),
                ],
              }),
            },
          }
        : undefined,
    );
    renderWithApp(<NurseryDashboard extra={<p>Trees to verify</p>} />);
    const next = await screen.findByTestId('nursery-next');
    expect(within(next).getByTestId('nursery-to-confirm')).toHaveTextContent(
      '1 reservation to confirm or decline',
    );
    expect(within(next).getByTestId('nursery-to-deliver')).toHaveTextContent(
      '1 reservation to deliver, the first for “Lake bund planting”',
    );
    expect(within(next).getByTestId('nursery-to-deliver')).toHaveTextContent('1 sapling of Neem');
    expect(within(next).getByTestId('nursery-low-stock')).toHaveTextContent('Peepal (3 left)');
    expect(within(next).getByRole('link', { name: 'Add stock' })).toHaveAttribute(
      'href',
      '/app/nursery-stock',
    );
    expect(next).toHaveTextContent('Trees to verify');
    // It comes first, before the figures.
    const figures = screen.getByTestId('figure-Saplings in stock');
    expect(next.compareDocumentPosition(figures) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows an empty state instead of an empty chart when nothing moved in the months', async () => {
    routeFetch((url) =>
      url.pathname === '/api/dashboard/nursery'
        ? {
            status: 200,
            body: {
              success: true,
              data: dashboard({
                openReservations: [],
                months: [{ month: '2026-06', reserved: 0, delivered: 0 }],
              }),
            },
          }
        : undefined,
    );
    renderWithApp(<NurseryDashboard />);
    expect(
      await screen.findByText(/No saplings reserved or delivered in the last 1 month\./),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('nursery-monthly-chart')).toBeNull();
  });
});
