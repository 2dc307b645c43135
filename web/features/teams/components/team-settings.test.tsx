// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEAM_MESSAGES, type TeamRole } from '../../../../contract/teams';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { TeamSettings } from './team-settings';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const org = { id: 'org-1', name: 'Greenleaf Ltd', username: 'greenleaf' };
const member = (userId: string, name: string, role: TeamRole) => ({
  userId,
  username: name.toLowerCase(),
  name,
  email: `${name.toLowerCase()}@example.org`,
  role,
  joinedAt: '2026-03-01T10:00:00.000Z',
  isOrganisationAccount: userId === org.id,
});

function answers(myRole: TeamRole, me: string) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const spy = routeFetch((url, init) => {
    calls.push({
      method: init?.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    if (url.pathname === '/api/teams/mine')
      return {
        status: 200,
        body: {
          success: true,
          data: [{ organisation: org, role: myRole, isOrganisationAccount: me === org.id }],
        },
      };
    if (url.pathname === `/api/teams/${org.id}/members` && (init?.method ?? 'GET') === 'GET')
      return {
        status: 200,
        body: {
          success: true,
          page: 1,
          limit: 50,
          total: 3,
          organisation: org,
          myRole,
          data: [
            member(org.id, 'Greenleaf', 'owner'),
            member('u-ash', 'Ash', 'admin'),
            member('u-elm', 'Elm', 'member'),
          ],
        },
      };
    if (url.pathname === `/api/teams/${org.id}/invites`)
      return { status: 200, body: { success: true, page: 1, limit: 50, total: 0, data: [] } };
    if (url.pathname === `/api/teams/${org.id}/members/u-elm` && init?.method === 'PATCH')
      return {
        status: 200,
        body: {
          success: true,
          message: TEAM_MESSAGES.roleChanged,
          data: member('u-elm', 'Elm', 'admin'),
        },
      };
    return undefined;
  });
  return { spy, calls };
}

describe('TeamSettings', () => {
  it('explains teams to someone in none', async () => {
    routeFetch((url) =>
      url.pathname === '/api/teams/mine'
        ? { status: 200, body: { success: true, data: [] } }
        : undefined,
    );
    renderWithApp(<TeamSettings userId="u-1" />);
    expect(await screen.findByText(TEAM_MESSAGES.notCorporate)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).not.toBeInTheDocument();
  });

  it('an owner changes roles, invites and sees pending invites', async () => {
    const { calls } = answers('owner', org.id);
    renderWithApp(<TeamSettings userId={org.id} />);
    const elm = await screen.findByLabelText('Role of Elm');
    expect(screen.getByRole('form', { name: 'Invite a member' })).toBeInTheDocument();
    expect(await screen.findByText('No invites are waiting for an answer.')).toBeInTheDocument();
    await userEvent.selectOptions(elm, 'admin');
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `/api/teams/${org.id}/members/u-elm`,
      body: { role: 'admin' },
    });
    // The organisation account has no Remove; others do.
    const rows = screen.getAllByTestId('team-member');
    expect(within(rows[0]!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Remove Elm' })).toBeInTheDocument();
  });

  it('an admin cannot touch owners; a member only sees the team and can leave', async () => {
    answers('admin', 'u-ash');
    renderWithApp(<TeamSettings userId="u-ash" />);
    await screen.findByLabelText('Role of Elm');
    expect(screen.queryByLabelText('Role of Greenleaf')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Role of Elm').querySelectorAll('option')).toHaveLength(2);
    cleanup();
    vi.restoreAllMocks();

    answers('member', 'u-elm');
    renderWithApp(<TeamSettings userId="u-elm" />);
    const rows = await screen.findAllByTestId('team-member');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Leave' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });
});
