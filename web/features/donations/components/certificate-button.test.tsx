// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DONATION_MESSAGES, type Donation } from '../../../../contract/donations';
import { renderWithApp, routeFetch, type FetchRoute } from '../../../test-support/render';
import { buildDonation, donationRoute, paidDonation } from '../test-data';
import { DonationsTable } from './donations-table';
import { PaymentResult } from './payment-result';

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:certificate');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Answers GET /api/donations/{id}/certificate with a PDF, or with `refusal`. */
const certificateRoute =
  (refusal?: { status: number; message: string }): FetchRoute =>
  (url) =>
    /^\/api\/donations\/[^/]+\/certificate$/.test(url.pathname)
      ? refusal
        ? { status: refusal.status, body: { success: false, code: 'CONFLICT', ...refusal } }
        : { status: 200, body: '%PDF-1.7' }
      : undefined;

describe('Certificate (PDF) on the success page', () => {
  it('downloads the certificate of a paid tree gift with the session, as certificate-<receipt>.pdf', async () => {
    const fetch = routeFetch(
      donationRoute(() => paidDonation()),
      certificateRoute(),
    );
    renderWithApp(<PaymentResult donationId="don-1" />);
    const button = await screen.findByRole('button', { name: 'Certificate (PDF)' });
    expect(screen.getByRole('button', { name: 'Download receipt' })).toBeEnabled();
    await act(async () => button.click());
    expect(fetch).toHaveBeenCalledWith(
      '/api/donations/don-1/certificate',
      expect.objectContaining({ headers: expect.any(Object) }),
    );
    await waitFor(() => expect(saved).toEqual(['certificate-CAN-2026-000042.pdf']));
  });

  it('offers none for a cash gift, which has its receipt only', async () => {
    routeFetch(donationRoute(() => paidDonation({ kind: 'cash', trees: 0 })));
    renderWithApp(<PaymentResult donationId="don-1" />);
    expect(await screen.findByRole('button', { name: 'Download receipt' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Certificate/ })).not.toBeInTheDocument();
  });

  it('says why when the server refuses, and the button comes back', async () => {
    routeFetch(
      donationRoute(() => paidDonation()),
      certificateRoute({ status: 409, message: DONATION_MESSAGES.certificateNotPaid }),
    );
    renderWithApp(<PaymentResult donationId="don-1" />);
    const button = await screen.findByRole('button', { name: 'Certificate (PDF)' });
    const error = vi.spyOn(toast, 'error');
    await act(async () => button.click());
    await waitFor(() => expect(error).toHaveBeenCalledWith(DONATION_MESSAGES.certificateNotPaid));
    expect(saved).toEqual([]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Certificate (PDF)' })).toBeEnabled(),
    );
  });
});

describe('Certificate (PDF) in Transactions', () => {
  const rows: Donation[] = [
    paidDonation({ id: 'don-trees', receiptNumber: 'CAN-2026-000001' }),
    paidDonation({ id: 'don-cash', kind: 'cash', trees: 0, receiptNumber: 'CAN-2026-000002' }),
    buildDonation({ id: 'don-pending' }),
    buildDonation({ id: 'don-refunded', status: 'refunded', receiptNumber: 'CAN-2026-000003' }),
  ];

  it('is offered on paid tree gifts only, named by receipt, and downloads that gift’s certificate', async () => {
    const fetch = routeFetch(certificateRoute());
    renderWithApp(<DonationsTable donations={rows} caption="Your donations" />);
    const [trees, cash, pending, refunded] = screen.getAllByTestId('donation-row');
    const button = within(trees!).getByRole('button', {
      name: 'Certificate (PDF) CAN-2026-000001',
    });
    expect(button).toHaveTextContent('Certificate (PDF)');
    expect(
      within(trees!).getByRole('button', { name: 'Download receipt CAN-2026-000001' }),
    ).toBeVisible();
    for (const row of [cash!, pending!, refunded!])
      expect(within(row).queryByRole('button', { name: /Certificate/ })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeVisible();

    await act(async () => button.click());
    expect(fetch).toHaveBeenCalledWith(
      '/api/donations/don-trees/certificate',
      expect.objectContaining({ headers: expect.any(Object) }),
    );
    await waitFor(() => expect(saved).toEqual(['certificate-CAN-2026-000001.pdf']));
  });
});
