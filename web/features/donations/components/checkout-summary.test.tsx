// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DONATION_MESSAGES } from '../../../../contract/donations';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import * as checkout from '../checkout-url';
import { checkoutPath } from '../format';
import { buildDonation, donationRoute, OPTIONS, optionsRoute } from '../test-data';
import { CheckoutSummary } from './checkout-summary';

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(checkout, 'goToCheckout').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('checkoutPath', () => {
  it('names drive, kind and category in encoded segments the route still matches', () => {
    const path = checkoutPath(
      buildDonation({
        drive: { id: 'd-1', name: 'Oaks / 50% off?', startsAt: '' },
        category: 'Institution/Research',
      }),
    );
    expect(path).toBe(
      '/app/checkout/Oaks%20%2F%2050%25%20off%3F/trees/Institution%2FResearch?donation=don-1',
    );
    function Params() {
      const params = useParams();
      return <p data-testid="params">{JSON.stringify(params)}</p>;
    }
    render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/app/checkout/:driveName/:kind/:desc" element={<Params />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(JSON.parse(screen.getByTestId('params').textContent ?? '')).toEqual({
      driveName: 'Oaks / 50% off?',
      kind: 'trees',
      desc: 'Institution/Research',
    });
  });

  it('says "General fund" for a donation to no drive', () => {
    expect(checkoutPath(buildDonation({ drive: null, kind: 'cash' }))).toBe(
      '/app/checkout/General%20fund/cash/Trees?donation=don-1',
    );
  });
});

describe('CheckoutSummary', () => {
  it('shows the pending donation and pays at the address it was started with', async () => {
    sessionStorage.setItem('canopy.checkout.don-1', 'https://checkout.stripe.test/c/pay/cs_1');
    routeFetch(
      optionsRoute({ ...OPTIONS, testMode: false }),
      donationRoute(() => buildDonation({ message: 'For the lake', anonymous: true })),
    );
    const user = userEvent.setup();
    renderWithApp(<CheckoutSummary donationId="don-1" />);
    const summary = await screen.findByTestId('donation-summary');
    expect(summary).toHaveTextContent('River oaks');
    expect(summary).toHaveTextContent('3 trees');
    expect(summary).toHaveTextContent('For the lake');
    expect(summary).toHaveTextContent('Hidden (anonymous)');
    expect(screen.getByTestId('donation-amount')).toHaveTextContent('$7.50');
    await user.click(screen.getByRole('button', { name: 'Pay $7.50' }));
    expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1');
  });

  it('uses the test card page after a reload when the server takes test payments', async () => {
    routeFetch(
      optionsRoute(),
      donationRoute(() => buildDonation()),
    );
    const user = userEvent.setup();
    renderWithApp(<CheckoutSummary donationId="don-1" />);
    await user.click(await screen.findByRole('button', { name: 'Pay $7.50' }));
    expect(assign).toHaveBeenCalledWith('/app/checkout-tree?donation=don-1');
  });

  it('does not offer Pay for a donation that is no longer pending', async () => {
    routeFetch(
      optionsRoute(),
      donationRoute(() =>
        buildDonation({ status: 'expired', failureReason: 'The checkout expired.' }),
      ),
    );
    renderWithApp(<CheckoutSummary donationId="don-1" />);
    expect(await screen.findByText(DONATION_MESSAGES.notPending)).toBeVisible();
    expect(screen.getByText('The checkout expired.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('says not found for an unknown donation or a missing id', async () => {
    routeFetch(optionsRoute());
    renderWithApp(<CheckoutSummary donationId="nope" />);
    expect(await screen.findByRole('heading', { name: DONATION_MESSAGES.notFound })).toBeVisible();
    cleanup();
    renderWithApp(<CheckoutSummary donationId={null} />);
    expect(screen.getByRole('link', { name: 'Donate Tree' })).toHaveAttribute(
      'href',
      '/app/donate-tree',
    );
    await waitFor(() => expect(assign).not.toHaveBeenCalled());
  });
});
