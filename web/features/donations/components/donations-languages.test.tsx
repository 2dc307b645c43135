// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInLanguage } from '../../../test-support/render';
import { buildRecurringGift, paidDonation } from '../test-data';
import { DonationSummary } from './donation-summary';
import { RecurringGiftCard } from './recurring-gifts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the donations and giving namespaces in each language', () => {
  it('says a donation in Spanish: its words, category and name', async () => {
    await renderInLanguage('es', <DonationSummary donation={paidDonation({ anonymous: true })} />);
    const summary = await screen.findByTestId('donation-summary');
    expect(within(summary).getByText('Para')).toBeInTheDocument();
    expect(within(summary).getByText('3 árboles')).toBeInTheDocument();
    expect(within(summary).getByText('Árboles')).toBeInTheDocument();
    expect(within(summary).getByText('Oculto (anónimo)')).toBeInTheDocument();
  });

  it('says a recurring gift in Hindi, its status and actions in Devanagari', async () => {
    await renderInLanguage('hi', <RecurringGiftCard gift={buildRecurringGift()} portal={false} />);
    expect(await screen.findByRole('heading', { name: 'हर महीने 5 पेड़' })).toBeInTheDocument();
    expect(screen.getByTestId('recurring-status')).toHaveTextContent('सक्रिय');
    expect(screen.getByTestId('recurring-given-to')).toHaveTextContent('सामान्य कोष');
    expect(screen.getByRole('button', { name: 'रोकें' })).toBeInTheDocument();
  });
});
