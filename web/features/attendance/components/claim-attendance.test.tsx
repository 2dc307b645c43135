// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ATTENDANCE_MESSAGES } from '../../../../contract/attendance';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { ClaimAttendance } from './claim-attendance';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function open(status: number, body: unknown) {
  const bodies: unknown[] = [];
  routeFetch((url, init) => {
    if (url.pathname !== '/api/drives/d-1/attendance/claim') return undefined;
    bodies.push(JSON.parse(String(init?.body)));
    return { status, body };
  });
  renderWithApp(
    <Routes>
      <Route
        path="/app/delive-detail/:id"
        element={<ClaimAttendance driveId="d-1" token="t0k" />}
      />
    </Routes>,
    '/app/delive-detail/d-1?claim=t0k&tab=updates',
  );
  return bodies;
}

describe("a walk-in's claim on the drive's page", () => {
  it('claims once, says so, and takes the token out of the address', async () => {
    const success = vi.spyOn(toast, 'success');
    const bodies = open(200, {
      success: true,
      message: ATTENDANCE_MESSAGES.claimed,
      data: { driveId: 'd-1', hours: 2 },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Claiming your attendance…');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/app/delive-detail/d-1?tab=updates',
      ),
    );
    expect(bodies).toEqual([{ token: 't0k' }]);
    expect(success).toHaveBeenCalledWith(ATTENDANCE_MESSAGES.claimed);
  });

  it("says why a used or another person's link is refused", async () => {
    const error = vi.spyOn(toast, 'error');
    open(403, { success: false, message: ATTENDANCE_MESSAGES.claimOtherEmail, code: 'FORBIDDEN' });
    await waitFor(() => expect(error).toHaveBeenCalledWith(ATTENDANCE_MESSAGES.claimOtherEmail));
    expect(screen.getByTestId('location')).toHaveTextContent('/app/delive-detail/d-1?tab=updates');
  });
});
