// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Forest } from '../../../../contract/forest';
import type { PointsClusterMapProps } from '../../../components/ui/map';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { buildForest, buildForestTree, buildGift, buildUpdate } from '../test-data';
import { MyForest } from './my-forest';

// Leaflet needs a real layout: a list of the points stands in for the map.
vi.mock('../../../components/ui/map', () => ({
  PointsClusterMap: ({ points, label, openLabel, linkFor }: PointsClusterMapProps) => (
    <ul aria-label={label}>
      {points.map((p) => (
        <li key={p.id}>
          <a href={linkFor?.(p.id)}>{`${openLabel} ${p.title} at ${p.lat},${p.lng}`}</a>
        </li>
      ))}
    </ul>
  ),
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Answers `GET /api/forest`: the first page, or a later one by the cursor it was asked for. */
function serve(first: Forest, later: Record<string, Forest> = {}) {
  return routeFetch((url) => {
    if (url.pathname !== '/api/forest') return undefined;
    const cursor =
      url.searchParams.get('treesBefore') ??
      url.searchParams.get('giftsBefore') ??
      url.searchParams.get('updatesBefore');
    const data = cursor ? later[cursor] : first;
    return data
      ? { status: 200, body: { success: true, data } }
      : { status: 400, body: { success: false, message: 'Bad cursor' } };
  });
}

const figure = (testId: string) => screen.getByTestId(testId).querySelector('.stat-value');

describe('My forest', () => {
  it('says it is loading while the forest is on its way', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => {}));
    renderWithApp(<MyForest />, '/app/my-forest');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your forest…');
  });

  it('offers a new member a way to donate or register a tree', async () => {
    serve(buildForest());
    renderWithApp(<MyForest />, '/app/my-forest');
    expect(await screen.findByText(/Your forest is empty for now/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Donate trees' })).toHaveAttribute(
      'href',
      '/app/donate-tree',
    );
    expect(screen.getByRole('link', { name: 'Register a tree' })).toHaveAttribute(
      'href',
      '/app/tree-registeration',
    );
  });

  it('shows the field updates of a drive the member joined, before they have any tree', async () => {
    serve(buildForest({ updates: [buildUpdate()] }));
    renderWithApp(<MyForest />, '/app/my-forest');
    const timeline = await screen.findByRole('region', { name: 'What happened' });
    expect(within(timeline).getByText('All saplings watered after the rain.')).toBeVisible();
    expect(screen.queryByText(/Your forest is empty for now/)).toBeNull();
    expect(screen.getByText(/No tree is in the ground for you yet/)).toBeVisible();
  });

  it('shows funded gifts honestly before any tree is planted', async () => {
    serve(
      buildForest({
        summary: { funded: 9, planted: 0, alive: 0 },
        gifts: [
          buildGift(),
          buildGift({
            donationId: 'g-2',
            driveName: 'Lake bund',
            driveId: 'd-2',
            plantingOn: '2020-01-05T08:00:00.000Z',
            waitingForOrganiser: true,
          }),
          buildGift({ donationId: 'g-3', driveId: null, driveName: null, plantingOn: null }),
          buildGift({
            donationId: 'g-4',
            driveName: 'Hill school',
            driveId: 'd-4',
            status: 'partly-planted',
            planted: 1,
            plantingOn: '2020-01-05T08:00:00.000Z',
            waitingForOrganiser: true,
          }),
        ],
      }),
    );
    renderWithApp(<MyForest />, '/app/my-forest');
    const gifts = await screen.findByRole('region', { name: 'Your tree gifts' });
    const rows = within(gifts).getAllByTestId('forest-gift');
    expect(rows[0]).toHaveTextContent('3 trees for River oaks');
    expect(rows[0]).toHaveTextContent(/Planting on .*2099/);
    expect(rows[1]).toHaveTextContent('Waiting for the organiser to record the planting');
    expect(rows[2]).toHaveTextContent('3 trees for the general fund');
    expect(rows[2]).toHaveTextContent('Waiting to be planted at a drive');
    expect(rows[3]).toHaveTextContent(
      '1 of 3 planted, waiting for the organiser to record the rest',
    );
    // Never a silent zero: no gift reads 0 planted.
    for (const row of rows) expect(row).not.toHaveTextContent(/\b0 planted/);
    // Each gift has its certificate.
    expect(
      within(rows[0]!).getByRole('button', {
        name: /^Certificate \(PDF\) for 3 trees for River oaks/,
      }),
    ).toBeVisible();
    // And a Share link to its public page (never the claim code).
    const share = within(rows[2]!).getByRole('link', {
      name: /^Share 3 trees for the general fund/,
    });
    expect(share).toHaveTextContent('Share');
    expect(share).toHaveAttribute('href', '/gift/g-3');
    expect(within(gifts).getAllByRole('link', { name: /^Share / })).toHaveLength(rows.length);
    expect(within(gifts).getByRole('link', { name: '3 trees for River oaks' })).toHaveAttribute(
      'href',
      '/app/delive-detail/d-1',
    );
    expect(figure('forest-funded')).toHaveTextContent('9');
    expect(figure('forest-planted')).toHaveTextContent('0');
    expect(screen.getByText(/No tree is in the ground for you yet/)).toBeVisible();
    // No positions yet, so no map.
    expect(screen.queryByRole('region', { name: 'Where your trees grow' })).toBeNull();
  });

  it('shows planted trees on cards and the map, with plantings, deaths and field updates', async () => {
    const planted = buildForestTree();
    const dead = buildForestTree({
      id: 't-2',
      name: 'Corner tamarind',
      count: 1,
      aliveCount: 0,
      status: 'dead',
      cause: 'drought',
      statusChangedAt: '2026-05-20T10:00:00.000Z',
      giftPlants: 1,
      photoUrl: '',
      replacedByTreeId: 't-3',
    });
    serve(
      buildForest({
        summary: { funded: 4, planted: 6, alive: 5 },
        gifts: [buildGift({ trees: 4, planted: 4, status: 'planted' })],
        trees: [planted, dead],
        updates: [buildUpdate()],
      }),
    );
    renderWithApp(<MyForest />, '/app/my-forest');
    const gifts = await screen.findByRole('region', { name: 'Your tree gifts' });
    expect(within(gifts).getByTestId('gift-status')).toHaveTextContent('Planted');
    expect(figure('forest-alive')).toHaveTextContent('5');

    const map = screen.getByRole('list', { name: 'Map of the trees in your forest' });
    expect(within(map).getAllByRole('link')[0]).toHaveTextContent(
      'Open tree Neem × 5 at 12.976,77.593',
    );

    const cards = screen.getAllByTestId('forest-tree');
    expect(cards).toHaveLength(2);
    const card = cards[0]!;
    expect(within(card).getByRole('heading', { name: 'Neem × 5' })).toBeVisible();
    expect(within(card).getByRole('img', { name: 'Photo of Neem × 5 at Cubbon Park, Bengaluru' }));
    expect(card).toHaveTextContent('Your gifts paid for 3 of the 5 plants here.');
    expect(card).toHaveTextContent('Cubbon Park, Bengaluru, drive “River oaks”');
    expect(within(card).getByTestId('forest-tree-alive')).toHaveTextContent('All 5 alive');
    expect(card).toHaveTextContent(/about 1\.2 kg.*likely 0\.84 kg – 1\.72 kg, predicted/);
    expect(within(card).getByRole('link', { name: 'Neem × 5' })).toHaveAttribute(
      'href',
      '/app/trees/t-1',
    );
    expect(within(cards[1]!).getByRole('img', { name: 'No photo yet' })).toBeVisible();
    expect(within(cards[1]!).getByTestId('forest-tree-alive')).toHaveTextContent('Not alive');
    // A dead tree says when and of what, and links its replanting.
    const death = within(cards[1]!).getByTestId('forest-tree-death');
    expect(death).toHaveTextContent(/2026.*, of drought · replanted/);
    expect(within(death).getByRole('link', { name: 'replanted' })).toHaveAttribute(
      'href',
      '/app/trees/t-3',
    );

    const events = screen.getAllByTestId('forest-event');
    expect(events.map((e) => e.textContent?.split(' · ')[0])).toEqual([
      'Died',
      'Field update',
      'Planted',
      'Planted',
    ]);
    expect(events[0]).toHaveTextContent('Corner tamarind died of drought.');
    expect(events[1]).toHaveTextContent('All saplings watered after the rain.');
    expect(
      within(events[1]!).getByRole('img', { name: "Photo 1 of 1 from Asha Organiser's update" }),
    ).toHaveAttribute('src', '/api/files/p-1');
  });

  it('pages the trees with their cursor on "Show more trees"', async () => {
    const user = userEvent.setup();
    const fetchSpy = serve(
      buildForest({
        summary: { funded: 0, planted: 2, alive: 2 },
        trees: [buildForestTree({ giftPlants: 0, isOwner: true })],
        next: { gifts: null, trees: 'cursor-1', updates: null },
      }),
      {
        'cursor-1': buildForest({
          summary: { funded: 0, planted: 2, alive: 2 },
          trees: [buildForestTree({ id: 't-9', name: 'Old banyan', giftPlants: 0 })],
        }),
      },
    );
    renderWithApp(<MyForest />, '/app/my-forest');
    expect(await screen.findByText('You registered this tree.')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Show more trees' }));
    expect(await screen.findByRole('heading', { name: 'Old banyan' })).toBeVisible();
    expect(screen.getAllByTestId('forest-tree')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more trees' })).toBeNull();
    expect(fetchSpy.mock.calls.map((call) => String(call[0]))).toEqual([
      '/api/forest',
      '/api/forest?treesBefore=cursor-1',
    ]);
  });
});
