// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImpactStats } from '../../../../contract/stats';
import { formatMoneyRounded } from '../../../lib/numbers';
import { formatMass } from './impact-figures';
import { ImpactSection } from './impact-section';

const EMPTY: ImpactStats = {
  treesFunded: 0,
  treesPlanted: 0,
  treesAliveChecked: 0,
  treesVerified: 0,
  treesUnconfirmed: 0,
  treesRegistered: 0,
  treesDonated: 0,
  moneyRaisedMinor: 0,
  currency: 'USD',
  drivesCreated: 0,
  volunteerHours: 0,
  co2Kg: 0,
  o2Kg: 0,
  members: 0,
  countries: 0,
  computedAt: '2026-03-01T10:00:00.000Z',
};

function answer(status: number, body: unknown) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ImpactSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('impact formatting', () => {
  it('shows kilograms below a tonne and tonnes from 1000 kg', () => {
    expect(formatMass(999, 'en-US')).toEqual({ value: '999', unit: 'kg' });
    expect(formatMass(1000, 'en-US')).toEqual({ value: '1', unit: 'tonne' });
    expect(formatMass(2890, 'en-US')).toEqual({ value: '2.9', unit: 'tonnes' });
    expect(formatMass(1_240_000, 'en-US')).toEqual({ value: '1,240', unit: 'tonnes' });
    expect(formatMass(2890, 'de-DE')).toEqual({ value: '2,9', unit: 'tonnes' });
  });
});

describe('ImpactSection', () => {
  it('shows a loading status, then the figures the API returns', async () => {
    vi.stubGlobal(
      'fetch',
      answer(200, {
        success: true,
        data: {
          ...EMPTY,
          treesFunded: 15420,
          treesPlanted: 33000,
          treesAliveChecked: 30100,
          treesVerified: 12000,
          treesUnconfirmed: 2080,
          treesRegistered: 32180,
          treesDonated: 15420,
          moneyRaisedMinor: 8_965_000,
          drivesCreated: 247,
          volunteerHours: 3450,
          co2Kg: 2890,
          o2Kg: 1240,
          members: 1200,
          countries: 12,
        },
      }),
    );
    renderSection();
    expect(screen.getByRole('status')).toHaveTextContent('Loading impact figures');

    const count = (n: number) =>
      new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 }).format(n);
    expect(
      // The figures arrive with their lazily loaded chunk.
      await screen.findByTestId('stat-treesRegistered-value', undefined, { timeout: 8000 }),
    ).toHaveTextContent(count(32180));
    expect(screen.getByTestId('stat-treesDonated-value')).toHaveTextContent(count(15420));
    // The four honest numbers, and the plants CO₂ leaves out (issue 21 §3).
    expect(screen.getByTestId('four-treesFunded-value')).toHaveTextContent(count(15420));
    expect(screen.getByTestId('four-treesPlanted-value')).toHaveTextContent(count(33000));
    expect(screen.getByTestId('four-treesAliveChecked-value')).toHaveTextContent(count(30100));
    expect(screen.getByTestId('four-treesVerified-value')).toHaveTextContent(count(12000));
    expect(screen.getByTestId('four-unconfirmed')).toHaveTextContent(
      `${count(2080)} living plants not checked in 12 months are left out as unconfirmed`,
    );
    expect(screen.getByTestId('stat-drivesCreated-value')).toHaveTextContent(count(247));
    expect(screen.getByTestId('stat-volunteerHours-value')).toHaveTextContent(count(3450));
    expect(screen.getByTestId('stat-moneyRaised-value')).toHaveTextContent(
      formatMoneyRounded(8_965_000, 'USD'),
    );
    expect(screen.getByTestId('stat-co2-value')).toHaveTextContent(/tonnes/);
    expect(screen.getByTestId('stat-o2-value')).toHaveTextContent(/tonne/);
    expect(
      within(screen.getByTestId('stat-members')).getByText(/in 12 countries/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/be the first to plant/)).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    // JPY has no minor unit and BHD three digits: 125000 minor units are ¥125,000 and BHD 125.
    ['JPY', 125_000, 0],
    ['BHD', 125_000, 125],
  ] as const)('shows money raised in %s by its own digits', async (currency, minor, major) => {
    vi.stubGlobal(
      'fetch',
      answer(200, { success: true, data: { ...EMPTY, currency, moneyRaisedMinor: minor } }),
    );
    renderSection();
    const expected = new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency,
      maximumFractionDigits: 0,
    }).format(currency === 'JPY' ? minor : major);
    // Intl may put a no-break space after a currency code; compare with plain spaces.
    const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');
    const shown = await screen.findByTestId('stat-moneyRaised-value');
    expect(plain(shown.textContent)).toBe(plain(expected));
  });

  it('shows honest zeros and an invitation on an empty database', async () => {
    vi.stubGlobal('fetch', answer(200, { success: true, data: EMPTY }));
    renderSection();
    expect(
      await screen.findByText(/Every forest starts with a single seed — be the first to plant\./),
    ).toBeInTheDocument();
    expect(screen.getByTestId('stat-treesRegistered-value')).toHaveTextContent('0');
    expect(screen.getByRole('link', { name: 'Plant the first tree' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('says so kindly when the figures cannot be loaded', async () => {
    vi.stubGlobal('fetch', answer(500, { success: false, message: 'boom', code: 'INTERNAL' }));
    renderSection();
    expect(await screen.findByTestId('impact-error')).toHaveTextContent(
      /couldn’t gather the latest impact figures/,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
