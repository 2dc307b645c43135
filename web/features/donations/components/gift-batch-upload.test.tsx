// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GIFT_MESSAGES } from '../../../../contract/gifts';
import { renderWithApp } from '../../../test-support/render';
import { GiftBatchUpload } from './gift-batch-upload';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const csv = (text: string) => new File([text], 'people.csv', { type: 'text/csv' });

describe('GiftBatchUpload', () => {
  it('lists the file’s problems by line and counts good rows', async () => {
    const user = userEvent.setup();
    renderWithApp(<GiftBatchUpload />);
    const input = screen.getByLabelText('Recipients (CSV file)');
    await user.upload(input, csv('name,email\nA,a@example.com\n,b@example.com\nC,a@example.com\n'));
    expect(await screen.findByText(`Line 3: ${GIFT_MESSAGES.nameRequired}`)).toBeVisible();
    expect(screen.getByText(GIFT_MESSAGES.batchDuplicate(4, 2))).toBeVisible();
    expect(screen.getByRole('button', { name: 'Give and pay' })).toBeDisabled();

    await user.upload(input, csv('name,email\nA,a@example.com\nB,b@example.com\n'));
    expect(await screen.findByText('2 recipients ready.')).toBeVisible();
    await user.clear(screen.getByLabelText('Trees for each recipient'));
    await user.type(screen.getByLabelText('Trees for each recipient'), '3');
    expect(screen.getByText(/6 trees in all, one payment/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Give and pay' })).toBeEnabled();
  });
});
