// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_TOKEN_MESSAGES, type ApiToken } from '../../../../contract/api-tokens';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { ApiTokensPanel } from './api-tokens-panel';

const SECRET = `cnp_${'A'.repeat(43)}`;
const token = (overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: 't-1',
  name: 'Reports',
  hint: 'cnp_AAAA',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  expired: false,
  ...overrides,
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ApiTokensPanel', () => {
  it('creates a token, shows its secret once in a dialog, then lists it without the secret', async () => {
    let tokens: ApiToken[] = [];
    const posted: unknown[] = [];
    routeFetch((url, init) => {
      if (url.pathname !== '/api/api-tokens') return undefined;
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        tokens = [token({ name: 'Sheet', expiresAt: '2026-12-20T10:00:00.000Z' })];
        return {
          status: 201,
          body: {
            success: true,
            message: API_TOKEN_MESSAGES.created,
            data: { token: tokens[0], secret: SECRET },
          },
        };
      }
      return { status: 200, body: { success: true, data: tokens, maxLive: 20 } };
    });
    const user = userEvent.setup();
    renderWithApp(<ApiTokensPanel />);
    expect(await screen.findByText(/No API tokens yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText(API_TOKEN_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.type(screen.getByLabelText('Token name'), 'Sheet');
    await user.selectOptions(screen.getByLabelText('Expires'), '30');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy your new API token' });
    expect(posted).toEqual([{ name: 'Sheet', expiresInDays: 30 }]);
    expect(within(dialog).getByLabelText('API token')).toHaveValue(SECRET);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This is the only time');
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));

    const row = await screen.findByRole('row', { name: /Sheet/ });
    expect(row).toHaveTextContent('cnp_AAAA…');
    expect(row).toHaveTextContent('Never');
    expect(screen.getByTestId('token-list')).not.toHaveTextContent(SECRET);
    expect(screen.getByText('1 of 20 active tokens.')).toBeInTheDocument();
  });

  it('revokes a token only after the confirmation', async () => {
    let tokens = [
      token(),
      token({ id: 't-2', name: 'Old', expired: true, expiresAt: '2026-11-01T00:00:00.000Z' }),
    ];
    const deleted: string[] = [];
    routeFetch((url, init) => {
      if (init?.method === 'DELETE') {
        const id = url.pathname.split('/').pop()!;
        deleted.push(id);
        tokens = tokens.filter((t) => t.id !== id);
        return { status: 200, body: { success: true, message: API_TOKEN_MESSAGES.revoked } };
      }
      if (url.pathname === '/api/api-tokens')
        return { status: 200, body: { success: true, data: tokens, maxLive: 20 } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<ApiTokensPanel />);
    const old = await screen.findByRole('row', { name: /Old/ });
    expect(old).toHaveTextContent('Expired');

    await user.click(screen.getByRole('button', { name: 'Revoke Reports' }));
    let confirm = await screen.findByRole('dialog', { name: 'Revoke API token' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke Reports' }));
    confirm = await screen.findByRole('dialog', { name: 'Revoke API token' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /Reports/ })).not.toBeInTheDocument(),
    );
    expect(deleted).toEqual(['t-1']);
  });
});
