// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { ClaimGift } from './claim-gift';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const CODE = 'a'.repeat(43);
const preview = {
  recipientName: 'Ravi',
  trees: 2,
  message: 'Happy birthday',
  giverName: null,
  drive: { id: 'd-1', name: 'River oaks', startsAt: '2026-06-20T08:00:00.000Z' },
  species: ['Neem'],
  planted: 0,
  status: 'funded',
  claimed: false,
};

describe('ClaimGift', () => {
  it('shows the gift signed out, an anonymous giver unnamed, and ways to sign in that come back to claim', async () => {
    routeFetch((url) =>
      url.pathname === `/api/gifts/${CODE}`
        ? { status: 200, body: { success: true, data: preview } }
        : undefined,
    );
    renderWithApp(<ClaimGift code={CODE} autoClaim={false} />);
    expect(
      await screen.findByRole('heading', { name: 'Ravi, someone gave you 2 trees' }),
    ).toBeVisible();
    expect(screen.getByText('Happy birthday')).toBeVisible();
    expect(screen.getByText('Neem')).toBeVisible();
    const back = encodeURIComponent(`/claim/${CODE}?claim=1`);
    expect(screen.getByRole('link', { name: 'Sign in to claim' })).toHaveAttribute(
      'href',
      `/login?from=${back}`,
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/register?from=${back}`,
    );
  });

  it('opened in a new tab while signed in in another, offers to claim (issue 23)', async () => {
    const other = new BroadcastChannel('canopy-session');
    const token = `h.${btoa(JSON.stringify({ sub: 'u-1', profileType: 'individual' }))}.s`;
    other.onmessage = () => other.postMessage({ give: { token, started: Date.now() } });
    try {
      routeFetch((url) =>
        url.pathname === `/api/gifts/${CODE}`
          ? { status: 200, body: { success: true, data: preview } }
          : undefined,
      );
      renderWithApp(<ClaimGift code={CODE} autoClaim={false} />);
      expect(await screen.findByRole('button', { name: 'Claim these trees' })).toBeVisible();
      expect(screen.queryByRole('link', { name: 'Sign in to claim' })).toBeNull();
    } finally {
      other.close();
      clearSession();
    }
  });

  it('says so when the link is not valid', async () => {
    routeFetch(() => ({
      status: 404,
      body: { success: false, code: 'NOT_FOUND', message: 'This gift link is not valid.' },
    }));
    renderWithApp(<ClaimGift code={CODE} autoClaim={false} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This gift link is not valid.');
  });
});
