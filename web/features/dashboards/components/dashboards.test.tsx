// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { useMutation } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DASHBOARD_MESSAGES,
  type CorporateDashboard as CorporateData,
  type IndividualDashboard as IndividualData,
} from '../../../../contract/dashboards';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { CorporateDashboard } from './corporate-dashboard';
import { IndividualDashboard } from './individual-dashboard';

// Chart.js needs a real canvas; the figure, its summary and its table are what is tested here.
vi.mock('../../../components/ui/charts/chart-canvas', () => ({
  default: () => <div data-testid="chart-canvas" />,
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const zero = { low: 0, mid: 0, high: 0 };
const months = Array.from({ length: 12 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}`,
  livingPlants: i < 6 ? 0 : 3,
  co2Kg: i < 6 ? zero : { low: 0.7, mid: 1, high: 1.43 },
}));

/** A care list holding all its tasks (no further pages). */
const careList = (tasks: IndividualData['careDue']['tasks']): IndividualData['careDue'] => ({
  tasks,
  total: tasks.length,
  overdue: tasks.filter((t) => t.overdueDays > 0).length,
  dueThisWeek: 0,
  nextCursor: null,
});

/** Care task n (water, due n days before 2026-12-01). */
const careTask = (n: number) => ({
  treeId: `t-${n}`,
  treeName: `Tree ${n}`,
  task: 'water' as const,
  dueAt: new Date(Date.UTC(2026, 11, 1) - n * 86_400_000).toISOString(),
  overdueDays: n,
  lastDoneAt: null,
});

function individual(overrides: Partial<IndividualData> = {}): IndividualData {
  return {
    trees: { livingPlants: 0, livingRecords: 0, records: 0 },
    co2Kg: zero,
    o2Kg: zero,
    treesUnconfirmed: 0,
    fourNumbers: { treesFunded: 0, treesPlanted: 0, treesAliveChecked: 0, treesVerified: 0 },
    careDue: careList([]),
    upcomingDrives: { total: 0, drives: [] },
    donations: [],
    history: months.map((m) => ({ ...m, livingPlants: 0, co2Kg: zero })),
    replanting: [],
    replantingTotal: 0,
    computedAt: '2026-12-01T10:00:00.000Z',
    ...overrides,
  };
}

function serveIndividual(data: () => IndividualData) {
  return routeFetch((url) =>
    url.pathname === '/api/dashboard/individual'
      ? { status: 200, body: { success: true, data: data() } }
      : undefined,
  );
}

describe('IndividualDashboard', () => {
  it('gives a brand-new member one honest line under Your impact, not tiles of zeros', async () => {
    serveIndividual(() => individual());
    renderWithApp(<IndividualDashboard renderCareTask={() => null} />);
    expect(await screen.findByTestId('impact-empty')).toHaveTextContent('Nothing to count yet.');
    expect(screen.getByRole('heading', { level: 2, name: 'Your impact' })).toBeInTheDocument();
    // Nothing can be due without a tree; no figures, chart or empty lists either.
    expect(screen.queryByRole('region', { name: 'Care due today' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'My figures' })).toBeNull();
    expect(screen.queryByTestId('history-chart')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Drives I joined' })).toBeNull();
  });

  it('puts the care due first and the figures below, under Your impact', async () => {
    serveIndividual(() =>
      individual({
        trees: { livingPlants: 1, livingRecords: 1, records: 1 },
        upcomingDrives: { total: 1, drives: [] },
        donations: [{ currency: 'USD', amountMinor: 500, trees: 1, donations: 1 }],
      }),
    );
    renderWithApp(<IndividualDashboard renderCareTask={() => null} />);
    const care = await screen.findByRole('region', { name: 'Care due today' });
    const impact = screen.getByRole('heading', { level: 2, name: 'Your impact' });
    const figures = screen.getByRole('group', { name: 'My figures' });
    expect(care.compareDocumentPosition(impact) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(impact.compareDocumentPosition(figures) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Plurals: one of each reads as one.
    expect(within(figures).getByTestId('stat-drives')).toHaveTextContent('drive you joined');
    expect(within(figures).getByTestId('stat-donations')).toHaveTextContent('1 tree given');
    expect(screen.getByRole('list', { name: 'Donations by currency' })).toHaveTextContent(
      'in 1 paid donation, 1 tree',
    );
  });

  it('shows my figures, care due through the page’s row, the chart’s table and my drives', async () => {
    serveIndividual(() =>
      individual({
        trees: { livingPlants: 3, livingRecords: 1, records: 2 },
        co2Kg: { low: 0.7, mid: 1, high: 1.43 },
        careDue: careList([
          {
            treeId: 't-1',
            treeName: 'Courtyard neem',
            task: 'water',
            dueAt: '2026-11-30T00:00:00.000Z',
            overdueDays: 0,
            lastDoneAt: null,
          },
        ]),
        upcomingDrives: {
          total: 1,
          drives: [
            {
              id: 'd-1',
              name: 'Lake path',
              startsAt: '2026-12-05T03:30:00.000Z',
              durationHours: 2,
              location: 'Cubbon Park',
              country: 'IN',
              timeZone: 'Asia/Kolkata',
              participants: 4,
            },
          ],
        },
        donations: [{ currency: 'USD', amountMinor: 8500, trees: 12, donations: 2 }],
        history: months,
        fourNumbers: { treesFunded: 12, treesPlanted: 5, treesAliveChecked: 3, treesVerified: 1 },
        treesUnconfirmed: 0,
      }),
    );
    renderWithApp(
      <IndividualDashboard renderCareTask={(task) => <li>Row for {task.treeName}</li>} />,
    );
    const figures = await screen.findByRole('group', { name: 'My figures' });
    expect(within(figures).getByTestId('stat-living-trees')).toHaveTextContent('3');
    expect(within(figures).getByRole('link', { name: 'see my forest' })).toHaveAttribute(
      'href',
      '/app/my-forest',
    );
    expect(within(figures).getByTestId('stat-co2')).toHaveTextContent('likely 0.7 kg – 1.4 kg');
    expect(within(figures).getByTestId('stat-donations')).toHaveTextContent('$85.00');
    // The four honest numbers (issue 21 §3), by the one component.
    const four = screen.getByRole('region', { name: 'My trees, counted honestly' });
    expect(within(four).getByTestId('four-treesFunded-value')).toHaveTextContent('12');
    expect(within(four).getByTestId('four-treesAliveChecked-value')).toHaveTextContent('3');
    expect(within(four).getByTestId('four-treesVerified-value')).toHaveTextContent('1');
    expect(within(four).getByTestId('four-unconfirmed')).toHaveTextContent(
      'CO₂ and O₂ count plants alive at last check only.',
    );
    expect(screen.getByRole('list', { name: 'Care due today' })).toHaveTextContent(
      'Row for Courtyard neem',
    );
    expect(screen.getByRole('link', { name: 'Lake path' })).toHaveAttribute(
      'href',
      '/app/delive-detail/d-1',
    );
    expect(screen.getByTestId('dashboard-drive')).toHaveTextContent('Asia/Kolkata');
    const chart = screen.getByRole('img', { name: /Living plants and CO₂ stored/ });
    expect(chart).toHaveAccessibleDescription(/3 living plants storing about 1 kg of CO₂/);
    const table = screen.getByRole('table', { name: /Living plants and CO₂ stored/ });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
  });

  it('refreshes after a change made from it (a care task done)', async () => {
    let version = 0;
    const task = {
      treeId: 't-1',
      treeName: 'Courtyard neem',
      task: 'water' as const,
      dueAt: '2026-11-30T00:00:00.000Z',
      overdueDays: 0,
      lastDoneAt: null,
    };
    const fetch = serveIndividual(() =>
      individual({
        trees: { livingPlants: version, livingRecords: 1, records: 1 },
        careDue: careList([task]),
      }),
    );
    // Stands in for the trees feature's row: any successful mutation refreshes the dashboard.
    function Done() {
      const done = useMutation({ mutationFn: async () => (version += 1) });
      return (
        <li>
          <button type="button" onClick={() => done.mutate()}>
            Done
          </button>
        </li>
      );
    }
    const user = userEvent.setup();
    renderWithApp(<IndividualDashboard renderCareTask={() => <Done />} />);
    expect(await screen.findByTestId('stat-living-trees')).toHaveTextContent('0');
    expect(fetch).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByTestId('stat-living-trees')).toHaveTextContent('1'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('IndividualDashboard replanting (issue 20: the latest few, then My trees)', () => {
  it('links to every replanting task when the dashboard holds only the latest', async () => {
    const tree = (n: number): IndividualData['replanting'][number] => ({
      tree: {
        id: `dead-${n}`,
        species: { value: 1, label: 'Neem', scientificName: 'Azadirachta indica' },
        count: 1,
        name: `Dead tree ${n}`,
      },
      cause: 'drought',
      diedAt: '2026-11-01T00:00:00.000Z',
    });
    serveIndividual(() =>
      individual({
        trees: { livingPlants: 0, livingRecords: 0, records: 12 },
        replanting: [1, 2, 3, 4, 5].map(tree),
        replantingTotal: 12,
      }),
    );
    renderWithApp(<IndividualDashboard renderCareTask={() => null} />);
    const list = await screen.findByRole('list', { name: 'Replanting tasks' });
    expect(within(list).getAllByTestId('dashboard-replanting-task')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'See all 12 replanting tasks' })).toHaveAttribute(
      'href',
      '/app/my-trees#replanting',
    );
  });
});

describe('IndividualDashboard care list (issue 20: the first tasks, then Show more)', () => {
  const tasks = Array.from({ length: 25 }, (_, i) => careTask(25 - i));

  function serveCare(failing = () => false) {
    return routeFetch((url) => {
      if (url.pathname === '/api/dashboard/care-due' && failing())
        return { status: 500, body: { success: false, message: 'Boom', code: 'INTERNAL' } };
      if (url.pathname === '/api/dashboard/individual')
        return {
          status: 200,
          body: {
            success: true,
            data: individual({
              trees: { livingPlants: 25, livingRecords: 25, records: 25 },
              careDue: {
                tasks: tasks.slice(0, 10),
                total: 25,
                overdue: 24,
                dueThisWeek: 3,
                nextCursor: 'c10',
              },
            }),
          },
        };
      if (url.pathname === '/api/dashboard/care-due') {
        const after = Number(url.searchParams.get('after')!.slice(1));
        const page = tasks.slice(after, after + 10);
        const next = after + 10 < tasks.length ? `c${after + 10}` : null;
        return { status: 200, body: { success: true, data: { tasks: page, nextCursor: next } } };
      }
      return undefined;
    });
  }

  it('shows the first tasks with the totals, and each next page on Show more until the end', async () => {
    const fetch = serveCare();
    const user = userEvent.setup();
    renderWithApp(
      <IndividualDashboard renderCareTask={(task) => <li>Row for {task.treeName}</li>} />,
    );
    const list = await screen.findByRole('list', { name: 'Care due today' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByTestId('care-totals')).toHaveTextContent(
      '25 tasks due · 24 overdue · 3 more fall due this week',
    );
    expect(screen.getByText('Showing 10 of 25')).toBeInTheDocument();
    // Nothing beyond the dashboard is asked for until the member wants it.
    expect(fetch.mock.calls.map((c) => String(c[0]))).toEqual(['/api/dashboard/individual']);

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(20));
    expect(String(fetch.mock.calls.at(-1)![0])).toBe('/api/dashboard/care-due?after=c10&limit=20');
    expect(screen.getByText('Showing 20 of 25')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    // In order, each once, and no button once every task shows.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(tasks.map((t) => `Row for ${t.treeName}`));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says when more tasks cannot be loaded and tries again', async () => {
    let failing = true;
    serveCare(() => failing);
    const user = userEvent.setup();
    renderWithApp(
      <IndividualDashboard renderCareTask={(task) => <li>Row for {task.treeName}</li>} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Boom');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const list = screen.getByRole('list', { name: 'Care due today' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(20));
  });
});

function corporate(): CorporateData {
  return {
    organisation: { id: 'o-1', name: 'Acme' },
    period: null,
    drives: { upcoming: 1, past: 0, upcomingList: [], pastList: [] },
    participants: 2,
    volunteerHours: 0,
    trees: { planted: 0, alive: 0, dead: 0, alivePercent: null, deadPercent: null },
    fourNumbers: { treesFunded: 0, treesPlanted: 0, treesAliveChecked: 0, treesVerified: 0 },
    donations: [],
    months: [],
    computedAt: '2026-12-01T10:00:00.000Z',
  };
}

describe('CorporateDashboard', () => {
  it('shows all time first, then the chosen period, and checks the period with the contract', async () => {
    const fetch = routeFetch((url) =>
      url.pathname === '/api/dashboard/corporate'
        ? { status: 200, body: { success: true, data: corporate() } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<CorporateDashboard />);
    expect(await screen.findByTestId('stat-participants')).toHaveTextContent('2');
    expect(screen.getByTestId('showing-period')).toHaveTextContent('all time');
    expect(
      screen.getByRole('region', { name: 'Trees at all your drives, counted honestly' }),
    ).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/dashboard/corporate');

    const form = screen.getByRole('form', { name: 'Report period' });
    await user.clear(within(form).getByLabelText('From'));
    await user.type(within(form).getByLabelText('From'), '05/01/2026');
    await user.clear(within(form).getByLabelText('To'));
    await user.type(within(form).getByLabelText('To'), '04/01/2026');
    await user.click(within(form).getByRole('button', { name: 'Show period' }));
    expect(await within(form).findByText(DASHBOARD_MESSAGES.periodOrder)).toBeVisible();
    expect(fetch).toHaveBeenCalledTimes(1);

    await user.clear(within(form).getByLabelText('To'));
    await user.type(within(form).getByLabelText('To'), '06/30/2026');
    await user.click(within(form).getByRole('button', { name: 'Show period' }));
    await waitFor(() =>
      expect(screen.getByTestId('showing-period')).toHaveTextContent('May 1, 2026 – Jun 30, 2026'),
    );
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain(
      '/api/dashboard/corporate?from=2026-05-01&to=2026-06-30',
    );
  });
});
