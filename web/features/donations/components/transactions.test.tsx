// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Donation, DonationListItem } from '../../../../contract/donations';
import { renderWithApp, routeFetch, type FetchRoute } from '../../../test-support/render';
import * as checkout from '../checkout-url';
import { buildDonation, paidDonation } from '../test-data';
import { Transactions, TRANSACTIONS_PAGE_SIZE } from './transactions';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A donation as the list answers it: no gift unless it says so. */
const listed = (donation: Donation | DonationListItem): DonationListItem => ({
  gift: null,
  ...donation,
});

/** GET /api/donations over `all`, paged and filtered as the server does; records each query. */
function listRoute(
  all: Array<Donation | DonationListItem>,
  seen: string[],
  ...others: FetchRoute[]
) {
  return routeFetch(...others, (url) => {
    if (url.pathname !== '/api/donations') return undefined;
    seen.push(url.search);
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const status = url.searchParams.get('status');
    const matching = all.filter((d) => !status || d.status === status);
    return {
      status: 200,
      body: {
        success: true,
        page,
        limit,
        total: matching.length,
        data: matching.slice((page - 1) * limit, page * limit).map(listed),
      },
    };
  });
}

const many = Array.from({ length: 12 }, (_, i) =>
  i % 3 === 0
    ? paidDonation({ id: `don-${i}`, receiptNumber: `CAN-2026-00000${i}` })
    : buildDonation({ id: `don-${i}`, status: i % 3 === 1 ? 'failed' : 'pending' }),
);

describe('Transactions', () => {
  it('lists donations with their status and a receipt for the paid ones', async () => {
    listRoute(many, []);
    renderWithApp(<Transactions />, '/app/transactions');
    const rows = await screen.findAllByTestId('donation-row');
    expect(rows).toHaveLength(TRANSACTIONS_PAGE_SIZE);
    expect(screen.getByTestId('transactions-total')).toHaveTextContent('12 donations');
    const first = within(rows[0]!);
    expect(first.getByText('3 trees')).toBeVisible();
    expect(first.getByRole('link', { name: 'River oaks' })).toHaveAttribute(
      'href',
      '/app/delive-detail/d-1',
    );
    expect(first.getByText('$7.50')).toBeVisible();
    expect(first.getByTestId('status-badge')).toHaveTextContent('Paid');
    expect(first.getByRole('button', { name: 'Download receipt CAN-2026-000000' })).toBeVisible();
    expect(within(rows[1]!).getByTestId('status-badge')).toHaveTextContent('Failed');
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it("marks a recurring gift's payment, with a link to manage it on Billing", async () => {
    listRoute(
      [paidDonation({ id: 'don-r', drive: null, subscriptionId: 'sub-1' }), paidDonation()],
      [],
    );
    renderWithApp(<Transactions />, '/app/transactions');
    const rows = await screen.findAllByTestId('donation-row');
    expect(within(rows[0]!).getByRole('link', { name: 'Recurring gift' })).toHaveAttribute(
      'href',
      '/app/settings-billing',
    );
    expect(within(rows[1]!).queryByRole('link', { name: 'Recurring gift' })).toBeNull();
  });

  it('pages with Previous and Next, keeping the page in the address', async () => {
    const seen: string[] = [];
    listRoute(many, seen);
    const user = userEvent.setup();
    renderWithApp(<Transactions />, '/app/transactions');
    expect(await screen.findByTestId('page-status')).toHaveTextContent('Page 1 of 2');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('donation-row')).toHaveLength(2));
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 2 of 2');
    expect(screen.getByTestId('location')).toHaveTextContent('/app/transactions?page=2');
    expect(seen).toContain('?page=2&limit=10');
  });

  it('filters by status (back to page 1) and says when none match', async () => {
    const seen: string[] = [];
    listRoute(many, seen);
    const user = userEvent.setup();
    renderWithApp(<Transactions />, '/app/transactions?page=2');
    await screen.findByText('Page 2 of 2');
    await user.selectOptions(screen.getByLabelText('Status'), 'paid');
    await waitFor(() => expect(screen.getAllByTestId('donation-row')).toHaveLength(4));
    expect(screen.getByTestId('location')).toHaveTextContent('/app/transactions?status=paid');
    expect(seen).toContain('?page=1&limit=10&status=paid');
    expect(screen.queryByRole('navigation', { name: 'Transactions pages' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Status'), 'refunded');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent(
      'You have no refunded donations.',
    );
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(await screen.findByText('12 donations')).toBeVisible();
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it('says what to do when there are no donations yet', async () => {
    listRoute([], []);
    renderWithApp(<Transactions />, '/app/transactions');
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('You have not made any donations yet.');
    expect(within(empty).getByRole('link', { name: 'Donate Tree' })).toHaveAttribute(
      'href',
      '/app/donate-tree',
    );
  });

  it('offers Try again when the list cannot be loaded', async () => {
    routeFetch((url) =>
      url.pathname === '/api/donations'
        ? { status: 500, body: { success: false, message: 'Boom.', code: 'INTERNAL' } }
        : undefined,
    );
    renderWithApp(<Transactions />, '/app/transactions');
    expect(await screen.findByRole('alert')).toHaveTextContent('Boom.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('offers Pay now and Cancel on a pending donation only', async () => {
    const assign = vi.spyOn(checkout, 'goToCheckout').mockImplementation(() => undefined);
    const pending = buildDonation({ id: 'don-p', status: 'pending' });
    const all = [pending, paidDonation({ id: 'don-paid', receiptNumber: 'CAN-2026-000001' })];
    const posted: string[] = [];
    const actions: FetchRoute = (url, init) => {
      if (init?.method !== 'POST') return undefined;
      posted.push(url.pathname);
      if (url.pathname === '/api/donations/don-p/checkout')
        return {
          status: 200,
          body: {
            success: true,
            data: { donation: pending, checkoutUrl: '/app/checkout-tree?donation=don-p' },
          },
        };
      if (url.pathname === '/api/donations/don-p/cancel') {
        all[0] = { ...pending, status: 'cancelled' };
        return {
          status: 200,
          body: { success: true, message: 'Your donation was cancelled.', data: all[0] },
        };
      }
      return undefined;
    };
    routeFetch(actions, (url) =>
      url.pathname === '/api/donations'
        ? {
            status: 200,
            body: { success: true, page: 1, limit: 10, total: all.length, data: all.map(listed) },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<Transactions />, '/app/transactions');
    const rows = await screen.findAllByTestId('donation-row');
    expect(within(rows[1]!).queryByRole('button', { name: /^Pay now/ })).toBeNull();
    await user.click(within(rows[0]!).getByRole('button', { name: /^Pay now/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/checkout-tree?donation=don-p'));
    await user.click(within(rows[0]!).getByRole('button', { name: /^Cancel/ }));
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('donation-row')[0]!).getByTestId('status-badge'),
      ).toHaveTextContent('Cancelled'),
    );
    expect(posted).toEqual(['/api/donations/don-p/checkout', '/api/donations/don-p/cancel']);
  });

  describe('the gift cell (issue 19 §5)', () => {
    const single = (claimed: number, recipientEmailed = true): DonationListItem =>
      listed(
        paidDonation({
          id: 'don-gift',
          receiptNumber: 'CAN-2026-000007',
          trees: 2,
          amount: 500,
          ...{ gift: { recipients: 1, claimed, recipientName: 'Ravi Rao', recipientEmailed } },
        } as Partial<Donation>),
      );

    it('names the recipient and says not yet claimed, with Send again that posts the resend', async () => {
      const posted: Array<{ path: string; body: unknown }> = [];
      const resend: FetchRoute = (url, init) => {
        if (init?.method !== 'POST') return undefined;
        posted.push({ path: url.pathname, body: JSON.parse(String(init.body ?? '{}')) });
        return {
          status: 200,
          body: {
            success: true,
            message: 'We sent the gift again with a new link; the old link no longer works.',
            data: {
              id: 'g-1',
              recipientName: 'Ravi Rao',
              recipientEmail: 'ravi@example.com',
              trees: 2,
              sendOn: null,
              sentAt: '2026-01-06T09:00:00.000Z',
              claimed: false,
              claimedAt: null,
              claimUrl: null,
            },
          },
        };
      };
      listRoute([single(0), buildDonation({ id: 'don-plain' })], [], resend);
      const user = userEvent.setup();
      renderWithApp(<Transactions />, '/app/transactions');
      const rows = await screen.findAllByTestId('donation-row');
      const cell = within(rows[0]!).getByTestId('gift-cell');
      expect(cell).toHaveTextContent('Gift to Ravi Rao');
      expect(within(cell).getByTestId('gift-claimed')).toHaveTextContent('Not yet claimed');
      expect(within(rows[1]!).queryByTestId('gift-cell')).toBeNull();
      await user.click(within(cell).getByRole('button', { name: 'Send again to Ravi Rao' }));
      await waitFor(() =>
        expect(posted).toEqual([{ path: '/api/donations/don-gift/gift/resend', body: {} }]),
      );
    });

    it('says claimed, and offers no Send again once claimed or without an email', async () => {
      listRoute(
        [
          single(1),
          { ...single(0, false), id: 'don-link', _id: 'don-link' },
          listed(
            buildDonation({
              id: 'don-pending',
              ...{
                gift: {
                  recipients: 1,
                  claimed: 0,
                  recipientName: 'Mira',
                  recipientEmailed: true,
                },
              },
            } as Partial<Donation>),
          ),
        ],
        [],
      );
      renderWithApp(<Transactions />, '/app/transactions');
      const rows = await screen.findAllByTestId('donation-row');
      expect(within(rows[0]!).getByTestId('gift-claimed')).toHaveTextContent(/^Claimed$/);
      expect(within(rows[0]!).queryByRole('button', { name: /Send again/ })).toBeNull();
      expect(within(rows[1]!).getByTestId('gift-claimed')).toHaveTextContent('Not yet claimed');
      expect(within(rows[1]!).queryByRole('button', { name: /Send again/ })).toBeNull();
      // Not paid yet: who it is for, no claim state.
      expect(within(rows[2]!).getByTestId('gift-cell')).toHaveTextContent('Gift to Mira');
      expect(within(rows[2]!).queryByTestId('gift-claimed')).toBeNull();
    });

    it('says n of m claimed for a corporate gift and lists the recipients in a dialog', async () => {
      const batch = listed(
        paidDonation({
          id: 'don-batch',
          receiptNumber: 'CAN-2026-000008',
          ...{
            gift: { recipients: 3, claimed: 1, recipientName: 'Person 1', recipientEmailed: true },
          },
        } as Partial<Donation>),
      );
      const giftsAsked: string[] = [];
      const gifts: FetchRoute = (url) => {
        if (url.pathname !== '/api/donations/don-batch/gifts') return undefined;
        giftsAsked.push(url.search);
        const gift = (n: number, claimed: boolean) => ({
          id: `g-${n}`,
          recipientName: `Person ${n}`,
          recipientEmail: `p${n}@example.com`,
          trees: 1,
          sendOn: null,
          sentAt: '2026-01-06T09:00:00.000Z',
          claimed,
          claimedAt: claimed ? '2026-01-07T09:00:00.000Z' : null,
          claimUrl: null,
        });
        return {
          status: 200,
          body: {
            success: true,
            data: {
              gifts: [gift(1, false), gift(2, true), gift(3, false)],
              total: 3,
              claimed: 1,
              next: null,
            },
          },
        };
      };
      listRoute([batch], [], gifts);
      const user = userEvent.setup();
      renderWithApp(<Transactions />, '/app/transactions');
      const [row] = await screen.findAllByTestId('donation-row');
      const cell = within(row!).getByTestId('gift-cell');
      expect(cell).toHaveTextContent('Gift to 3 people');
      expect(within(cell).getByTestId('gift-claimed')).toHaveTextContent('1 of 3 claimed');
      await user.click(within(cell).getByRole('button', { name: /^Recipients/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Recipients: 1 of 3 claimed' });
      expect(await within(dialog).findByText('Person 2')).toBeVisible();
      const items = within(dialog).getAllByRole('listitem');
      expect(items).toHaveLength(3);
      expect(items[1]).toHaveTextContent('Claimed');
      expect(items[0]).toHaveTextContent('Not yet claimed');
      expect(
        within(items[0]!).getByRole('button', { name: 'Send again to Person 1' }),
      ).toBeVisible();
      expect(within(items[1]!).queryByRole('button', { name: /Send again/ })).toBeNull();
      expect(giftsAsked).toEqual(['?limit=100']);
    });
  });
});
