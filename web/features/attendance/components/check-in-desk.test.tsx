// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ATTENDANCE_MESSAGES,
  formatInZone,
  type Attendance,
  type AttendanceChangeResponse,
  type AttendancePerson,
} from '../../../../contract/attendance';
import { useFakeTimers, useRealTimers } from '../../../test-support/fake-timers';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { ATTENDANCE_POLL_MS } from '../api';
import { CheckInDesk } from './check-in-desk';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const HOUR = 3_600_000;

function person(overrides: Partial<AttendancePerson> = {}): AttendancePerson {
  return {
    userId: 'u-2',
    name: 'Asha Rao',
    isOrganiser: false,
    walkIn: false,
    checkedIn: false,
    checkedInAt: null,
    checkedOutAt: null,
    hours: 0,
    minutes: 0,
    corrected: false,
    ...overrides,
  };
}

const organiser = person({
  userId: 'u-1',
  name: 'Rowan Oak',
  isOrganiser: true,
  hours: 2,
  minutes: 120,
});

/** The drive's attendance; `startsIn` hours from now (negative: started that long ago). */
function attendance(startsIn: number, people: AttendancePerson[] = [organiser, person()]) {
  const starts = Date.now() + startsIn * HOUR;
  const opensAt = new Date(starts - 2 * HOUR).toISOString();
  const closesAt = new Date(starts + 2 * HOUR + 14 * 24 * HOUR).toISOString();
  const now = Date.now();
  const data: Attendance = {
    driveId: 'd-1',
    driveName: 'River oaks',
    window: {
      opensAt,
      closesAt,
      open: now >= Date.parse(opensAt) && now <= Date.parse(closesAt),
      startsAt: new Date(starts).toISOString(),
      endsAt: new Date(starts + 2 * HOUR).toISOString(),
      timeZone: 'Asia/Kolkata',
    },
    counts: {
      checkedInNow: people.filter((p) => p.checkedIn).length,
      attended: people.filter((p) => p.checkedInAt).length,
      rsvped: people.filter((p) => !p.isOrganiser && !p.walkIn).length,
    },
    people,
    totalHours: people.reduce((sum, p) => sum + p.hours, 0),
  };
  return data;
}

type Sent = { path: string; method: string; body: unknown };

/** Serves `data` as the attendance and answers changes with `change(sent)`. */
function serve(
  data: Attendance | { status: number; message: string },
  change: (sent: Sent) => { status: number; body: unknown } = () => ({
    status: 500,
    body: { success: false, message: 'unexpected', code: 'INTERNAL' },
  }),
) {
  const sent: Sent[] = [];
  const fetchSpy = routeFetch((url, init) => {
    if (!url.pathname.startsWith('/api/drives/d-1/')) return undefined;
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/drives/d-1/attendance')
      return 'status' in data
        ? {
            status: data.status,
            body: { success: false, message: data.message, code: 'FORBIDDEN' },
          }
        : { status: 200, body: { success: true, data } };
    const one = {
      path: url.pathname,
      method,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    sent.push(one);
    const answer = change(one);
    // As the server would: the list asked for next holds the change.
    if (answer.status === 200 && !('status' in data)) {
      const { person: now, counts } = (answer.body as AttendanceChangeResponse).data;
      const known = data.people.some((p) => p.userId === now.userId);
      data.people = known
        ? data.people.map((p) => (p.userId === now.userId ? now : p))
        : [...data.people, now];
      data.counts = counts;
    }
    return answer;
  });
  renderWithApp(<CheckInDesk driveId="d-1" />);
  return { sent, fetchSpy };
}

const changed = (p: AttendancePerson, message: string, alreadyCheckedIn = false) => ({
  status: 200,
  body: {
    success: true,
    message,
    data: { person: p, counts: { checkedInNow: 1, attended: 1, rsvped: 1 }, alreadyCheckedIn },
  },
});

describe('the check-in desk before and after its window', () => {
  it('says when check-in opens, with nothing to record yet', async () => {
    const data = attendance(5);
    serve(data);
    const notice = await screen.findByTestId('check-in-window');
    expect(notice).toHaveTextContent(
      ATTENDANCE_MESSAGES.opensAt(formatInZone(data.window.opensAt, 'Asia/Kolkata')),
    );
    expect(screen.queryByRole('button', { name: 'Scan passes with the camera' })).toBeNull();
    expect(screen.queryByLabelText('Pass code')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Check in / })).toBeNull();
    // Who joined is listed all the same.
    expect(screen.getByText('Asha Rao')).toBeInTheDocument();
  });

  it('is read-only once the 14 days after the drive are over, hours still shown', async () => {
    const data = attendance(-24 * 15, [organiser, person({ hours: 1.5, minutes: 90 })]);
    serve(data);
    expect(await screen.findByTestId('check-in-window')).toHaveTextContent(
      ATTENDANCE_MESSAGES.closed(formatInZone(data.window.closesAt, 'Asia/Kolkata')),
    );
    const row = screen.getByText('Asha Rao').closest('li')!;
    expect(within(row).getByTestId('person-hours')).toHaveTextContent('1.5 h');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByLabelText('Name')).toBeNull();
  });

  it("gives someone who may not record attendance the server's reason", async () => {
    serve({ status: 403, message: ATTENDANCE_MESSAGES.organiserOnly });
    expect(await screen.findByRole('alert')).toHaveTextContent(ATTENDANCE_MESSAGES.organiserOnly);
    expect(screen.getByRole('link', { name: 'Back to the drive' })).toHaveAttribute(
      'href',
      '/app/delive-detail/d-1',
    );
  });
});

describe('the live count', () => {
  afterEach(useRealTimers);

  it('follows check-ins made at another desk, asking again every few seconds', async () => {
    useFakeTimers();
    const data = attendance(0);
    serve(data);
    await vi.waitFor(() => expect(screen.getByTestId('count-checked-in')).toHaveTextContent('0'));
    // Someone at the other gate checks Asha in.
    data.people = data.people.map((p) =>
      p.userId === 'u-2' ? { ...p, checkedIn: true, checkedInAt: new Date().toISOString() } : p,
    );
    data.counts = { ...data.counts, checkedInNow: 1, attended: 1 };
    await vi.advanceTimersByTimeAsync(ATTENDANCE_POLL_MS);
    await vi.waitFor(() => expect(screen.getByTestId('count-checked-in')).toHaveTextContent('1'));
    expect(screen.getByRole('button', { name: 'Check out Asha Rao' })).toBeInTheDocument();
  });
});

describe('the check-in desk while check-in is open', () => {
  it('checks a typed pass code in, tidied as the contract says, and counts it', async () => {
    const user = userEvent.setup();
    const { sent } = serve(attendance(1), () =>
      changed(
        person({ checkedIn: true, checkedInAt: new Date().toISOString(), hours: 2, minutes: 120 }),
        ATTENDANCE_MESSAGES.checkedIn,
      ),
    );
    await user.type(await screen.findByLabelText('Pass code'), 'k7qx m2pa 9twe 4hrb');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByTestId('check-in-outcome')).toHaveTextContent(
      'Asha Rao is checked in.',
    );
    expect(sent).toEqual([
      { path: '/api/drives/d-1/check-ins', method: 'POST', body: { code: 'K7QX-M2PA-9TWE-4HRB' } },
    ]);
    expect(screen.getByTestId('count-checked-in')).toHaveTextContent('1');
    expect(screen.getByLabelText('Pass code')).toHaveValue('');
  });

  it('says so when the same pass comes twice', async () => {
    const user = userEvent.setup();
    serve(attendance(1), () =>
      changed(
        person({ checkedIn: true, checkedInAt: new Date().toISOString() }),
        ATTENDANCE_MESSAGES.alreadyCheckedIn,
        true,
      ),
    );
    await user.type(await screen.findByLabelText('Pass code'), 'K7QX-M2PA-9TWE-4HRB');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByTestId('check-in-outcome')).toHaveTextContent(
      'Asha Rao was already checked in.',
    );
  });

  it("refuses a malformed code before sending, and shows the server's refusal of another drive's pass", async () => {
    const user = userEvent.setup();
    const { sent } = serve(attendance(1), () => ({
      status: 400,
      body: { success: false, message: ATTENDANCE_MESSAGES.passNotForDrive, code: 'VALIDATION' },
    }));
    const field = await screen.findByLabelText('Pass code');
    await user.type(field, 'ABC');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText(ATTENDANCE_MESSAGES.codeInvalid)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await user.clear(field);
    await user.type(field, 'K7QX-M2PA-9TWE-4HRB');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByTestId('check-in-outcome')).toHaveTextContent(
      ATTENDANCE_MESSAGES.passNotForDrive,
    );
    expect(sent).toHaveLength(1);
  });

  it('checks in a walk-in with name and email', async () => {
    const user = userEvent.setup();
    const { sent } = serve(attendance(0), () =>
      changed(
        person({ userId: 'w-1', name: 'Mina Das', walkIn: true, checkedIn: true }),
        ATTENDANCE_MESSAGES.walkInInvited,
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Check in walk-in' }));
    expect(await screen.findByText(ATTENDANCE_MESSAGES.walkInNameRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Mina Das');
    await user.type(screen.getByLabelText('Email'), 'Mina@Example.test');
    await user.click(screen.getByRole('button', { name: 'Check in walk-in' }));
    expect(await screen.findByText(`Mina Das: ${ATTENDANCE_MESSAGES.walkInInvited}`)).toBeVisible();
    expect(sent[0]).toEqual({
      path: '/api/drives/d-1/check-ins',
      method: 'POST',
      body: { walkIn: { name: 'Mina Das', email: 'mina@example.test' } },
    });
    // The walk-in shows in the list at once.
    expect(screen.getByRole('list', { name: 'People at this drive' })).toHaveTextContent(
      'Mina Das',
    );
    // The form is empty for the next one, and moving on from it calls nothing an error.
    expect(screen.getByLabelText('Name')).toHaveValue('');
    await user.click(screen.getByLabelText('Search by name'));
    expect(screen.queryByText(ATTENDANCE_MESSAGES.walkInEmailInvalid)).toBeNull();
    expect(screen.queryByText(ATTENDANCE_MESSAGES.walkInNameRequired)).toBeNull();
  });

  it('finds people by name, checks one in, and another out', async () => {
    const user = userEvent.setup();
    const here = person({
      userId: 'u-3',
      name: 'José Silva',
      checkedIn: true,
      checkedInAt: new Date().toISOString(),
      hours: 2,
      minutes: 120,
    });
    const { sent } = serve(attendance(0, [organiser, person(), here]), (s) =>
      s.path.endsWith('/out')
        ? changed(
            { ...here, checkedIn: false, checkedOutAt: new Date().toISOString() },
            'Checked out.',
          )
        : changed(
            person({ checkedIn: true, checkedInAt: new Date().toISOString() }),
            'Checked in.',
          ),
    );
    const search = await screen.findByLabelText('Search by name');
    await user.type(search, 'jose');
    const list = screen.getByRole('list', { name: 'People at this drive' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(list).getByRole('button', { name: 'Check out José Silva' }));
    await waitFor(() =>
      expect(within(list).getByTestId('person-status')).toHaveTextContent(/checked out at/),
    );
    await user.clear(search);
    await user.click(screen.getByRole('button', { name: 'Check in Asha Rao' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { path: '/api/drives/d-1/check-ins/u-3/out', method: 'POST', body: undefined },
      { path: '/api/drives/d-1/check-ins', method: 'POST', body: { userId: 'u-2' } },
    ]);
    await user.type(search, 'nobody');
    expect(screen.getByText('No one of that name is at this drive.')).toBeInTheDocument();
  });

  it('corrects hours within 0–24 with a labelled field', async () => {
    const user = userEvent.setup();
    const { sent } = serve(attendance(0), () =>
      changed(person({ hours: 1.5, minutes: 90, corrected: true }), ATTENDANCE_MESSAGES.corrected),
    );
    await user.click(await screen.findByRole('button', { name: 'Correct hours of Asha Rao' }));
    const hours = screen.getByLabelText('Hours for Asha Rao');
    expect(hours).toHaveFocus();
    await user.clear(hours);
    await user.type(hours, '25');
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText(ATTENDANCE_MESSAGES.hoursInvalid)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(hours);
    await user.type(hours, '1.5');
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    await waitFor(() => expect(screen.queryByLabelText('Hours for Asha Rao')).toBeNull());
    expect(sent).toEqual([
      { path: '/api/drives/d-1/attendance/u-2', method: 'PATCH', body: { hours: 1.5 } },
    ]);
    const row = screen.getByText('Asha Rao').closest('li')!;
    expect(within(row).getByTestId('person-hours')).toHaveTextContent('1.5 h');
    expect(row).toHaveTextContent('corrected');
  });
});

describe('the camera scanner', () => {
  it('says there is no camera where the browser has none', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    serve(attendance(0));
    await user.click(await screen.findByRole('button', { name: 'Scan passes with the camera' }));
    expect(await screen.findByTestId('camera-message')).toHaveTextContent(/No camera was found/);
  });

  it('says what to do when camera access is refused', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: () => Promise.reject(new DOMException('no', 'NotAllowedError')),
      },
    });
    serve(attendance(0));
    await user.click(await screen.findByRole('button', { name: 'Scan passes with the camera' }));
    expect(await screen.findByTestId('camera-message')).toHaveTextContent(
      /not allowed to use the camera/,
    );
  });

  it('checks in the pass the camera reads (once while it stays in view), and lets the camera go', async () => {
    const user = userEvent.setup();
    const stopTrack = vi.fn();
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: () => Promise.resolve({ getTracks: () => [{ stop: stopTrack }] }),
      },
    });
    class FakeDetector {
      static getSupportedFormats = () => Promise.resolve(['qr_code']);
      detect = () => Promise.resolve([{ rawValue: 'K7QX-M2PA-9TWE-4HRB' }]);
    }
    vi.stubGlobal('BarcodeDetector', FakeDetector);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
    const { sent } = serve(attendance(0), () =>
      changed(person({ checkedIn: true, checkedInAt: new Date().toISOString() }), 'Checked in.'),
    );
    await user.click(await screen.findByRole('button', { name: 'Scan passes with the camera' }));
    expect(await screen.findByTestId('check-in-outcome')).toHaveTextContent(
      'Asha Rao is checked in.',
    );
    // The pass stays in front of the camera for a few more frames: still one check-in.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(sent).toEqual([
      { path: '/api/drives/d-1/check-ins', method: 'POST', body: { code: 'K7QX-M2PA-9TWE-4HRB' } },
    ]);
    await user.click(screen.getByRole('button', { name: 'Stop camera' }));
    expect(stopTrack).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Scan passes with the camera' })).toBeVisible();
  });
});
