// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { DONATION_MESSAGES } from '../../../../contract/donations';
import { RECURRING_MESSAGES } from '../../../../contract/recurring-gifts';
import { buildDrive } from '../../../test-support/fixtures';
import { renderWithApp, routeFetch, type FetchRoute } from '../../../test-support/render';
import { buildDonation, OPTIONS, optionsRoute, sentBody } from '../test-data';
import * as checkout from '../checkout-url';
import { DonateTree } from './donate-form';

const drives = [
  buildDrive({ id: 'd-1', _id: 'd-1', driveName: 'River oaks' }),
  buildDrive({ id: 'd-2', _id: 'd-2', driveName: 'Lake neems' }),
];

const drivesRoute: FetchRoute = (url) => {
  if (url.pathname !== '/api/trees/geteventdetail') return undefined;
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const data = drives.filter((d) => d.driveName.toLowerCase().includes(q));
  return { status: 200, body: { success: true, page: 1, limit: 8, total: data.length, data } };
};
const driveRoute: FetchRoute = (url) => {
  const drive = drives.find((d) => url.pathname === `/api/drives/${d.id}`);
  return drive
    ? { status: 200, body: { success: true, data: { ...drive, participants: [] } } }
    : undefined;
};

let created: unknown[] = [];
const createRoute: FetchRoute = (url, init) => {
  if (url.pathname !== '/api/donations' || init?.method !== 'POST') return undefined;
  created.push(sentBody(init));
  const donation = buildDonation({ id: 'don-9', category: 'Institution/Research' });
  return {
    status: 201,
    body: { success: true, data: { donation, checkoutUrl: '/app/checkout-tree?donation=don-9' } },
  };
};

let recurring: unknown[] = [];
let recurringAnswer: { status: number; body: unknown } | undefined;
const createRecurringRoute: FetchRoute = (url, init) => {
  if (url.pathname !== '/api/donations/recurring' || init?.method !== 'POST') return undefined;
  recurring.push(sentBody(init));
  return (
    recurringAnswer ?? {
      status: 201,
      body: {
        success: true,
        message: RECURRING_MESSAGES.started,
        data: {
          id: 'sub-9',
          donationId: 'don-10',
          checkoutUrl: '/app/checkout-tree?donation=don-10',
        },
      },
    }
  );
};

const organisationsRoute: FetchRoute = (url) =>
  url.pathname === '/api/users/coporateuser'
    ? {
        status: 200,
        body: {
          success: true,
          data: [
            { value: 'org-1', label: 'Greenleaf Ltd' },
            { value: 'org-2', label: 'Riverbank Foods' },
          ],
        },
      }
    : undefined;

let assign: MockInstance<typeof checkout.goToCheckout>;
beforeEach(() => {
  assign = vi.spyOn(checkout, 'goToCheckout').mockImplementation(() => undefined);
  created = [];
  recurring = [];
  recurringAnswer = undefined;
  routeFetch(
    optionsRoute(),
    drivesRoute,
    driveRoute,
    createRoute,
    createRecurringRoute,
    organisationsRoute,
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const total = () => screen.getByTestId('donation-total');
const pay = (amount: string) => screen.getByRole('button', { name: `Pay ${amount}` });

describe('DonateTree', () => {
  it('offers tiles for trees and cash, priced from the server options, with the live total', async () => {
    const user = userEvent.setup();
    renderWithApp(<DonateTree />);
    const trees = await screen.findByRole('group', { name: /^Trees \(\$2\.50 each\)/ });
    const one = within(trees).getByRole('radio', { name: '1 tree' });
    expect(one).toBeChecked();
    expect(total()).toHaveTextContent('Total: $2.50');
    await user.click(within(trees).getByRole('radio', { name: '10 trees' }));
    expect(total()).toHaveTextContent('Total: $25.00');
    expect(screen.getByTestId('review-gift')).toHaveTextContent('10 trees');
    expect(pay('$25.00')).toBeVisible();
    // Arrow keys move between tiles (one radio group).
    await user.keyboard('{ArrowRight}');
    expect(within(trees).getByRole('radio', { name: '25 trees' })).toBeChecked();

    const cash = screen.getByRole('group', { name: /^Cash \(\$1\.00 to \$10,000\.00\)/ });
    await user.click(within(cash).getByRole('radio', { name: '$50.00' }));
    expect(total()).toHaveTextContent('Total: $50.00');

    await user.click(within(trees).getByRole('radio', { name: 'Other number' }));
    const count = screen.getByLabelText('Number of trees');
    await user.type(count, '3');
    expect(total()).toHaveTextContent('Total: $7.50');
    await user.clear(count);
    expect(total()).toHaveTextContent('Total: —');
  });

  it('says the limits the server set, not rules of its own', async () => {
    const user = userEvent.setup();
    renderWithApp(<DonateTree />);
    await user.click(await screen.findByRole('radio', { name: 'Other number' }));
    const trees = screen.getByLabelText('Number of trees');
    await user.type(trees, '5000');
    await user.click(pay('$12,500.00'));
    expect(await screen.findByText(DONATION_MESSAGES.treesRange(OPTIONS.maxTrees))).toBeVisible();
    expect(trees).toHaveAttribute('aria-invalid', 'true');
    expect(trees).toHaveFocus();

    await user.click(screen.getByRole('radio', { name: 'Other amount' }));
    const amount = screen.getByLabelText('Amount (USD)');
    await user.type(amount, '0.50');
    expect(total()).toHaveTextContent('Total: $0.50');
    await user.click(pay('$0.50'));
    expect(
      await screen.findByText(DONATION_MESSAGES.amountRange('$1.00', '$10,000.00')),
    ).toBeVisible();
    expect(created).toEqual([]);
  });

  it("holds a tree gift's total to the amount limits, and refuses free saplings", async () => {
    vi.restoreAllMocks();
    routeFetch(
      optionsRoute({ ...OPTIONS, treePrice: 400, maxTrees: 10_000 }),
      drivesRoute,
      createRoute,
    );
    const user = userEvent.setup();
    renderWithApp(<DonateTree />);
    await user.click(await screen.findByRole('radio', { name: 'Other number' }));
    await user.type(screen.getByLabelText('Number of trees'), '2501');
    await user.click(pay('$10,004.00'));
    expect(
      await screen.findByText(DONATION_MESSAGES.amountRange('$1.00', '$10,000.00')),
    ).toBeVisible();
    cleanup();

    vi.restoreAllMocks();
    routeFetch(optionsRoute({ ...OPTIONS, treePrice: 0 }), drivesRoute, createRoute);
    renderWithApp(<DonateTree />);
    await user.click(await screen.findByRole('button', { name: 'Pay $0.00' }));
    expect(await screen.findByText(DONATION_MESSAGES.freeSaplings)).toBeVisible();
    expect(created).toEqual([]);
  });

  it('needs no category: trees and cash get their defaults on the server', async () => {
    const user = userEvent.setup();
    renderWithApp(<DonateTree />);
    await user.click(await screen.findByRole('radio', { name: '5 trees' }));
    expect(screen.getByTestId('donation-review')).toHaveTextContent('CategoryTrees');
    await user.click(pay('$12.50'));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({ kind: 'trees', trees: 5, driveId: null, anonymous: false });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/checkout-tree?donation=don-9'));
  });

  it('on a phone: Continue checks the choices, then Review and pay sends cash in minor units, anonymously', async () => {
    const user = userEvent.setup();
    renderWithApp(<DonateTree />);
    await user.click(await screen.findByRole('radio', { name: 'Other amount' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(DONATION_MESSAGES.amountRequired)).toBeVisible();
    await user.type(screen.getByLabelText('Amount (USD)'), '25.50');
    expect(total()).toHaveTextContent('Total: $25.50');
    await user.selectOptions(screen.getByLabelText('Category'), 'Institution/Research');
    await user.type(screen.getByLabelText('Message (optional)'), '  For the school  ');
    await user.click(screen.getByLabelText('Show my name with this donation'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const review = screen.getByTestId('donation-review');
    expect(review).not.toHaveClass('hidden');
    expect(screen.getByTestId('donate-choose')).toHaveClass('hidden');
    expect(review).toHaveTextContent('Hidden (anonymous)');
    expect(review).toHaveTextContent('For the school');
    await user.click(pay('$25.50'));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      kind: 'cash',
      amount: 2550,
      driveId: null,
      category: 'Institution/Research',
      message: 'For the school',
      anonymous: true,
    });
    expect(assign).toHaveBeenCalledWith('/app/checkout-tree?donation=don-9');
    expect(sessionStorage.getItem('canopy.checkout.don-9')).toBe(
      '/app/checkout-tree?donation=don-9',
    );
  });

  it('has the drive from ?drive= chosen, and finds others by name', async () => {
    const user = userEvent.setup();
    renderWithApp(<DonateTree driveId="d-2" />);
    const giveTo = await screen.findByRole('group', { name: 'Give to' });
    await waitFor(() =>
      expect(within(giveTo).getByRole('radio', { name: /Lake neems/ })).toBeChecked(),
    );
    expect(screen.getByTestId('review-recipient')).toHaveTextContent('Lake neems');
    await user.type(screen.getByLabelText('Search upcoming drives'), 'river');
    await waitFor(() => expect(within(giveTo).queryAllByRole('radio')).toHaveLength(3));
    // The chosen drive stays listed while another search shows.
    expect(within(giveTo).getByRole('radio', { name: /Lake neems/ })).toBeChecked();
    await user.click(within(giveTo).getByRole('radio', { name: /River oaks/ }));
    await user.click(pay('$2.50'));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ kind: 'trees', trees: 1, driveId: 'd-1', anonymous: false });
  });

  it('says when the drive in the address is unknown and leaves the general fund chosen', async () => {
    renderWithApp(<DonateTree driveId="nope" />);
    expect(await screen.findByText(DONATION_MESSAGES.driveUnknown)).toBeVisible();
    expect(screen.getByRole('radio', { name: /General fund/ })).toBeChecked();
  });

  it('shows a refusal beside the field the server named, others above Pay', async () => {
    vi.restoreAllMocks();
    let answer: { status: number; body: Record<string, unknown> } = {
      status: 400,
      body: {
        success: false,
        message: DONATION_MESSAGES.drivePast,
        code: 'VALIDATION_FAILED',
        field: 'driveId',
      },
    };
    routeFetch(optionsRoute(), drivesRoute, (url, init) =>
      url.pathname === '/api/donations' && init?.method === 'POST' ? answer : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<DonateTree />);
    await user.click(await screen.findByRole('button', { name: 'Pay $2.50' }));
    const giveTo = screen.getByRole('group', { name: 'Give to' });
    expect(await within(giveTo).findByText(DONATION_MESSAGES.drivePast)).toBeVisible();
    expect(giveTo).toHaveAccessibleDescription(DONATION_MESSAGES.drivePast);

    answer = {
      status: 503,
      body: {
        success: false,
        message: DONATION_MESSAGES.providerUnavailable,
        code: 'SERVICE_UNAVAILABLE',
      },
    };
    await user.click(screen.getByRole('button', { name: 'Pay $2.50' }));
    expect(await screen.findByText(DONATION_MESSAGES.providerUnavailable)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByText(DONATION_MESSAGES.providerUnavailable)).toHaveTextContent(
      DONATION_MESSAGES.providerUnavailable,
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/');
  });

  it('offers Try again when the options cannot be loaded', async () => {
    vi.restoreAllMocks();
    routeFetch(drivesRoute);
    renderWithApp(<DonateTree />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('gives every month: the general fund instead of a drive, no gift to someone, and the first payment on the card page', async () => {
    const user = userEvent.setup();
    renderWithApp(<DonateTree driveId="d-2" />);
    const often = await screen.findByRole('group', { name: 'How often' });
    expect(within(often).getByRole('radio', { name: 'Once' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Give these trees to someone' })).toBeVisible();
    await user.click(screen.getByRole('radio', { name: '5 trees' }));
    await user.click(within(often).getByRole('radio', { name: 'Every month' }));
    // Keyboard: arrow keys move between the three tiles.
    await user.keyboard('{ArrowRight}');
    expect(within(often).getByRole('radio', { name: 'Every year' })).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(within(often).getByRole('radio', { name: 'Every month' })).toBeChecked();

    expect(screen.queryByLabelText('Search upcoming drives')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Give these trees to someone' })).toBeNull();
    expect(screen.queryByLabelText('Category')).toBeNull();
    const giveTo = screen.getByTestId('recurring-recipient');
    expect(giveTo).toHaveTextContent('General fund');
    // The drive from the address is left out, and said so.
    expect(giveTo).toHaveTextContent(RECURRING_MESSAGES.driveNotAllowed);
    expect(total()).toHaveTextContent('Total: $12.50 every month');
    expect(screen.getByTestId('review-interval')).toHaveTextContent('Every month');
    expect(screen.getByTestId('review-recipient')).toHaveTextContent('General fund');

    await user.click(screen.getByRole('button', { name: 'Give 5 trees every month' }));
    await waitFor(() => expect(recurring).toHaveLength(1));
    expect(recurring[0]).toEqual({
      kind: 'trees',
      trees: 5,
      interval: 'month',
      organisationId: null,
      anonymous: false,
    });
    expect(created).toEqual([]);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/checkout-tree?donation=don-10'));
    expect(sessionStorage.getItem('canopy.checkout.don-10')).toBe(
      '/app/checkout-tree?donation=don-10',
    );

    // Back to Once: the drive picker and the gift section return.
    await user.click(within(often).getByRole('radio', { name: 'Once' }));
    expect(screen.getByLabelText('Search upcoming drives')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay $12.50' })).toBeVisible();
  });

  it('holds a yearly cash gift to the same limits, and says a refusal (too many checkouts) above the button', async () => {
    const user = userEvent.setup();
    renderWithApp(<DonateTree />);
    await user.click(await screen.findByRole('radio', { name: 'Every year' }));
    await user.click(screen.getByRole('radio', { name: 'Other amount' }));
    await user.type(screen.getByLabelText('Amount (USD)'), '0.50');
    await user.click(screen.getByRole('button', { name: 'Give $0.50 every year' }));
    expect(
      await screen.findByText(DONATION_MESSAGES.amountRange('$1.00', '$10,000.00')),
    ).toBeVisible();
    expect(recurring).toEqual([]);

    const tooMany = RECURRING_MESSAGES.checkoutsTooMany.replace('{minutes}', '12');
    recurringAnswer = {
      status: 429,
      body: { success: false, message: tooMany, code: 'RATE_LIMITED' },
    };
    await user.clear(screen.getByLabelText('Amount (USD)'));
    await user.type(screen.getByLabelText('Amount (USD)'), '30');
    await user.click(screen.getByLabelText('Show my name with this donation'));
    // An organisation (a corporate account) instead of the general fund.
    const giveTo = screen.getByRole('group', { name: 'Give to' });
    await user.click(await within(giveTo).findByRole('radio', { name: /Riverbank Foods/ }));
    expect(screen.getByTestId('review-recipient')).toHaveTextContent('Riverbank Foods');
    await user.click(screen.getByRole('button', { name: 'Give $30.00 every year' }));
    expect(await screen.findByText(tooMany)).toHaveAttribute('role', 'alert');
    expect(recurring).toEqual([
      { kind: 'cash', amount: 3000, interval: 'year', organisationId: 'org-2', anonymous: true },
    ]);
    expect(assign).not.toHaveBeenCalled();
  });
});
