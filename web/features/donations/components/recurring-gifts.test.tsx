// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DONATION_MESSAGES } from '../../../../contract/donations';
import {
  RECURRING_MESSAGES,
  type RecurringGift,
  type UpdateRecurringRequest,
} from '../../../../contract/recurring-gifts';
import { renderWithApp, routeFetch, type FetchRoute } from '../../../test-support/render';
import * as checkout from '../checkout-url';
import {
  buildRecurringGift,
  OPTIONS,
  optionsRoute,
  recurringListRoute,
  sentBody,
} from '../test-data';
import { RecurringGifts } from './recurring-gifts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

let gifts: RecurringGift[] = [];
let sent: UpdateRecurringRequest[] = [];
let refusal: { status: number; body: unknown } | undefined;

/** PATCH /api/donations/recurring/{id}: applies the one action as the server would. */
const patchRoute: FetchRoute = (url, init) => {
  const match = /^\/api\/donations\/recurring\/([^/]+)$/.exec(url.pathname);
  if (!match || init?.method !== 'PATCH') return undefined;
  const body = sentBody(init) as UpdateRecurringRequest;
  sent.push(body);
  if (refusal) return refusal;
  const gift = gifts.find((g) => g.id === match[1]);
  if (!gift) return { status: 404, body: { success: false, message: RECURRING_MESSAGES.notFound } };
  let next: RecurringGift = gift;
  let message: string = RECURRING_MESSAGES.statementChoice;
  if (body.pauseUntil) {
    next = { ...gift, status: 'paused', pauseUntil: body.pauseUntil };
    message = RECURRING_MESSAGES.paused(body.pauseUntil);
  } else if (body.trees) {
    next = { ...gift, trees: body.trees, amount: body.trees * OPTIONS.treePrice };
    message = RECURRING_MESSAGES.changed;
  } else if (body.cancel === 'now') {
    next = { ...gift, status: 'cancelled', nextAt: null };
    message = RECURRING_MESSAGES.cancelledNow;
  } else if (body.cancel === 'period_end') {
    next = { ...gift, cancelAtPeriodEnd: true };
    message = RECURRING_MESSAGES.cancelAtPeriodEnd('5 Feb 2026');
  } else if (body.resume) {
    next = { ...gift, status: 'active', pauseUntil: null, cancelAtPeriodEnd: false };
    message = RECURRING_MESSAGES.resumed;
  } else if (body.yearlyStatement !== undefined) {
    next = { ...gift, yearlyStatement: body.yearlyStatement };
  }
  gifts = gifts.map((g) => (g.id === next.id ? next : g));
  return { status: 200, body: { success: true, message, data: next } };
};

function serve(portal = false, ...more: FetchRoute[]) {
  routeFetch(
    optionsRoute(),
    recurringListRoute(() => gifts, portal),
    patchRoute,
    ...more,
  );
}

beforeEach(() => {
  gifts = [];
  sent = [];
  refusal = undefined;
});

const card = (name: RegExp | string) => screen.findByRole('article', { name });

describe('RecurringGifts', () => {
  it('says there are none yet, with a way to start one', async () => {
    serve();
    renderWithApp(<RecurringGifts />);
    expect(await screen.findByTestId('recurring-empty')).toHaveTextContent(
      'No recurring gifts yet.',
    );
    expect(screen.getByRole('link', { name: 'Start a recurring gift' })).toHaveAttribute(
      'href',
      '/app/donate-tree',
    );
    expect(screen.queryByRole('button', { name: 'Manage cards and invoices' })).toBeNull();
  });

  it('shows an active gift: what, how often, next payment, its payments with receipts, and its actions', async () => {
    gifts = [buildRecurringGift()];
    serve();
    const user = userEvent.setup();
    renderWithApp(<RecurringGifts />);
    const gift = await card('5 trees every month');
    expect(within(gift).getByTestId('recurring-status')).toHaveTextContent('Active');
    expect(within(gift).getByTestId('recurring-each-payment')).toHaveTextContent('$12.50');
    expect(within(gift).getByTestId('recurring-given-to')).toHaveTextContent('General fund');
    expect(within(gift).getByTestId('recurring-next-payment')).not.toBeEmptyDOMElement();
    const actions = within(gift).getByRole('group', { name: 'Manage 5 trees every month' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Pause', 'Change', 'Cancel']);
    await user.click(within(gift).getByText('Payments (1)'));
    const period = within(gift).getByTestId('recurring-period');
    expect(period).toHaveTextContent('CAN-2026-000042');
    expect(within(period).getByTestId('status-badge')).toHaveTextContent('Paid');
    expect(
      within(period).getByRole('button', { name: 'Download receipt CAN-2026-000042' }),
    ).toBeVisible();
  });

  it('pauses until a day from a dialog, and the card says so; a paused gift resumes', async () => {
    gifts = [buildRecurringGift()];
    serve();
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    renderWithApp(<RecurringGifts />);
    const gift = await card('5 trees every month');
    await user.click(within(gift).getByRole('button', { name: 'Pause' }));
    const dialog = screen.getByRole('dialog', { name: 'Pause recurring gift' });
    const day = within(dialog).getByLabelText('Pause until');
    await user.clear(day);
    // Typed in the browser's locale (jsdom: en-US, mm/dd/yyyy).
    await user.type(day, '06/01/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(sent).toEqual([{ pauseUntil: '2026-06-01' }]));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(RECURRING_MESSAGES.paused('2026-06-01')),
    );
    expect(screen.getByTestId('app-modal')).not.toHaveAttribute('open');
    expect(within(gift).getByTestId('recurring-status')).toHaveTextContent('Paused');
    expect(within(gift).getByTestId('recurring-paused-until')).toHaveTextContent('2026');

    await user.click(within(gift).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(sent).toContainEqual({ resume: true }));
    await waitFor(() =>
      expect(within(gift).getByTestId('recurring-status')).toHaveTextContent('Active'),
    );
    expect(success).toHaveBeenCalledWith(RECURRING_MESSAGES.resumed);
  });

  it("shows the server's refusal of a day beside the field", async () => {
    gifts = [buildRecurringGift()];
    serve();
    refusal = {
      status: 400,
      body: {
        success: false,
        message: RECURRING_MESSAGES.pauseTooLong,
        code: 'VALIDATION_FAILED',
        field: 'pauseUntil',
      },
    };
    const user = userEvent.setup();
    renderWithApp(<RecurringGifts />);
    await user.click(within(await card(/5 trees/)).getByRole('button', { name: 'Pause' }));
    const dialog = screen.getByRole('dialog', { name: 'Pause recurring gift' });
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    const day = within(dialog).getByLabelText('Pause until');
    await waitFor(() => expect(day).toHaveAccessibleDescription(/at most one year/));
    expect(day).toHaveFocus();
  });

  it('changes the trees from the next payment, held to the contract and the server limits', async () => {
    gifts = [buildRecurringGift()];
    serve();
    const user = userEvent.setup();
    renderWithApp(<RecurringGifts />);
    await user.click(within(await card(/5 trees/)).getByRole('button', { name: 'Change' }));
    const dialog = screen.getByRole('dialog', { name: 'Change recurring gift' });
    const trees = await within(dialog).findByLabelText('Trees each month');
    expect(trees).toHaveValue(5);
    await user.clear(trees);
    await user.click(within(dialog).getByRole('button', { name: 'Save change' }));
    expect(await within(dialog).findByText(DONATION_MESSAGES.treesRequired)).toBeVisible();
    await user.type(trees, '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Save change' }));
    expect(
      await within(dialog).findByText(DONATION_MESSAGES.treesRange(OPTIONS.maxTrees)),
    ).toBeVisible();
    expect(sent).toEqual([]);
    await user.clear(trees);
    await user.type(trees, '8');
    await user.click(within(dialog).getByRole('button', { name: 'Save change' }));
    await waitFor(() => expect(sent).toEqual([{ trees: 8 }]));
    expect(await card('8 trees every month')).toBeVisible();
  });

  it('changes a cash amount in minor units', async () => {
    gifts = [buildRecurringGift({ kind: 'cash', trees: 0, amount: 2500, interval: 'year' })];
    serve();
    const user = userEvent.setup();
    renderWithApp(<RecurringGifts />);
    await user.click(
      within(await card('$25.00 every year')).getByRole('button', { name: 'Change' }),
    );
    const amount = await screen.findByLabelText('Amount each year (USD)');
    expect(amount).toHaveValue('25.00');
    await user.clear(amount);
    await user.type(amount, '40.5');
    await user.click(screen.getByRole('button', { name: 'Save change' }));
    await waitFor(() => expect(sent).toEqual([{ amount: 4050 }]));
    // A yearly gift has no statement switch (it is one mail a year already).
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('cancels at the end of the period by default, or now; a cancelled gift has no actions', async () => {
    gifts = [buildRecurringGift(), buildRecurringGift({ id: 'sub-2', trees: 1, amount: 250 })];
    serve();
    const user = userEvent.setup();
    renderWithApp(<RecurringGifts />);
    const five = await card('5 trees every month');
    await user.click(within(five).getByRole('button', { name: 'Cancel' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel recurring gift' });
    expect(within(dialog).getByRole('radio', { name: /At the end of the period/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the gift' }));
    await waitFor(() => expect(sent).toEqual([{ cancel: 'period_end' }]));
    await waitFor(() => expect(within(five).getByTestId('recurring-ends-on')).toBeVisible());
    expect(within(five).queryByRole('button', { name: 'Pause' })).toBeNull();
    // Keep giving takes the cancellation back.
    await user.click(within(five).getByRole('button', { name: 'Keep giving' }));
    await waitFor(() => expect(sent).toContainEqual({ resume: true }));
    await waitFor(() => expect(within(five).getByTestId('recurring-next-payment')).toBeVisible());
    expect(within(five).getByRole('button', { name: 'Pause' })).toBeVisible();

    const one = await card('1 tree every month');
    await user.click(within(one).getByRole('button', { name: 'Cancel' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel recurring gift' });
    await user.click(within(dialog).getByRole('radio', { name: /Now/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the gift' }));
    await waitFor(() => expect(sent).toContainEqual({ cancel: 'now' }));
    await waitFor(() =>
      expect(within(one).getByTestId('recurring-status')).toHaveTextContent('Cancelled'),
    );
    expect(within(one).queryByRole('group', { name: /Manage/ })).toBeNull();
  });

  it('says a conflict (already cancelled elsewhere) in the dialog', async () => {
    gifts = [buildRecurringGift()];
    serve();
    refusal = {
      status: 409,
      body: { success: false, message: RECURRING_MESSAGES.cancelled, code: 'CONFLICT' },
    };
    const user = userEvent.setup();
    renderWithApp(<RecurringGifts />);
    await user.click(within(await card(/5 trees/)).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel recurring gift' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the gift' }));
    expect(await within(dialog).findByTestId('recurring-refusal')).toHaveTextContent(
      RECURRING_MESSAGES.cancelled,
    );
  });

  it('turns per-payment mails into one yearly statement for a monthly gift', async () => {
    gifts = [buildRecurringGift()];
    serve();
    const user = userEvent.setup();
    renderWithApp(<RecurringGifts />);
    const toggle = await screen.findByRole('switch', {
      name: 'One yearly statement instead of a mail per payment',
    });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(sent).toEqual([{ yearlyStatement: true }]));
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('after a failed payment: the reason, a hint to update the card, and the Stripe portal', async () => {
    gifts = [
      buildRecurringGift({ status: 'past_due', failureReason: DONATION_MESSAGES.cardDeclined }),
    ];
    const go = vi.spyOn(checkout, 'goToCheckout').mockImplementation(() => undefined);
    serve(true, (url, init) =>
      url.pathname === '/api/donations/recurring/portal' && init?.method === 'POST'
        ? { status: 200, body: { success: true, data: { url: 'https://billing.stripe.test/p/1' } } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<RecurringGifts />);
    const gift = await card(/5 trees/);
    expect(within(gift).getByTestId('recurring-status')).toHaveTextContent('Payment failed');
    expect(within(gift).getByRole('note')).toHaveTextContent(DONATION_MESSAGES.cardDeclined);
    expect(within(gift).getByRole('note')).toHaveTextContent('Manage cards and invoices');
    await user.click(screen.getByRole('button', { name: 'Manage cards and invoices' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://billing.stripe.test/p/1'));
  });

  it('a gift waiting for its first payment can only be cancelled, at once', async () => {
    gifts = [buildRecurringGift({ status: 'incomplete', nextAt: null, donations: [] })];
    serve();
    const user = userEvent.setup();
    renderWithApp(<RecurringGifts />);
    const gift = await card('5 trees every month');
    expect(within(gift).getByTestId('recurring-status')).toHaveTextContent(
      'Waiting for the first payment',
    );
    expect(within(gift).getByText('No payments yet.')).toBeVisible();
    const actions = within(gift).getByRole('group', { name: /^Manage/ });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel']);
    await user.click(within(actions).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel recurring gift' });
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the gift' }));
    await waitFor(() => expect(sent).toEqual([{ cancel: 'now' }]));
  });
});
