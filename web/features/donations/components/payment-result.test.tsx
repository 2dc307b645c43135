// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DONATION_MESSAGES } from '../../../../contract/donations';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { PAYMENT_POLL_MS } from '../api';
import { buildDonation, donationRoute, paidDonation } from '../test-data';
import { PaymentResult } from './payment-result';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const donationCalls = (fetch: ReturnType<typeof routeFetch>) =>
  fetch.mock.calls.filter(([input]) => String(input).startsWith('/api/donations/don-1')).length;

describe('PaymentResult', () => {
  it('asks again every 1.5 s while pending, then thanks with the receipt and stops asking', async () => {
    let donation = buildDonation();
    const fetch = routeFetch(donationRoute(() => donation));
    renderWithApp(<PaymentResult donationId="don-1" />);
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeVisible();
    expect(donationCalls(fetch)).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(donationCalls(fetch)).toBe(2);
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeVisible();

    donation = paidDonation();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(
      await screen.findByRole('heading', { name: 'Thank you for your donation!' }),
    ).toBeVisible();
    expect(screen.getByText('You gave 3 trees to River oaks.', { exact: false })).toBeVisible();
    expect(screen.getByTestId('receipt-number')).toHaveTextContent('CAN-2026-000042');
    expect(screen.getByRole('link', { name: 'River oaks' })).toHaveAttribute(
      'href',
      '/app/delive-detail/d-1',
    );
    expect(screen.getByRole('button', { name: 'Download receipt' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'See it in your forest' })).toHaveAttribute(
      'href',
      '/app/my-forest',
    );

    const settled = donationCalls(fetch);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 4));
    expect(donationCalls(fetch)).toBe(settled);
  });

  it('says why a payment failed and offers Try again', async () => {
    routeFetch(
      donationRoute(() =>
        buildDonation({ status: 'failed', failureReason: DONATION_MESSAGES.insufficientFunds }),
      ),
    );
    renderWithApp(<PaymentResult donationId="don-1" />);
    expect(await screen.findByTestId('failure-reason')).toHaveTextContent(
      DONATION_MESSAGES.insufficientFunds,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('says when the confirmation takes long, and keeps asking', async () => {
    const fetch = routeFetch(donationRoute(() => buildDonation()));
    renderWithApp(<PaymentResult donationId="don-1" />);
    await screen.findByRole('heading', { name: 'Confirming your payment…' });
    await act(() => vi.advanceTimersByTimeAsync(21_000));
    expect(screen.getByText(/taking longer than usual/)).toBeVisible();
    expect(donationCalls(fetch)).toBeGreaterThan(10);
  });

  it('downloads the receipt with the session, saved as receipt-<number>.pdf', async () => {
    const fetch = routeFetch(donationRoute(() => paidDonation()));
    const clicks: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:receipt');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    renderWithApp(<PaymentResult donationId="don-1" />);
    const button = await screen.findByRole('button', { name: 'Download receipt' });
    fetch.mockImplementationOnce(() => Promise.resolve(new Response('%PDF-1.7', { status: 200 })));
    await act(async () => button.click());
    expect(fetch).toHaveBeenLastCalledWith(
      '/api/donations/don-1/receipt',
      expect.objectContaining({ headers: expect.any(Object) }),
    );
    await waitFor(() => expect(clicks).toEqual(['receipt-CAN-2026-000042.pdf']));
  });

  it("a recurring gift's first payment: says it has started, links to Billing, and a failed one starts afresh (not a one-off)", async () => {
    let donation = paidDonation({ subscriptionId: 'sub-1', drive: null });
    routeFetch(donationRoute(() => donation));
    renderWithApp(<PaymentResult donationId="don-1" />);
    expect(await screen.findByTestId('recurring-started')).toHaveTextContent(
      'Your recurring gift has started',
    );
    expect(screen.getByRole('link', { name: 'Manage your recurring gift' })).toHaveAttribute(
      'href',
      '/app/settings-billing',
    );
    cleanup();

    donation = buildDonation({
      subscriptionId: 'sub-1',
      status: 'failed',
      failureReason: DONATION_MESSAGES.cardDeclined,
    });
    renderWithApp(<PaymentResult donationId="don-1" />);
    expect(await screen.findByRole('link', { name: 'Start again' })).toHaveAttribute(
      'href',
      '/app/donate-tree',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
