// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DONATION_MESSAGES, type BillingProfile } from '../../../../contract/donations';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { sentBody } from '../test-data';
import { BillingDetails } from './billing-form';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const EMPTY: BillingProfile = {
  billingName: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  postalCode: '',
  country: '',
  taxId: '',
};

describe('BillingDetails', () => {
  it('loads the saved details and saves the changes', async () => {
    const sent: unknown[] = [];
    routeFetch((url, init) => {
      if (url.pathname !== '/api/donations/billing') return undefined;
      if (init?.method === 'PUT') {
        sent.push(sentBody(init));
        return {
          status: 200,
          body: { success: true, message: DONATION_MESSAGES.billingSaved, data: sentBody(init) },
        };
      }
      return { status: 200, body: { success: true, data: { ...EMPTY, city: 'Pune' } } };
    });
    const user = userEvent.setup();
    renderWithApp(<BillingDetails />);
    expect(await screen.findByLabelText('City')).toHaveValue('Pune');
    await user.type(screen.getByLabelText('Billing name'), '  Green Co  ');
    await user.type(screen.getByLabelText('Tax ID'), 'GB123');
    await user.click(screen.getByRole('button', { name: 'Save billing details' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ ...EMPTY, billingName: 'Green Co', city: 'Pune', taxId: 'GB123' });
    await waitFor(() => expect(screen.getByLabelText('Billing name')).toHaveValue('Green Co'));
  });

  it("refuses what the contract refuses, with the contract's message", async () => {
    const sent: unknown[] = [];
    routeFetch((url, init) => {
      if (url.pathname !== '/api/donations/billing') return undefined;
      if (init?.method === 'PUT') sent.push(init);
      return { status: 200, body: { success: true, data: EMPTY } };
    });
    const user = userEvent.setup();
    renderWithApp(<BillingDetails />);
    await user.type(await screen.findByLabelText('Tax ID'), 'X'.repeat(41));
    await user.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText('At most 40 characters.')).toBeVisible();
    expect(screen.getByLabelText('Tax ID')).toHaveFocus();
    expect(sent).toEqual([]);
  });
});
