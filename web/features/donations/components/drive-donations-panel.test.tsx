// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DriveDonations } from '../../../../contract/donations';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { DriveDonationsPanel } from './drive-donations-panel';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const totals = (data: DriveDonations) =>
  routeFetch((url) =>
    url.pathname === '/api/drives/d-1/donations'
      ? { status: 200, body: { success: true, data } }
      : undefined,
  );

describe('DriveDonationsPanel', () => {
  it('shows trees and cash given, names donors and keeps anonymous ones nameless', async () => {
    totals({
      trees: 5,
      amount: 3750,
      currency: 'USD',
      donors: [
        { name: 'Rowan Oak', userId: 'u-1', trees: 5, amount: 1250 },
        { name: null, userId: null, trees: 0, amount: 2500 },
      ],
    });
    renderWithApp(<DriveDonationsPanel driveId="d-1" canDonate />);
    expect(await screen.findByTestId('drive-trees-given')).toHaveTextContent('5');
    expect(screen.getByTestId('drive-cash-given')).toHaveTextContent('$37.50');
    const donors = within(screen.getByTestId('donor-list')).getAllByRole('listitem');
    expect(within(donors[0]!).getByRole('link', { name: 'Rowan Oak' })).toHaveAttribute(
      'href',
      '/app/user-profile/u-1',
    );
    expect(donors[0]).toHaveTextContent('5 trees · $12.50');
    expect(donors[1]).toHaveTextContent('Anonymous donor$25.00');
    expect(within(donors[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Donate' })).toHaveAttribute(
      'href',
      '/app/donate-tree?drive=d-1',
    );
  });

  it('has no Donate for a past drive, and says when nothing was given', async () => {
    totals({ trees: 0, amount: 0, currency: 'USD', donors: [] });
    renderWithApp(<DriveDonationsPanel driveId="d-1" canDonate={false} />);
    expect(await screen.findByText('No donations were made.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Donate' })).not.toBeInTheDocument();
  });
});
