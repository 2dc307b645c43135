// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  CorporateDashboard as CorporateData,
  CorporateMonth,
  DashboardDrive,
} from '../../../../contract/dashboards';
import { buildDrive } from '../../../test-support/fixtures';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { CorporateDashboard } from './corporate-dashboard';
import { CorporateMonthsChart } from './corporate-months-chart';
import { CorporateNext, justHeld } from './corporate-next';
import { NextDrive } from './next-drive';

// Chart.js needs a real canvas; the figure, its summary and its table are what is tested here.
vi.mock('../../../components/ui/charts/chart-canvas', () => ({
  default: () => <div data-testid="chart-canvas" />,
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const mine = (organised: unknown[], joined: unknown[]) => ({
  status: 200,
  body: { success: true, data: { organised, joined } },
});

describe('NextDrive (the individual home, issue 23)', () => {
  it('shows the sooner of the drives I organise and joined: its time in its zone, place and pass', async () => {
    routeFetch((url) =>
      url.pathname === '/api/drives/mine'
        ? mine(
            [
              buildDrive({
                id: 'd-late',
                driveName: 'Later drive',
                isOrganizer: true,
                driveDate: '2026-12-20T04:00:00.000Z',
                driveEndDate: '2026-12-20T06:00:00.000Z',
              }),
            ],
            [
              buildDrive({
                id: 'd-soon',
                driveName: 'Lake path',
                joined: true,
                participantCount: 1,
                driveDate: '2026-12-05T03:30:00.000Z',
                driveEndDate: '2026-12-05T05:30:00.000Z',
              }),
            ],
          )
        : undefined,
    );
    renderWithApp(<NextDrive renderPass={(drive) => <p>Pass for {drive.driveName}</p>} />);
    const next = await screen.findByTestId('home-next-drive');
    expect(within(next).getByRole('link', { name: 'Lake path' })).toHaveAttribute(
      'href',
      '/app/delive-detail/d-soon',
    );
    // 03:30 UTC is 09:00 in Kolkata: the drive's own zone, named.
    expect(next).toHaveTextContent('09:00');
    expect(next).toHaveTextContent('Asia/Kolkata');
    expect(next).toHaveTextContent('Cubbon Park, Bengaluru, India');
    expect(next).toHaveTextContent('You joined · 1 person taking part');
    expect(next).toHaveTextContent('Pass for Lake path');
    expect(screen.queryByText('Later drive')).toBeNull();
  });

  it('with no drive ahead, offers the soonest drives to join and Find a drive', async () => {
    const fetch = routeFetch(
      (url) => (url.pathname === '/api/drives/mine' ? mine([], []) : undefined),
      (url) =>
        url.pathname === '/api/trees/geteventdetail'
          ? {
              status: 200,
              body: {
                success: true,
                page: 1,
                limit: 3,
                total: 1,
                data: [buildDrive({ id: 'd-open', driveName: 'Open drive' })],
                nextCursor: null,
              },
            }
          : undefined,
    );
    renderWithApp(<NextDrive />);
    const list = await screen.findByRole('list', { name: 'Drives you can join' });
    expect(within(list).getByRole('link', { name: 'Open drive' })).toHaveAttribute(
      'href',
      '/app/delive-detail/d-open',
    );
    expect(screen.getByRole('link', { name: 'Find a drive' })).toHaveAttribute(
      'href',
      '/app/delive-event',
    );
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain(
      '/api/trees/geteventdetail?when=upcoming&limit=3',
    );
  });
});

const drive = (id: string, startsAt: string, participants = 1): DashboardDrive => ({
  id,
  name: `Drive ${id}`,
  startsAt,
  durationHours: 2,
  location: 'Lodhi Garden',
  country: 'IN',
  timeZone: 'Asia/Kolkata',
  participants,
});

function corporate(overrides: Partial<CorporateData> = {}): CorporateData {
  return {
    organisation: { id: 'o-1', name: 'Acme' },
    period: null,
    drives: { upcoming: 0, past: 0, upcomingList: [], pastList: [] },
    participants: 0,
    volunteerHours: 0,
    trees: { planted: 0, alive: 0, dead: 0, alivePercent: null, deadPercent: null },
    fourNumbers: { treesFunded: 0, treesPlanted: 0, treesAliveChecked: 0, treesVerified: 0 },
    donations: [],
    months: [],
    computedAt: '2026-12-01T10:00:00.000Z',
    ...overrides,
  };
}

const serveCorporate = (data: () => CorporateData) =>
  routeFetch((url) =>
    url.pathname === '/api/dashboard/corporate'
      ? { status: 200, body: { success: true, data: data() } }
      : undefined,
  );

describe('CorporateNext (the corporate home, issue 23)', () => {
  it('leads with the next drive and its check-in desk, and the drives just held', async () => {
    serveCorporate(() =>
      corporate({
        drives: {
          upcoming: 3,
          past: 2,
          upcomingList: [drive('next', '2026-12-05T03:30:00.000Z', 1)],
          pastList: [
            drive('held', '2026-11-25T03:30:00.000Z'),
            drive('old', '2026-09-01T03:30:00.000Z'),
          ],
        },
      }),
    );
    renderWithApp(<CorporateNext addDrive={<button type="button">Add Tree Drive</button>} />);
    const next = await screen.findByTestId('corporate-next-drive');
    expect(within(next).getByRole('link', { name: 'Drive next' })).toHaveAttribute(
      'href',
      '/app/delive-detail/next',
    );
    expect(
      within(next).getByRole('link', { name: 'Open the check-in desk of Drive next' }),
    ).toHaveAttribute('href', '/app/drives/next/check-in');
    expect(next).toHaveTextContent('1 person joined so far');
    expect(screen.getByText(/2 more drives ahead/)).toBeInTheDocument();
    const held = screen.getByRole('list', { name: 'Drives just held' });
    expect(within(held).getAllByRole('listitem')).toHaveLength(1);
    expect(held).toHaveTextContent('Drive held');
  });

  it('with no drive ahead, names the button that exists: Add Tree Drive', async () => {
    serveCorporate(() => corporate());
    renderWithApp(<CorporateNext addDrive={<button type="button">Add Tree Drive</button>} />);
    expect(await screen.findByText(/Use Add Tree Drive to plan the next one/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Tree Drive' })).toBeInTheDocument();
  });

  it('counts a drive as just held for 14 days', () => {
    const now = Date.parse('2026-12-01T10:00:00.000Z');
    const list = [drive('a', '2026-11-20T00:00:00.000Z'), drive('b', '2026-11-10T00:00:00.000Z')];
    expect(justHeld(list, now).map((d) => d.id)).toEqual(['a']);
  });
});

const month = (m: string, overrides: Partial<CorporateMonth> = {}): CorporateMonth => ({
  month: m,
  drives: 0,
  participants: 0,
  trees: 0,
  donations: [],
  ...overrides,
});

describe('the corporate dashboard agrees with itself (issue 23 §3)', () => {
  it('shows an empty state, not an empty 0–1 chart frame, for months with nothing', () => {
    renderWithApp(
      <CorporateMonthsChart
        months={[month('2026-10'), month('2026-11')]}
        emptyAction={<button type="button">Add Tree Drive</button>}
      />,
    );
    expect(screen.getByTestId('corporate-months-empty')).toHaveTextContent(
      'no drives, sign-ups, trees or donations in these months',
    );
    expect(screen.queryByTestId('chart')).toBeNull();
  });

  it('charts money apart from the counts, and says "1 drive"', () => {
    renderWithApp(
      <CorporateMonthsChart
        months={[
          month('2026-10', { drives: 1, participants: 1, trees: 1 }),
          month('2026-11', {
            donations: [{ currency: 'USD', amountMinor: 500000, trees: 0, donations: 1 }],
          }),
        ]}
      />,
    );
    const counts = screen.getByTestId('corporate-months-chart');
    expect(within(counts).getByTestId('chart')).toHaveAccessibleDescription(
      /1 drive, 1 participant, 1 tree planted\./,
    );
    expect(within(counts).getByRole('table')).not.toHaveTextContent('USD');
    const money = screen.getByTestId('corporate-donations-chart-USD');
    expect(within(money).getByTestId('chart')).toHaveAccessibleDescription(
      /\$5,000\.00 received in 1 paid donation\./,
    );
  });

  it('draws no empty count chart when only money came in', () => {
    renderWithApp(
      <CorporateMonthsChart
        months={[
          month('2026-11', {
            donations: [{ currency: 'EUR', amountMinor: 1000, trees: 0, donations: 2 }],
          }),
        ]}
      />,
    );
    expect(screen.queryByTestId('corporate-months-chart')).toBeNull();
    expect(screen.getByTestId('corporate-months-no-counts')).toHaveTextContent(
      'no drives, sign-ups or trees in these months',
    );
    expect(screen.getByTestId('corporate-donations-chart-EUR')).toBeInTheDocument();
  });

  it('keeps the period label and the date fields the same, all time with empty fields', async () => {
    serveCorporate(() => corporate());
    const user = userEvent.setup();
    renderWithApp(<CorporateDashboard addDrive={<button type="button">Add Tree Drive</button>} />);
    const form = await screen.findByRole('form', { name: 'Report period' });
    const from = within(form).getByLabelText('From');
    const to = within(form).getByLabelText('To');
    expect(screen.getByTestId('showing-period')).toHaveTextContent('Showing: all time');
    expect(from).toHaveValue('');
    expect(to).toHaveValue('');
    // The empty state names the button the page has.
    expect(await screen.findByText(/Use Add Tree Drive to organise one/)).toBeInTheDocument();

    // Days as the browser's locale writes them (en-US here), like every day field of the app.
    await user.type(from, '05/01/2026');
    await user.type(to, '06/30/2026');
    await user.click(within(form).getByRole('button', { name: 'Show period' }));
    expect(await screen.findByText('May 1, 2026 – Jun 30, 2026')).toBeInTheDocument();
    expect(from).toHaveValue('05/01/2026');
    expect(to).toHaveValue('06/30/2026');

    await user.click(screen.getByRole('button', { name: 'Show all time' }));
    expect(screen.getByTestId('showing-period')).toHaveTextContent('Showing: all time');
    expect(from).toHaveValue('');
    expect(to).toHaveValue('');
  });
});
