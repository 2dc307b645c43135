// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../contract/auth';
import type { MyTeam } from '../../contract/teams';
import AppNurseryDashboard from '../routes/app-nursery-dashboard';
import AppNurseryStock from '../routes/app-nursery-stock';
import { renderWithApp, routeFetch } from '../test-support/render';
import { RolePage } from './role-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const member = (profileType: CurrentUser['profileType']): CurrentUser => ({
  id: 'u-1',
  _id: 'u-1',
  username: 'ivy',
  name: 'Ivy',
  email: 'ivy@example.test',
  profileType,
  file: '',
  verified: true,
});

const team: MyTeam = {
  organisation: { id: 'org-a', name: 'Alder Ltd', username: 'alder' },
  role: 'member',
  isOrganisationAccount: false,
};

const FORBIDDEN = {
  status: 403,
  body: { success: false, code: 'FORBIDDEN', message: 'Only partner nurseries can do that.' },
};

const nurseryApi = (path: string) =>
  path.startsWith('/api/nursery/') || path === '/api/dashboard/nursery';

/** Answers the teams and nursery APIs (the nursery's as `nursery` says); counts every call. */
function serve({ teams = [] as MyTeam[], nursery = 'ok' as 'ok' | 'forbidden' } = {}) {
  return routeFetch(
    (url) =>
      url.pathname === '/api/teams/mine'
        ? { status: 200, body: { success: true, data: teams } }
        : undefined,
    (url) => {
      if (!nurseryApi(url.pathname) && url.pathname !== '/api/donations/options') return undefined;
      if (nursery === 'forbidden') return FORBIDDEN;
      if (url.pathname === '/api/nursery/stock')
        return {
          status: 200,
          body: { success: true, data: [], total: 0, page: 1, limit: 50 },
        };
      return undefined;
    },
  );
}

function renderAt(user: CurrentUser, path: string, element: React.ReactNode) {
  return renderWithApp(
    <Routes>
      <Route element={<Outlet context={user} />}>
        <Route path={path} element={element} />
      </Route>
    </Routes>,
    path,
  );
}

const nurseryCalls = (spy: ReturnType<typeof routeFetch>) =>
  spy.mock.calls.map((call) => String(call[0])).filter((url) => nurseryApi(url.split('?')[0]!));

describe('a role-only page', () => {
  it('tells an individual the nursery dashboard is for partner nurseries, with a link home, and asks its API nothing', async () => {
    const spy = serve();
    renderAt(member('individual'), '/app/nursery-dashboard', <AppNurseryDashboard />);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'This is for partner nurseries' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/only partner nursery accounts can use it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/app/dashboard',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(nurseryCalls(spy)).toEqual([]);
  });

  it('shows no "Add stock" to a corporate account on the stock page, and links to its own dashboard', async () => {
    const spy = serve();
    renderAt(member('corporate'), '/app/nursery-stock', <AppNurseryStock />);
    expect(
      await screen.findByRole('heading', { name: 'This is for partner nurseries' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/app/corporate-dashboard',
    );
    expect(screen.queryByRole('button', { name: 'Add stock' })).not.toBeInTheDocument();
    expect(nurseryCalls(spy)).toEqual([]);
  });

  it('keeps the stock manager for a nursery', async () => {
    serve();
    renderAt(member('nursery'), '/app/nursery-stock', <AppNurseryStock />);
    expect(await screen.findByText(/No stock yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add stock' })).toBeInTheDocument();
    expect(screen.queryByTestId('role-page')).not.toBeInTheDocument();
  });

  it('turns a 403 from the page’s API into the same explanation, never a "Try again"', async () => {
    serve({ nursery: 'forbidden' });
    renderAt(member('nursery'), '/app/nursery-stock', <AppNurseryStock />);
    expect(
      await screen.findByRole('heading', { name: 'This is for partner nurseries' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add stock' })).not.toBeInTheDocument();
  });

  it('explains a corporate page to an individual in no team, and shows it to a team member', async () => {
    serve();
    renderAt(
      member('individual'),
      '/app/settings-team',
      <RolePage for="corporate" about="Team lists an organisation's members.">
        <p>Team content</p>
      </RolePage>,
    );
    expect(
      await screen.findByRole('heading', { name: 'This is for corporate accounts' }),
    ).toBeInTheDocument();
    expect(screen.getByText("Team lists an organisation's members.")).toBeInTheDocument();
    expect(screen.queryByText('Team content')).not.toBeInTheDocument();
    cleanup();

    serve({ teams: [team] });
    renderAt(
      member('individual'),
      '/app/settings-team',
      <RolePage for="corporate" about="Team lists an organisation's members.">
        <p>Team content</p>
      </RolePage>,
    );
    expect(await screen.findByText('Team content')).toBeInTheDocument();
    cleanup();

    serve();
    renderAt(
      member('corporate'),
      '/app/settings-team',
      <RolePage for="corporate" about="Team lists an organisation's members.">
        <p>Team content</p>
      </RolePage>,
    );
    expect(screen.getByText('Team content')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('role-page')).not.toBeInTheDocument());
  });
});
