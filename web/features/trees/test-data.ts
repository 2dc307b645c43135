/* Test-only data for the trees component tests. */
import type { CareEntry, CareTaskDue, GrowthResponse } from '../../../contract/tree-care';
import type { Tree } from '../../../contract/trees';
import { UNVERIFIED } from '../../../contract/tree-verification';
import type { FetchRoute } from '../../test-support/render';

const range = (mid: number) => ({ low: mid * 0.7, mid, high: mid * 1.43 });

/** A tree as the API shows it to its owner, with overrides. */
export function buildTree(overrides: Partial<Tree> = {}): Tree {
  const id = overrides.id ?? 't-1';
  return {
    id,
    _id: id,
    species: { value: 1, label: 'Neem', scientificName: 'Azadirachta indica' },
    count: 1,
    aliveCount: 1,
    size: 'packet',
    plantedAt: '2025-06-01T00:00:00.000Z',
    lat: 28.5933,
    lng: 77.2197,
    location: 'Lodhi Garden, New Delhi',
    name: 'Courtyard neem',
    photoUrl: '',
    status: 'healthy',
    cause: null,
    problem: null,
    statusChangedAt: null,
    driveId: null,
    replacesTreeId: null,
    replacedByTreeId: null,
    owner: { id: 'u-1', name: 'Rowan Oak' },
    isOwner: true,
    lastMeasurement: null,
    impact: {
      basis: 'predicted',
      co2Kg: range(1.2),
      o2Kg: range(0.87),
      co2KgPerYear: range(0.9),
    },
    createdAt: '2025-06-01T10:00:00.000Z',
    verification: UNVERIFIED,
    ...overrides,
  };
}

export function buildTask(overrides: Partial<CareTaskDue> = {}): CareTaskDue {
  return {
    treeId: 't-1',
    treeName: 'Courtyard neem',
    task: 'water',
    dueAt: '2026-01-05T00:00:00.000Z',
    overdueDays: 2,
    lastDoneAt: null,
    ...overrides,
  };
}

export function buildGrowth(
  overrides: Partial<GrowthResponse['data']> = {},
): GrowthResponse['data'] {
  return {
    treeId: 't-1',
    basis: 'measured',
    measured: [
      {
        id: 'm-1',
        measuredAt: '2025-12-01T00:00:00.000Z',
        heightCm: 80,
        diameterCm: 1.5,
        aliveCount: null,
        photoUrl: '/api/files/abc',
        ageYears: 1.5,
      },
    ],
    predicted: [1, 2].map((years) => ({
      date: `${2026 + years}-01-05`,
      yearsFromNow: years,
      ageYears: 1.6 + years,
      heightCm: 80 + 100 * years,
      diameterCm: 1.5 + 2 * years,
      co2Kg: range(2 * years),
    })),
    ...overrides,
  };
}

const isGet = (init: RequestInit | undefined) => (init?.method ?? 'GET') === 'GET';

/** An infinite list's page of `items` from the `cursor` (the index to start at) on, `limit` long. */
function pageOf<T>(items: T[], url: URL, cursorName: string, size: number) {
  const start = Number(url.searchParams.get(cursorName) ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? size);
  const end = start + limit;
  return { data: items.slice(start, end), nextCursor: end < items.length ? String(end) : null };
}

/** GET /api/trees/registeredtree: these trees (of the filters), a page per cursor. */
export const myTreesRoute =
  (trees: () => Tree[]): FetchRoute =>
  (url, init) => {
    if (url.pathname !== '/api/trees/registeredtree' || !isGet(init)) return undefined;
    const species = url.searchParams.get('species');
    const status = url.searchParams.get('status');
    const matching = trees().filter(
      (t) => (!species || t.species.value === Number(species)) && (!status || t.status === status),
    );
    const limit = Number(url.searchParams.get('limit') ?? 100);
    return {
      status: 200,
      body: {
        success: true,
        page: 1,
        limit,
        total: matching.length,
        ...pageOf(matching, url, 'cursor', limit),
      },
    };
  };

/** GET /api/trees/care-due: these tasks (of `treeId` when asked) with totals, a page per `after`. */
export const careDueRoute =
  (tasks: () => CareTaskDue[]): FetchRoute =>
  (url, init) => {
    if (url.pathname !== '/api/trees/care-due' || !isGet(init)) return undefined;
    const treeId = url.searchParams.get('treeId');
    const all = tasks().filter((t) => !treeId || t.treeId === treeId);
    return {
      status: 200,
      body: {
        success: true,
        total: all.length,
        overdue: all.filter((t) => t.overdueDays > 0).length,
        dueThisWeek: 0,
        ...pageOf(all, url, 'after', 10),
      },
    };
  };

/** GET /api/trees/replanting: these dead trees, a page per `after`. */
export const replantingRoute =
  (dead: () => Tree[] = () => []): FetchRoute =>
  (url, init) => {
    if (url.pathname !== '/api/trees/replanting' || !isGet(init)) return undefined;
    const tasks = dead().map((tree) => ({ tree, cause: tree.cause, diedAt: tree.statusChangedAt }));
    return {
      status: 200,
      body: { success: true, total: tasks.length, ...pageOf(tasks, url, 'after', 10) },
    };
  };

export const treeRoute =
  (tree: () => Tree): FetchRoute =>
  (url, init) =>
    url.pathname === `/api/trees/${tree().id}` && isGet(init)
      ? { status: 200, body: { success: true, data: { tree: tree() } } }
      : undefined;

/** Any tree's care log: `/api/trees/{id}/care`. */
export const careLogRoute =
  (entries: () => CareEntry[]): FetchRoute =>
  (url, init) =>
    /^\/api\/trees\/[^/]+\/care$/.test(url.pathname) && isGet(init)
      ? { status: 200, body: { success: true, data: entries() } }
      : undefined;

export const growthRoute =
  (growth: () => GrowthResponse['data']): FetchRoute =>
  (url, init) =>
    url.pathname === `/api/trees/${growth().treeId}/growth` && isGet(init)
      ? { status: 200, body: { success: true, data: growth() } }
      : undefined;

/** GET /api/drives/mine: no drives (or these, as organised). */
export const myDrivesRoute =
  (organised: unknown[] = []): FetchRoute =>
  (url) =>
    url.pathname === '/api/drives/mine'
      ? {
          status: 200,
          body: {
            success: true,
            data: {
              organised: url.searchParams.get('when') === 'past' ? organised : [],
              joined: [],
            },
          },
        }
      : undefined;

/** The requests a mocked fetch received to `path` with `method`. */
export function callsTo(
  spy: { mock: { calls: unknown[][] } },
  method: string,
  path: string,
): RequestInit[] {
  return spy.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return (
        url.pathname === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method
      );
    })
    .map(([, init]) => init as RequestInit);
}
