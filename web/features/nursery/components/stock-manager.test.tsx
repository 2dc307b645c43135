// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NURSERY_MESSAGES, type Stock } from '../../../../contract/nursery';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { StockManager } from './stock-manager';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const line = (overrides: Partial<Stock> = {}): Stock => ({
  id: 's-1',
  nursery: { id: 'n-1', name: 'Green Roots' },
  species: { value: 1, label: 'Neem' },
  size: 'packet',
  quantityAvailable: 4,
  priceMinor: 250,
  currency: 'USD',
  pickupLat: 28.59,
  pickupLng: 77.21,
  pickupLocation: 'East gate, Lodhi Garden',
  notes: '',
  lowStock: true,
  distanceKm: null,
  isMine: true,
  createdAt: '2026-06-01T10:00:00.000Z',
  updatedAt: '2026-06-01T10:00:00.000Z',
  ...overrides,
});

const options = {
  currency: 'USD',
  treePrice: 500,
  minAmount: 100,
  maxAmount: 1_000_000,
  maxTrees: 1000,
  categories: [],
  testMode: true,
};

describe('StockManager', () => {
  it('lists my stock with low-stock warnings and deletes a line after asking', async () => {
    const user = userEvent.setup();
    let stock = [
      line(),
      line({
        id: 's-2',
        species: { value: 2, label: 'Peepal' },
        quantityAvailable: 80,
        lowStock: false,
      }),
    ];
    const fetchSpy = routeFetch(
      (url, init) =>
        url.pathname === '/api/nursery/stock/s-1' && init?.method === 'DELETE'
          ? ((stock = stock.slice(1)),
            { status: 200, body: { success: true, message: NURSERY_MESSAGES.stockDeleted } })
          : undefined,
      (url) =>
        url.pathname === '/api/nursery/stock'
          ? {
              status: 200,
              body: { success: true, page: 1, limit: 50, total: stock.length, data: stock },
            }
          : undefined,
      (url) =>
        url.pathname === '/api/donations/options'
          ? { status: 200, body: { success: true, data: options } }
          : undefined,
    );
    renderWithApp(<StockManager />);
    const rows = await screen.findAllByTestId('stock-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Neem');
    expect(rows[0]).toHaveTextContent('Low stock');
    expect(rows[0]).toHaveTextContent('$2.50');
    expect(rows[1]).not.toHaveTextContent('Low stock');
    expect(String(fetchSpy.mock.calls[0]?.[0])).toContain('scope=mine');

    await user.click(screen.getByRole('button', { name: 'Delete Neem stock' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete stock' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(
        fetchSpy.mock.calls.some(
          ([input, init]) =>
            String(input).endsWith('/api/nursery/stock/s-1') && init?.method === 'DELETE',
        ),
      ).toBe(true),
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('stock-row')).toHaveLength(1));
  });

  it('asks the nursery to confirm a price above 1,000 a sapling before saving it', async () => {
    const user = userEvent.setup();
    const fetchSpy = routeFetch(
      (url, init) =>
        url.pathname === '/api/nursery/stock/s-1' && init?.method === 'PATCH'
          ? { status: 200, body: { success: true, data: line({ priceMinor: 250_000 }) } }
          : undefined,
      (url) =>
        url.pathname === '/api/nursery/stock'
          ? { status: 200, body: { success: true, page: 1, limit: 50, total: 1, data: [line()] } }
          : undefined,
      (url) =>
        url.pathname === '/api/donations/options'
          ? { status: 200, body: { success: true, data: options } }
          : undefined,
    );
    renderWithApp(<StockManager />);
    await user.click(await screen.findByRole('button', { name: 'Edit Neem stock' }));
    const price = screen.getByLabelText('Price per sapling (USD)');
    const patches = () =>
      fetchSpy.mock.calls.filter(
        ([, init]) => (init as RequestInit | undefined)?.method === 'PATCH',
      );
    await user.clear(price);
    await user.type(price, '999');
    expect(screen.queryByRole('checkbox', { name: /This price is right/ })).toBeNull();
    await user.clear(price);
    await user.type(price, '2500');
    const confirm = screen.getByRole('checkbox', {
      name: 'This price is right: $2,500.00 per sapling',
    });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(NURSERY_MESSAGES.priceConfirm)).toBeInTheDocument();
    expect(patches()).toHaveLength(0);

    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(patches()).toHaveLength(1));
    expect(JSON.parse(String((patches()[0]![1] as RequestInit).body))).toMatchObject({
      priceMinor: 250_000,
      priceConfirmed: true,
    });
  });

  it('says what to do when there is no stock yet', async () => {
    routeFetch(
      (url) =>
        url.pathname === '/api/nursery/stock'
          ? { status: 200, body: { success: true, page: 1, limit: 50, total: 0, data: [] } }
          : undefined,
      (url) =>
        url.pathname === '/api/donations/options'
          ? { status: 200, body: { success: true, data: options } }
          : undefined,
    );
    renderWithApp(<StockManager />);
    expect(await screen.findByText(/No stock yet/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add stock' })).toBeEnabled();
  });
});
