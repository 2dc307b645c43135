// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { paidDonation } from '../test-data';
import { ReceiptsList } from './receipts-list';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ReceiptsList', () => {
  it('says a cash gift’s amount once, and a tree gift’s trees and amount', async () => {
    routeFetch((url) =>
      url.pathname === '/api/donations'
        ? {
            status: 200,
            body: {
              success: true,
              page: 1,
              limit: 10,
              total: 2,
              data: [
                {
                  ...paidDonation({
                    id: 'cash',
                    kind: 'cash',
                    trees: 0,
                    amount: 2500,
                    drive: null,
                    receiptNumber: 'CAN-2026-000002',
                  }),
                  gift: null,
                },
                { ...paidDonation({ receiptNumber: 'CAN-2026-000001' }), gift: null },
              ],
            },
          }
        : undefined,
    );
    renderWithApp(<ReceiptsList />);
    const cash = (await screen.findByText('CAN-2026-000002')).parentElement!;
    expect(cash).toHaveTextContent(/\$25\.00 to General fund$/);
    expect(cash.textContent!.match(/\$25\.00/g)).toHaveLength(1);
    const trees = screen.getByText('CAN-2026-000001').parentElement!;
    expect(trees).toHaveTextContent(/3 trees to River oaks · \$7\.50$/);
  });
});
