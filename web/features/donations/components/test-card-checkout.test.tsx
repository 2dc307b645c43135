// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DONATION_MESSAGES, type Donation } from '../../../../contract/donations';
import { renderWithApp, routeFetch, type FetchRoute } from '../../../test-support/render';
import {
  buildDonation,
  buildRecurringGift,
  donationRoute,
  recurringListRoute,
  sentBody,
} from '../test-data';
import { TestCardCheckout } from './test-card-checkout';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The test provider: 4242… pays, anything else is declined (the donation turns failed). */
function provider(state: { donation: Donation }, sent: unknown[]): FetchRoute {
  return (url, init) => {
    if (url.pathname !== '/api/payments/test/confirm') return undefined;
    const body = sentBody(init) as { cardNumber: string };
    sent.push(body);
    if (body.cardNumber === '4242424242424242') {
      state.donation = { ...state.donation, status: 'paid', receiptNumber: 'CAN-2026-000001' };
      return {
        status: 200,
        body: {
          success: true,
          message: DONATION_MESSAGES.paymentStarted,
          data: { status: 'paid' },
        },
      };
    }
    state.donation = {
      ...state.donation,
      status: 'failed',
      failureReason: DONATION_MESSAGES.cardDeclined,
    };
    return {
      status: 402,
      body: { success: false, message: DONATION_MESSAGES.cardDeclined, code: 'PAYMENT_DECLINED' },
    };
  };
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(screen.getByRole('button', { name: 'Pay $7.50' }));
}

describe('TestCardCheckout', () => {
  it('is marked TEST MODE and lists the test cards', async () => {
    const state = { donation: buildDonation() };
    routeFetch(donationRoute(() => state.donation));
    renderWithApp(<TestCardCheckout donationId="don-1" />);
    expect(screen.getByTestId('test-mode')).toHaveTextContent('TEST MODE');
    expect(await screen.findByTestId('test-cards')).toHaveTextContent('4242 4242 4242 4242 pays');
    expect(screen.getByTestId('test-cards')).toHaveTextContent('4000 0000 0000 0002 is declined');
    expect(screen.getByText('Donation to River oaks')).toBeVisible();
  });

  it('checks the card fields with the contract before sending anything', async () => {
    const state = { donation: buildDonation() };
    const sent: unknown[] = [];
    routeFetch(
      donationRoute(() => state.donation),
      provider(state, sent),
    );
    const user = userEvent.setup();
    renderWithApp(<TestCardCheckout donationId="don-1" />);
    await user.click(await screen.findByRole('button', { name: 'Pay $7.50' }));
    expect(await screen.findByText(DONATION_MESSAGES.cardNumberInvalid)).toBeVisible();
    expect(screen.getByText(DONATION_MESSAGES.expiryInvalid)).toBeVisible();
    expect(screen.getByText(DONATION_MESSAGES.cvcInvalid)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('pays with 4242… and goes on to the success page', async () => {
    const state = { donation: buildDonation() };
    const sent: unknown[] = [];
    routeFetch(
      donationRoute(() => state.donation),
      provider(state, sent),
    );
    const user = userEvent.setup();
    renderWithApp(<TestCardCheckout donationId="don-1" />);
    await fillCard(user, '4242 4242 4242 4242');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/app/donate-tree/success?donation=don-1',
      ),
    );
    expect(sent).toEqual([
      { donationId: 'don-1', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    ]);
  });

  it("shows a declined card's reason, and Try again starts a new donation with the same choices", async () => {
    const state = { donation: buildDonation({ message: 'For the lake', anonymous: true }) };
    const sent: unknown[] = [];
    const created: unknown[] = [];
    routeFetch(
      donationRoute(() => state.donation),
      provider(state, sent),
      (url, init) => {
        if (url.pathname !== '/api/donations' || init?.method !== 'POST') return undefined;
        created.push(sentBody(init));
        state.donation = buildDonation({ id: 'don-2' });
        return {
          status: 201,
          body: {
            success: true,
            data: { donation: state.donation, checkoutUrl: '/app/checkout-tree?donation=don-2' },
          },
        };
      },
    );
    const user = userEvent.setup();
    renderWithApp(<TestCardCheckout donationId="don-1" />, '/app/checkout-tree?donation=don-1');
    await fillCard(user, '4000 0000 0000 0002');
    expect(await screen.findByTestId('payment-refusal')).toHaveTextContent(
      DONATION_MESSAGES.cardDeclined,
    );
    // The donation is failed now: no card form, but a fresh start.
    await waitFor(() => expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument());
    expect(screen.getByTestId('test-mode')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      kind: 'trees',
      trees: 3,
      driveId: 'd-1',
      category: 'Trees',
      message: 'For the lake',
      anonymous: true,
    });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/app/checkout-tree?donation=don-2'),
    );
  });

  it('shows an expired card beside the expiry field', async () => {
    routeFetch(
      donationRoute(() => buildDonation()),
      (url) =>
        url.pathname === '/api/payments/test/confirm'
          ? {
              status: 400,
              body: {
                success: false,
                message: DONATION_MESSAGES.expiryPast,
                code: 'VALIDATION_FAILED',
                field: 'expiry',
              },
            }
          : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<TestCardCheckout donationId="don-1" />);
    await fillCard(user, '4242 4242 4242 4242');
    const expiry = screen.getByLabelText('Expiry (MM/YY)');
    await waitFor(() => expect(expiry).toHaveAccessibleDescription(DONATION_MESSAGES.expiryPast));
    expect(expiry).toHaveFocus();
    expect(screen.queryByTestId('payment-refusal')).not.toBeInTheDocument();
  });

  it('says so for an unknown donation, still in TEST MODE', async () => {
    routeFetch();
    renderWithApp(<TestCardCheckout donationId="nope" />);
    expect(await screen.findByRole('heading', { name: DONATION_MESSAGES.notFound })).toBeVisible();
    expect(screen.getByTestId('test-mode')).toBeVisible();
  });

  it("says a recurring gift's first payment starts it, and a declined one offers a fresh start, not a one-off", async () => {
    const state = {
      donation: buildDonation({ drive: null, trees: 5, amount: 1250, subscriptionId: 'sub-1' }),
    };
    const sent: unknown[] = [];
    routeFetch(
      donationRoute(() => state.donation),
      recurringListRoute(() => [
        buildRecurringGift({
          status: 'incomplete',
          donations: [],
          organisation: { id: 'org-1', name: 'Greenleaf Ltd' },
        }),
      ]),
      provider(state, sent),
    );
    const user = userEvent.setup();
    renderWithApp(<TestCardCheckout donationId="don-1" />);
    const note = await screen.findByTestId('recurring-note');
    await waitFor(() =>
      expect(note).toHaveTextContent(
        'This first payment starts your monthly gift. Later payments are charged automatically every month',
      ),
    );
    expect(screen.getByText('Donation to Greenleaf Ltd')).toBeVisible();
    await user.type(screen.getByLabelText('Card number'), '4000 0000 0000 0002');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay $12.50' }));
    expect(await screen.findByTestId('payment-refusal')).toHaveTextContent(
      DONATION_MESSAGES.cardDeclined,
    );
    expect(await screen.findByRole('link', { name: 'Start again' })).toHaveAttribute(
      'href',
      '/app/donate-tree',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
