// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../contract/auth';
import type { CorporateDashboard } from '../../contract/dashboards';
import type { MyTeam } from '../../contract/teams';
import { renderWithApp, routeFetch } from '../test-support/render';
import AppCorporateDashboard from './app-corporate-dashboard';

// Chart.js needs a real canvas; the figures are what is tested here.
vi.mock('../components/ui/charts/chart-canvas', () => ({
  default: () => <div data-testid="chart-canvas" />,
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const member: CurrentUser = {
  id: 'u-9',
  _id: 'u-9',
  username: 'ivy',
  name: 'Ivy',
  email: 'ivy@example.test',
  profileType: 'individual',
  file: '',
  verified: true,
};

const team = (id: string, name: string, role: MyTeam['role'] = 'member'): MyTeam => ({
  organisation: { id, name, username: name.toLowerCase() },
  role,
  isOrganisationAccount: false,
});

/** Each organisation's dashboard has its own participant count, so the figures tell them apart. */
const PARTICIPANTS: Record<string, number> = { 'org-a': 11, 'org-b': 22 };

function dashboardOf(id: string): CorporateDashboard {
  return {
    organisation: { id, name: id },
    period: null,
    drives: { upcoming: 0, past: 0, upcomingList: [], pastList: [] },
    participants: PARTICIPANTS[id] ?? 0,
    volunteerHours: 0,
    trees: { planted: 0, alive: 0, dead: 0, alivePercent: null, deadPercent: null },
    fourNumbers: { treesFunded: 0, treesPlanted: 0, treesAliveChecked: 0, treesVerified: 0 },
    donations: [],
    months: [],
    computedAt: '2026-12-01T10:00:00.000Z',
  };
}

function serve(user: CurrentUser, teams: MyTeam[], path = '/app/corporate-dashboard') {
  const fetchSpy = routeFetch(
    (url) =>
      url.pathname === '/api/teams/mine'
        ? { status: 200, body: { success: true, data: teams } }
        : undefined,
    (url) =>
      url.pathname === '/api/dashboard/corporate'
        ? {
            status: 200,
            body: {
              success: true,
              data: dashboardOf(url.searchParams.get('organisation') ?? 'default'),
            },
          }
        : undefined,
  );
  renderWithApp(
    <Routes>
      <Route element={<Outlet context={user} />}>
        <Route path="/app/corporate-dashboard" element={<AppCorporateDashboard />} />
        <Route path="/app/dashboard" element={<p>Own dashboard</p>} />
      </Route>
    </Routes>,
    path,
  );
  return fetchSpy;
}

const dashboardCalls = (fetchSpy: ReturnType<typeof routeFetch>) =>
  fetchSpy.mock.calls
    .map((call) => String(call[0]))
    .filter((url) => url.startsWith('/api/dashboard/corporate'));

describe('the corporate dashboard page', () => {
  it('lets a member of two teams pick the organisation, keeping it in the address', async () => {
    const user = userEvent.setup();
    const fetchSpy = serve(member, [
      team('org-a', 'Alder Ltd'),
      team('org-b', 'Birch plc', 'admin'),
    ]);
    const picker = await screen.findByRole('combobox', { name: 'Organisation' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alder Ltd (Member)', 'Birch plc (Admin)']);
    expect(picker).toHaveValue('org-a');
    expect(screen.getByRole('heading', { level: 2, name: 'Alder Ltd' })).toBeInTheDocument();
    expect(await screen.findByTestId('stat-participants')).toHaveTextContent('11');

    await user.selectOptions(picker, 'org-b');
    expect(screen.getByTestId('location')).toHaveTextContent('?organisation=org-b');
    expect(screen.getByRole('heading', { level: 2, name: 'Birch plc' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('stat-participants')).toHaveTextContent('22'));
    expect(dashboardCalls(fetchSpy)).toEqual([
      '/api/dashboard/corporate?organisation=org-a',
      '/api/dashboard/corporate?organisation=org-b',
    ]);
  });

  it('opens on the organisation in the address, and downloads that organisation’s report', async () => {
    const user = userEvent.setup();
    const fetchSpy = serve(
      member,
      [team('org-a', 'Alder Ltd'), team('org-b', 'Birch plc')],
      '/app/corporate-dashboard?organisation=org-b',
    );
    expect(await screen.findByRole('combobox', { name: 'Organisation' })).toHaveValue('org-b');
    expect(await screen.findByTestId('stat-participants')).toHaveTextContent('22');

    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    // All time is shown with empty fields (issue 23 §3); a report needs its two days.
    const form = screen.getByRole('form', { name: 'Report period' });
    await user.type(within(form).getByLabelText('From'), '01/01/2026');
    await user.type(within(form).getByLabelText('To'), '06/30/2026');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(
        fetchSpy.mock.calls.map((call) => String(call[0])).find((url) => url.includes('/reports/')),
      ).toMatch(
        /^\/api\/reports\/impact\?from=2026-01-01&to=2026-06-30&format=csv&organisation=org-b$/,
      ),
    );
  });

  it('shows a corporate account its own organisation first, and no picker without a second one', async () => {
    const corporate: CurrentUser = {
      ...member,
      id: 'org-a',
      _id: 'org-a',
      name: 'Alder Ltd',
      profileType: 'corporate',
    };
    serve(corporate, [{ ...team('org-a', 'Alder Ltd', 'owner'), isOrganisationAccount: true }]);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Welcome, Alder Ltd!' }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('stat-participants')).toHaveTextContent('11');
    expect(screen.queryByRole('combobox', { name: 'Organisation' })).not.toBeInTheDocument();
    cleanup();

    serve(corporate, [
      team('org-b', 'Birch plc'),
      { ...team('org-a', 'Alder Ltd', 'owner'), isOrganisationAccount: true },
    ]);
    const picker = await screen.findByRole('combobox', { name: 'Organisation' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alder Ltd (your organisation)', 'Birch plc (Member)']);
    expect(picker).toHaveValue('org-a');
  });

  it('tells someone in no team, who is not corporate, who the page is for, with a link home (issue 23)', async () => {
    const fetchSpy = serve(member, []);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'This is for corporate accounts' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/app/dashboard',
    );
    expect(dashboardCalls(fetchSpy)).toEqual([]);
  });

  it('explains the page instead of "Try again" when the dashboard answers 403 (issue 23)', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = new URL(String(input), 'http://localhost');
      const body =
        url.pathname === '/api/teams/mine'
          ? { success: true, data: [team('org-a', 'Alder Ltd')] }
          : { success: false, code: 'FORBIDDEN', message: 'You are not a member.' };
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status: url.pathname === '/api/teams/mine' ? 200 : 403,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    renderWithApp(
      <Routes>
        <Route element={<Outlet context={member} />}>
          <Route path="/app/corporate-dashboard" element={<AppCorporateDashboard />} />
        </Route>
      </Routes>,
      '/app/corporate-dashboard',
    );
    expect(
      await screen.findByRole('heading', { name: 'This is for corporate accounts' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
