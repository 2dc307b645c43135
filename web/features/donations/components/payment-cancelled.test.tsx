// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { buildDonation, donationRoute, paidDonation, sentBody } from '../test-data';
import { PaymentCancelled } from './payment-cancelled';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('PaymentCancelled', () => {
  it('says nothing was charged and starts again with the same choices', async () => {
    const created: unknown[] = [];
    routeFetch(
      donationRoute(() => buildDonation({ status: 'cancelled' })),
      (url, init) => {
        if (url.pathname !== '/api/donations' || init?.method !== 'POST') return undefined;
        created.push(sentBody(init));
        const donation = buildDonation({ id: 'don-2' });
        return { status: 200, body: { success: true, data: { donation, checkoutUrl: '/x' } } };
      },
    );
    const user = userEvent.setup();
    renderWithApp(<PaymentCancelled donationId="don-1" />);
    expect(await screen.findByRole('heading', { name: 'Nothing was charged' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Change choices' })).toHaveAttribute(
      'href',
      '/app/donate-tree?drive=d-1',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/app/checkout/River%20oaks/trees/Trees?donation=don-2',
      ),
    );
    expect(created).toEqual([
      { kind: 'trees', trees: 3, driveId: 'd-1', category: 'Trees', anonymous: false },
    ]);
  });

  it('points to the receipt when the donation was paid after all', async () => {
    routeFetch(donationRoute(() => paidDonation()));
    renderWithApp(<PaymentCancelled donationId="don-1" />);
    expect(await screen.findByRole('link', { name: 'See your receipt' })).toHaveAttribute(
      'href',
      '/app/donate-tree/success?donation=don-1',
    );
  });

  it('still says nothing was charged without a donation id', () => {
    renderWithApp(<PaymentCancelled donationId={null} />);
    expect(screen.getByRole('heading', { name: 'Nothing was charged' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Donate Tree' })).toBeVisible();
  });
});
