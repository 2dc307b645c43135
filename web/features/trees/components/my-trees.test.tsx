// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CareTaskDue } from '../../../../contract/tree-care';
import type { Tree } from '../../../../contract/trees';
import { renderWithApp, routeFetch, type FetchRoute } from '../../../test-support/render';
import {
  buildTask,
  buildTree,
  callsTo,
  careDueRoute,
  myTreesRoute,
  replantingRoute,
} from '../test-data';
import { formatDay } from '../format';
import { MyTrees } from './my-trees';

vi.mock('../../../components/ui/map', () => import('./map-stub.fixtures'));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const neem = buildTree();
const mango = buildTree({
  id: 't-2',
  _id: 't-2',
  name: null,
  species: { value: 2, label: 'Aam (Mango)', scientificName: 'Mangifera indica' },
  count: 4,
  aliveCount: 4,
  status: 'dead',
  cause: 'drought',
  statusChangedAt: '2026-01-02T08:00:00.000Z',
});

function serve({
  trees = [neem, mango],
  tasks = () => [],
  dead = [],
  extra = [],
}: { trees?: Tree[]; tasks?: () => CareTaskDue[]; dead?: Tree[]; extra?: FetchRoute[] } = {}) {
  return routeFetch(
    ...extra,
    myTreesRoute(() => trees),
    careDueRoute(tasks),
    replantingRoute(() => dead),
  );
}

const cards = () => screen.getAllByTestId('tree-card');
const urls = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map(([url]) => String(url));

describe('My Trees', () => {
  it('lists my trees as cards and on the map', async () => {
    serve();
    renderWithApp(<MyTrees />, '/app/my-trees');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(within(cards()[0]!).getByRole('link', { name: 'Courtyard neem' })).toHaveAttribute(
      'href',
      '/app/trees/t-1',
    );
    expect(within(cards()[1]!).getByText('Aam (Mango) × 4')).toBeInTheDocument();
    expect(within(cards()[1]!).getByText('Dead')).toBeInTheDocument();
    const map = screen.getByRole('list', { name: 'Map of my trees' });
    expect(within(map).getByRole('link', { name: 'Open tree Courtyard neem' })).toBeInTheDocument();
    expect(screen.getByTestId('tree-total')).toHaveTextContent('2 tree records');
  });

  it('shows the care due on top; Done logs the care and the task goes', async () => {
    const user = userEvent.setup();
    let tasks = [buildTask(), buildTask({ task: 'measure', overdueDays: 0 })];
    const fetchSpy = serve({
      tasks: () => tasks,
      extra: [
        (url, init) => {
          if (url.pathname !== '/api/trees/t-1/care' || init?.method !== 'POST') return undefined;
          tasks = tasks.filter((t) => t.task !== 'water');
          const entry = { id: 'c-1', action: 'watered', note: null, at: '2026-01-07T09:00:00Z' };
          return { status: 201, body: { success: true, message: 'Care logged.', data: { entry } } };
        },
      ],
    });
    renderWithApp(<MyTrees />, '/app/my-trees');
    const panel = await screen.findByRole('region', { name: 'Care due today' });
    await waitFor(() => expect(within(panel).getAllByTestId('care-task')).toHaveLength(2));
    expect(within(panel).getByText('2 days overdue · not done yet')).toBeInTheDocument();
    expect(
      within(panel).getByRole('link', { name: 'Add a measurement for Courtyard neem' }),
    ).toHaveAttribute('href', '/app/trees/t-1');

    await user.click(within(panel).getByRole('button', { name: 'Done: Water Courtyard neem' }));
    await waitFor(() => expect(within(panel).getAllByTestId('care-task')).toHaveLength(1));
    // Said even though the row has gone by the time the answer is in.
    expect(toast.success).toHaveBeenCalledWith('Care logged.');
    const [sent] = callsTo(fetchSpy, 'POST', '/api/trees/t-1/care');
    expect(JSON.parse(String(sent?.body))).toEqual({ action: 'watered' });
  });

  it('filters by species and status, kept in the address', async () => {
    const user = userEvent.setup();
    const fetchSpy = serve();
    renderWithApp(<MyTrees />, '/app/my-trees');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const species = screen.getByLabelText('Species');
    await user.selectOptions(screen.getByLabelText('Status'), 'dead');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByTestId('location')).toHaveTextContent('/app/my-trees?status=dead');
    // The server filters: the list asks for that status.
    expect(urls(fetchSpy)).toContain('/api/trees/registeredtree?limit=24&status=dead');
    await user.selectOptions(species, '1');
    expect(await screen.findByText('None of your trees match these filters.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/app\/my-trees$/);
  });

  it('says what to do when there are no trees yet', async () => {
    serve({ trees: [] });
    renderWithApp(<MyTrees />, '/app/my-trees');
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('You have not registered any trees yet.');
    expect(within(empty).getByRole('link', { name: 'Register a tree' })).toHaveAttribute(
      'href',
      '/app/tree-registeration',
    );
    expect(screen.queryByRole('group', { name: 'Export my trees' })).not.toBeInTheDocument();
    expect(await screen.findByText(/Nothing is due today/)).toBeInTheDocument();
  });

  it('lists the replanting tasks, each leading to the registration', async () => {
    serve({ dead: [mango] });
    renderWithApp(<MyTrees />, '/app/my-trees');
    const panel = await screen.findByRole('region', { name: 'Replanting' });
    expect(
      within(panel).getByText(`Drought · reported ${formatDay('2026-01-02T08:00:00.000Z')}`),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Replant Aam (Mango) × 4' })).toHaveAttribute(
      'href',
      '/app/tree-registeration?replaces=t-2',
    );
  });

  it('shows a page of cards at a time; Load more follows the cursor to the last page', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 30 }, (_, i) =>
      buildTree({ id: `t-${i}`, _id: `t-${i}`, name: `Tree ${i}` }),
    );
    const fetchSpy = serve({ trees: many });
    renderWithApp(<MyTrees />, '/app/my-trees');
    await waitFor(() => expect(cards()).toHaveLength(24));
    expect(screen.getByTestId('tree-total')).toHaveTextContent('24 of 30 tree records');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(30));
    expect(screen.getByTestId('tree-total')).toHaveTextContent('30 tree records');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(urls(fetchSpy)).toContain('/api/trees/registeredtree?limit=24&cursor=24');
  });

  it('shows the first care tasks with the totals; Show more brings the rest', async () => {
    const user = userEvent.setup();
    const tasks = Array.from({ length: 13 }, (_, i) =>
      buildTask({ treeId: `t-${i}`, treeName: `Tree ${i}` }),
    );
    serve({ tasks: () => tasks });
    renderWithApp(<MyTrees />, '/app/my-trees');
    const panel = await screen.findByRole('region', { name: 'Care due today' });
    await waitFor(() => expect(within(panel).getAllByTestId('care-task')).toHaveLength(10));
    expect(within(panel).getByTestId('care-totals')).toHaveTextContent('13 tasks due · 13 overdue');
    expect(within(panel).getByText('Showing 10 of 13')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(panel).getAllByTestId('care-task')).toHaveLength(13));
    expect(within(panel).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('offers Try again when the trees cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    routeFetch(
      (url) =>
        url.pathname === '/api/trees/registeredtree' && fail
          ? { status: 500, body: { success: false, message: 'Database down.', code: 'INTERNAL' } }
          : undefined,
      myTreesRoute(() => [neem]),
      careDueRoute(() => []),
      replantingRoute(),
    );
    renderWithApp(<MyTrees />, '/app/my-trees');
    expect(await screen.findByText('Database down.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });
});
