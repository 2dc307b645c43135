// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARE_MESSAGES } from '../../contract/tree-care';
import { TREE_MESSAGES, type Tree } from '../../contract/trees';
import { renderWithApp, routeFetch, type FetchRoute } from '../test-support/render';
import {
  buildGrowth,
  buildTree,
  callsTo,
  careDueRoute,
  careLogRoute,
  growthRoute,
  treeRoute,
} from '../features/trees/test-data';
import { formatDay } from '../features/trees/format';
import AppTreeDetail from './app-tree-detail';

vi.mock('../components/ui/map', () => import('../features/trees/components/map-stub.fixtures'));
// jsdom's canvas has no 2D context: the chart is drawn as nothing, its wrapper and text stay.
vi.mock('react-chartjs-2', () => ({ Line: () => null }));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

let tree: Tree;
const answerWith =
  (method: string, path: string, status: number, body: () => unknown): FetchRoute =>
  (url, init) =>
    url.pathname === path && init?.method === method ? { status, body: body() } : undefined;

let fetchSpy: ReturnType<typeof routeFetch>;
function serve(...extra: FetchRoute[]) {
  fetchSpy = routeFetch(
    ...extra,
    treeRoute(() => tree),
    growthRoute(() => buildGrowth()),
    careDueRoute(() => []),
    careLogRoute(() => [
      { id: 'c-2', action: 'watered', note: 'Two buckets', at: '2026-01-07T09:00:00Z' },
      { id: 'c-1', action: 'mulched', note: null, at: '2025-12-20T09:00:00Z' },
    ]),
  );
}

function renderDetail(id = 't-1') {
  return renderWithApp(
    <Routes>
      <Route path="/app/trees/:id" element={<AppTreeDetail />} />
      <Route path="/app/my-trees" element={<p>My trees page</p>} />
    </Routes>,
    `/app/trees/${id}`,
  );
}

beforeEach(() => {
  tree = buildTree();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const bodyOf = (method: string, path: string) =>
  JSON.parse(String(callsTo(fetchSpy, method, path)[0]?.body)) as unknown;

describe('/app/trees/:id', () => {
  it('shows the impact with its range, the growth charts and table, and the photos', async () => {
    serve();
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Courtyard neem' })).toBeInTheDocument();
    const co2 = screen.getByTestId('impact-co2');
    expect(co2).toHaveTextContent('about 1.2 kg');
    expect(co2).toHaveTextContent('likely between 0.84 kg and 1.72 kg');
    expect(screen.getByRole('link', { name: 'How is this computed?' })).toHaveAttribute(
      'href',
      '/documentation#impact-method',
    );
    const charts = await screen.findAllByTestId('growth-chart');
    expect(charts).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Height (cm)' })).toHaveAccessibleDescription(
      /1 measurement, the latest 80 cm at 1.5 years; predicted .* at 3.6 years/,
    );
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('Measured')).toBeInTheDocument();
    expect(screen.getByAltText(`Courtyard neem on ${formatDay('2025-12-01')}`)).toHaveAttribute(
      'src',
      '/api/files/abc',
    );
  });

  it('puts the provenance card in the column of the tree’s cards, with their heading look (issue 23 §4)', async () => {
    serve();
    renderDetail();
    const provenance = await screen.findByRole('region', { name: 'Provenance' });
    const impact = screen.getByRole('heading', { name: /impact/i, level: 2 }).closest('section')!;
    // Same parent column (same width, gap and edges), so the cards line up.
    expect(provenance.parentElement).toBe(impact.parentElement);
    expect(provenance.parentElement).toHaveClass('w-full', 'max-w-5xl', 'gap-6');
    expect(provenance.className).toBe(impact.className);
    expect(provenance.firstElementChild!.className).toBe(impact.firstElementChild!.className);
    const heading = within(provenance).getByRole('heading', { name: 'Provenance', level: 2 });
    expect(heading.className).toBe(within(impact).getAllByRole('heading')[0]!.className);
  });

  it('deletes the tree after a confirmation and goes to My Trees', async () => {
    const user = userEvent.setup();
    serve(
      answerWith('DELETE', '/api/trees/t-1', 200, () => ({
        success: true,
        message: TREE_MESSAGES.deleted,
      })),
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete tree' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('My trees page')).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'DELETE', '/api/trees/t-1')).toHaveLength(1);
  });

  it('marks the tree dead only with a cause', async () => {
    const user = userEvent.setup();
    serve(
      answerWith('POST', '/api/trees/t-1/health', 200, () => {
        tree = buildTree({
          status: 'dead',
          cause: 'drought',
          statusChangedAt: '2026-01-07T09:00Z',
        });
        return { success: true, message: CARE_MESSAGES.healthSaved, data: { tree } };
      }),
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Mark as dead' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark as dead' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as dead' }));
    expect(await within(dialog).findByText(CARE_MESSAGES.causeRequired)).toBeVisible();
    expect(callsTo(fetchSpy, 'POST', '/api/trees/t-1/health')).toHaveLength(0);
    await user.selectOptions(within(dialog).getByLabelText('What killed it?'), 'drought');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as dead' }));
    await waitFor(() =>
      expect(screen.getByTestId('tree-health')).toHaveTextContent('Dead (Drought)'),
    );
    expect(bodyOf('POST', '/api/trees/t-1/health')).toEqual({ status: 'dead', cause: 'drought' });
    expect(screen.getByRole('button', { name: 'Add a measurement' })).toBeDisabled();
    expect(screen.getByText(CARE_MESSAGES.deadTree)).toBeInTheDocument();
  });

  it("adds a measurement, checked with the contract's messages", async () => {
    const user = userEvent.setup();
    serve(
      answerWith('POST', '/api/trees/t-1/measurements', 201, () => ({
        success: true,
        message: CARE_MESSAGES.measured,
        data: { tree, measurement: { ...buildGrowth().measured[0]!, ageYears: undefined } },
      })),
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Add a measurement' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a measurement' });
    await user.click(within(dialog).getByRole('button', { name: 'Save measurement' }));
    expect(await within(dialog).findByText(CARE_MESSAGES.heightRequired)).toBeVisible();
    expect(within(dialog).getByText(CARE_MESSAGES.diameterRequired)).toBeVisible();
    await user.type(within(dialog).getByLabelText('Height (cm)'), '120');
    await user.type(within(dialog).getByLabelText('Trunk diameter (cm)'), '2.5');
    const day = within(dialog).getByLabelText('Measured on');
    await user.clear(day);
    // Typed in the browser's locale (jsdom: en-US, mm/dd/yyyy).
    await user.type(day, '12/20/2025');
    await user.click(within(dialog).getByRole('button', { name: 'Save measurement' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(bodyOf('POST', '/api/trees/t-1/measurements')).toEqual({
      measuredAt: '2025-12-20T00:00:00.000Z',
      heightCm: 120,
      diameterCm: 2.5,
    });
  });

  it('logs care', async () => {
    const user = userEvent.setup();
    serve(
      answerWith('POST', '/api/trees/t-1/care', 201, () => ({
        success: true,
        message: CARE_MESSAGES.careLogged,
        data: { entry: { id: 'c-1', action: 'watered', note: null, at: '2026-01-07T09:00Z' } },
      })),
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Log care' }));
    const dialog = screen.getByRole('dialog', { name: 'Log care' });
    await user.click(within(dialog).getByRole('button', { name: 'Log care' }));
    expect(await within(dialog).findByText(CARE_MESSAGES.actionRequired)).toBeVisible();
    // The kinds of care are tiles.
    await user.click(within(dialog).getByRole('radio', { name: 'Watered' }));
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Two cans');
    await user.click(within(dialog).getByRole('button', { name: 'Log care' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(bodyOf('POST', '/api/trees/t-1/care')).toEqual({ action: 'watered', note: 'Two cans' });
  });

  it("shows someone else's tree without the owner's actions", async () => {
    tree = buildTree({ isOwner: false, owner: { id: 'u-2', name: 'Ash Elm' } });
    serve();
    renderDetail();
    expect(await screen.findByText('Ash Elm')).toBeInTheDocument();
    expect(screen.queryByTestId('owner-actions')).not.toBeInTheDocument();
    // Anyone sees the care log; only the owner sees what is due.
    const care = screen.getByRole('region', { name: 'Care' });
    const log = await within(care).findByRole('list', { name: 'Care log' });
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Watered'), expect.stringContaining('Mulched')]);
    expect(within(log).getByText('Two buckets')).toBeInTheDocument();
    expect(within(care).queryByRole('list', { name: 'Care due' })).not.toBeInTheDocument();
    expect(within(care).queryByTestId('care-none-due')).not.toBeInTheDocument();
  });

  it('says so when the tree does not exist', async () => {
    serve();
    renderDetail('t-404');
    expect(await screen.findByRole('heading', { name: TREE_MESSAGES.notFound })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to My Trees' })).toHaveAttribute(
      'href',
      '/app/my-trees',
    );
  });
});
