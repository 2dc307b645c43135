// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamRole } from '../../contract/teams';
import { buildDrive } from '../test-support/fixtures';
import { renderWithApp, routeFetch } from '../test-support/render';
import AppDriveDetail from './app-drive-detail';

vi.mock('../components/ui/map', () => ({ PointMap: () => null }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The drive of organisation u-1, seen by someone who is `role` in its team (or in none). */
function serve(role: TeamRole | null) {
  const fetchSpy = routeFetch(
    (url) =>
      url.pathname === '/api/drives/d-1/reservations'
        ? { status: 200, body: { success: true, data: [], page: 1, limit: 50, total: 0 } }
        : undefined,
    (url) =>
      url.pathname === '/api/drives/d-1'
        ? {
            status: 200,
            body: {
              success: true,
              data: { ...buildDrive({ isOrganizer: false }), participants: [] },
            },
          }
        : undefined,
    (url) =>
      url.pathname === '/api/teams/mine'
        ? {
            status: 200,
            body: {
              success: true,
              data: role
                ? [
                    {
                      organisation: { id: 'u-1', username: 'rowan', name: 'Rowan Oak' },
                      role,
                      isOrganisationAccount: false,
                    },
                  ]
                : [],
            },
          }
        : undefined,
  );
  renderWithApp(
    <Routes>
      <Route path="/app/delive-detail/:id" element={<AppDriveDetail />} />
    </Routes>,
    '/app/delive-detail/d-1',
  );
  return fetchSpy;
}

describe('the drive page for the organising team', () => {
  it.each(['admin', 'owner'] as const)(
    "offers a team %s Reserve saplings beside the drive's Edit",
    async (role) => {
      serve(role);
      expect(await screen.findByRole('button', { name: 'Reserve saplings' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^Edit/ })).toBeInTheDocument();
    },
  );

  it.each([
    ['a team member', 'member'],
    ['someone in no team', null],
  ] as const)('offers %s neither', async (_who, role) => {
    const fetchSpy = serve(role);
    expect(
      await screen.findByText(
        'No saplings have been reserved from a partner nursery for this drive.',
      ),
    ).toBeInTheDocument();
    // The team answer has arrived (and been rendered) before anything is judged missing.
    await waitFor(() =>
      expect(fetchSpy.mock.calls.some(([u]) => String(u).includes('/api/teams/mine'))).toBe(true),
    );
    await screen.findByRole('button', { name: /Add to calendar/ });
    expect(screen.queryByRole('button', { name: 'Reserve saplings' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });
});
