/**
 * Every GET a screen makes (web/features/{feature}/api.ts and web/lib/queries), with the member it
 * is made as: asha@… (an individual with 5,000 trees at scale), greenleaf@… (a corporate account
 * organising 2,000 drives), or nobody (the landing and public pages).
 */
import { MY_TREES_PAGE } from '../../contract/trees';

export type Caller = 'asha' | 'greenleaf' | 'public';
/** A demo member whose answers are the same on both databases (the million grows around them). */
export const TWIN_CALLERS = ['rahul', 'mataverde'] as const;
export type TwinCaller = (typeof TWIN_CALLERS)[number];

/** Ids read from the demo server once, so both databases answer the very same requests. */
export interface Ids {
  ashaId: string;
  greenleafId: string;
  /** A twin caller's own id (a profile's twin: a member the million adds nothing to). */
  rahulId: string;
  ashaTreeId: string;
  pastDriveId: string;
  /** A drive greenleaf organised (its donations list is the organiser's). */
  greenleafDriveId: string;
  /** Per server: the Plantations list 40 pages in (the cursor Load more sends); null on one page. */
  deepCursor: string | null;
  /** Per server: My trees 40 pages in (the cursor its Load more sends); null on one page. */
  deepTreeCursor: string | null;
}

/**
 * The ids the endpoints name, read with `get` (a GET as that member answering JSON) on the demo
 * database: they exist in the million-tree one too, which grows on top of it.
 */
export async function resolveIds(
  get: <T>(url: string, as: 'asha' | 'greenleaf') => Promise<T>,
): Promise<Omit<Ids, 'deepCursor' | 'deepTreeCursor'>> {
  type Drives = { data: { organised: { id: string }[]; joined: { id: string }[] } };
  const me = await get<{ user: { id: string } }>('/api/users/currentuser', 'asha');
  const org = await get<{ user: { id: string } }>('/api/users/currentuser', 'greenleaf');
  const trees = await get<{ data: { id: string }[] }>(
    '/api/trees/registeredtree?page=1&limit=1',
    'asha',
  );
  const past = await get<{ data: { id: string }[] }>(
    '/api/trees/geteventdetail?when=past&page=1&limit=12',
    'asha',
  );
  const organised = await get<Drives>('/api/drives/mine?when=past', 'greenleaf');
  const found = await get<{ data: { id: string; username: string }[] }>(
    '/api/trees/user-profile?key=rahul',
    'asha',
  );
  const rahul = found.data.find((u) => u.username === 'rahul');
  if (!rahul) throw new Error('the demo member rahul was not found');
  return {
    ashaId: me.user.id,
    greenleafId: org.user.id,
    rahulId: rahul.id,
    ashaTreeId: trees.data[0]!.id,
    pastDriveId: past.data[0]!.id,
    greenleafDriveId: organised.data.organised[0]?.id ?? past.data[0]!.id,
  };
}

export interface Endpoint {
  /** The screen that calls it. */
  screen: string;
  as: Caller;
  path: (ids: Ids) => string | null;
  /**
   * A download (an export): its size is the member's whole history by design, so it is judged by
   * when its answer starts and by its cost per kilobyte, not by its whole time.
   */
  download?: boolean;
  /**
   * A page of the caller's own list that takes `limit=`: the demo member's page holds fewer items
   * than the million's full one, so its ratio is also taken at equal content (`sameContentUrl`).
   */
  paged?: boolean;
  /**
   * An answer that holds more at a million without taking `limit=` (a dashboard, the calendar, a
   * map view): the same screen asked where the million holds exactly what the demo holds (another
   * demo member, a place the million plants nowhere), so its ratio is also taken at equal content.
   */
  twin?: { as: TwinCaller | 'public'; path: (ids: Ids) => string };
}

/**
 * The items a list answer holds: its longest array within three levels (`data`, `result.trees`,
 * …). The bench's equal-content comparison needs only the count, not the shape of each answer.
 */
export function itemCount(answer: unknown, depth = 0): number {
  if (Array.isArray(answer)) return answer.length;
  if (depth >= 3 || answer === null || typeof answer !== 'object') return 0;
  return Math.max(0, ...Object.values(answer).map((v) => itemCount(v, depth + 1)));
}

/** The same list asked with `limit=items` (added when the screen's request has no limit). */
export function sameContentUrl(url: string, items: number): string {
  if (/[?&]limit=\d+/.test(url)) return url.replace(/([?&]limit=)\d+/, `$1${items}`);
  return `${url}${url.includes('?') ? '&' : '?'}limit=${items}`;
}

/**
 * The answer with what differs between two identical reads taken apart (`computedAt`) left out:
 * a twin is used only when the demo and the million answer it with the same text.
 */
export const comparableAnswer = (body: string): string =>
  body.replace(/"computedAt":"[^"]*"/g, '"computedAt":""');

const today = () => new Date().toISOString().slice(0, 10);
const daysAhead = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const yearAgo = () => new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);

/** My trees' list as the screen asks for it (a page of cards; Load more adds `&cursor=`). */
export const MY_TREES_LIST = `/api/trees/registeredtree?limit=${MY_TREES_PAGE}`;

const e = (
  screen: string,
  as: Caller,
  path: string | ((ids: Ids) => string | null),
  kind?: 'download' | 'paged' | Endpoint['twin'],
): Endpoint => ({
  screen,
  as,
  path: typeof path === 'string' ? () => path : path,
  ...(kind === 'download'
    ? { download: true }
    : kind === 'paged'
      ? { paged: true }
      : kind
        ? { twin: kind }
        : {}),
});

const twin = (
  as: TwinCaller | 'public',
  path: string | ((ids: Ids) => string),
): Endpoint['twin'] => ({
  as,
  path: typeof path === 'string' ? () => path : path,
});
/** Seville: demo trees (a patio in Triana) and no place the million plants (places.ts). */
const SEVILLE_CITY = '/api/trees/map?bbox=-6.28,37.19,-5.68,37.59&zoom=11';
const SEVILLE_STREETS = '/api/trees/map?bbox=-5.995,37.384,-5.975,37.394&zoom=16';
const calendar = () => `/api/drives/calendar?from=${today()}&to=${daysAhead(90)}`;

export const ENDPOINTS: readonly Endpoint[] = [
  // Landing and public pages.
  e('landing', 'public', '/api/stats'),
  // The landing's newest drives, its testimonials and its coarse trees map (the world at zoom 2).
  e('landing', 'public', '/api/drives/newest'),
  e('landing', 'public', '/api/testimonials'),
  e('landing', 'public', '/api/trees/public-map?bbox=-180,-85,180,85&zoom=2'),
  // Its twin: wanjiru's public forest, which the million leaves as the demo made it.
  e(
    'public forest',
    'public',
    '/api/public/forests/asha',
    twin('public', '/api/public/forests/wanjiru-kamau'),
  ),
  // The signed-in shell (every screen).
  e('shell', 'asha', '/api/users/currentuser'),
  e('shell', 'asha', '/api/notifications/unread-count'),
  // Dashboard.
  e('dashboard', 'asha', '/api/dashboard/individual', twin('rahul', '/api/dashboard/individual')),
  // The individual home (issue 23): their forest (/api/forest, below), their next drive, or the
  // soonest drives to join when they have none.
  e('home', 'asha', '/api/drives/mine?when=upcoming&limit=1'),
  e('home', 'asha', '/api/trees/geteventdetail?when=upcoming&limit=3'),
  e('dashboard', 'asha', '/api/stats/charts'),
  e('dashboard', 'asha', '/api/onboarding'),
  e('care', 'asha', '/api/trees/care-due', 'paged'),
  e('care', 'asha', '/api/trees/replanting', 'paged'),
  // My trees: its first page of cards, and Load more 40 pages in (the demo: its first page).
  e('my trees', 'asha', MY_TREES_LIST, 'paged'),
  e(
    'my trees',
    'asha',
    (i) =>
      i.deepTreeCursor
        ? `${MY_TREES_LIST}&cursor=${encodeURIComponent(i.deepTreeCursor)}`
        : MY_TREES_LIST,
    'paged',
  ),
  e('tree', 'asha', (i) => `/api/trees/${i.ashaTreeId}`),
  e('tree', 'asha', (i) => `/api/trees/care-due?treeId=${i.ashaTreeId}`),
  e('tree', 'asha', (i) => `/api/trees/${i.ashaTreeId}/growth`),
  e('tree', 'asha', (i) => `/api/trees/${i.ashaTreeId}/care`),
  // Trees map: the world, a city, a few streets.
  e('trees map', 'asha', '/api/trees/map?bbox=-180,-85,180,85&zoom=2'),
  e(
    'trees map',
    'asha',
    '/api/trees/map?bbox=76.9,28.4,77.5,28.8&zoom=11',
    twin('rahul', SEVILLE_CITY),
  ),
  e(
    'trees map',
    'asha',
    '/api/trees/map?bbox=77.2,28.6,77.22,28.61&zoom=16',
    twin('rahul', SEVILLE_STREETS),
  ),
  // Exports.
  e('my trees', 'asha', '/api/trees/export?format=csv', 'download'),
  e('my trees', 'asha', '/api/trees/export?format=geojson', 'download'),
  e('transactions', 'asha', '/api/donations/export.csv', 'download'),
  // Plantations.
  e('plantations', 'asha', '/api/trees/geteventdetail?when=upcoming&page=1&limit=12'),
  // Load more, 40 pages in (the demo has fewer: its last page, which is its first).
  e('plantations', 'asha', (i) =>
    i.deepCursor
      ? `/api/trees/geteventdetail?when=upcoming&cursor=${encodeURIComponent(i.deepCursor)}&limit=12`
      : '/api/trees/geteventdetail?when=upcoming&limit=12',
  ),
  e('plantations', 'asha', '/api/trees/geteventdetail?when=past&page=1&limit=12'),
  e('plantations', 'asha', '/api/trees/geteventdetail?when=upcoming&page=1&limit=12&country=IN'),
  e('plantations', 'asha', '/api/trees/geteventdetail?when=past&page=1&limit=12&q=mangrove'),
  // The Plantations map asks for its view: the world, then a city (as the trees map).
  e('plantations', 'asha', '/api/drives/map?when=upcoming&bbox=-180,-85,180,85&zoom=2'),
  e('plantations', 'asha', '/api/drives/map?when=upcoming&bbox=76.9,28.4,77.5,28.8&zoom=11'),
  e('my drives', 'asha', '/api/drives/mine?when=upcoming', 'paged'),
  e('my drives', 'asha', '/api/drives/mine?when=past', 'paged'),
  e('calendar', 'asha', calendar, twin('rahul', calendar)),
  e('drive', 'asha', (i) => `/api/drives/${i.pastDriveId}`),
  e('drive', 'asha', (i) => `/api/drives/${i.pastDriveId}/updates`),
  // The drive's four honest numbers (issue 21 §3): its trees on trees_drive_idx.
  e('drive', 'asha', (i) => `/api/drives/${i.pastDriveId}/four-numbers`),
  // Giving, forest, notifications, people.
  e('transactions', 'asha', '/api/donations?page=1&limit=20', 'paged'),
  // Billing's recurring gifts (issue 22): the member's gifts and their latest periods.
  e('billing', 'asha', '/api/donations/recurring'),
  e('my forest', 'asha', '/api/forest'),
  // The individual home (issue 23) asks for the trees waiting for their verification too.
  e('home', 'asha', '/api/trees/verification-queue?limit=20'),
  e('notifications', 'asha', '/api/notifications?page=1&limit=20'),
  e('people', 'asha', '/api/trees/user-profile?key=an'),
  e('people', 'asha', '/api/trees/user-profile?key=zzq'),
  e('profile', 'asha', (i) => `/api/users/${i.ashaId}/profile`),
  // A profile's drives and trees: asha's grow with her history; rahul's, the same on both.
  e(
    'profile',
    'asha',
    (i) => `/api/drives/member/${i.ashaId}`,
    twin('rahul', (i) => `/api/drives/member/${i.rahulId}`),
  ),
  e(
    'profile',
    'asha',
    (i) => `/api/trees/member/${i.ashaId}`,
    twin('rahul', (i) => `/api/trees/member/${i.rahulId}`),
  ),
  e('teams', 'asha', '/api/teams/mine'),
  // The corporate account.
  e(
    'corporate dashboard',
    'greenleaf',
    '/api/dashboard/corporate',
    twin('mataverde', '/api/dashboard/corporate'),
  ),
  // The corporate and nursery homes' "what's next": trees waiting for their verification.
  e('home', 'greenleaf', '/api/trees/verification-queue?limit=20'),
  // The impact report is a download: every drive of the period by design (a year of greenleaf's
  // is 559 rows at a million), streamed in keyset batches like the exports.
  e(
    'corporate dashboard',
    'greenleaf',
    () => `/api/reports/impact?from=${yearAgo()}&to=${today()}&format=csv`,
    'download',
  ),
  e('my drives', 'greenleaf', '/api/drives/mine?when=past', 'paged'),
  e('my drives', 'greenleaf', '/api/drives/mine?when=upcoming', 'paged'),
  e('drive', 'greenleaf', (i) => `/api/drives/${i.greenleafDriveId}/donations`),
  // The check-in desk (issue 21 §1): the drive's people with their attendance, and the organiser's pass.
  e('check-in', 'greenleaf', (i) => `/api/drives/${i.greenleafDriveId}/attendance`),
  e('drive', 'greenleaf', (i) => `/api/drives/${i.greenleafDriveId}/pass`),
  e('transactions', 'greenleaf', '/api/donations?page=1&limit=20', 'paged'),
  e('billing', 'greenleaf', '/api/donations/recurring'),
  e('team', 'greenleaf', (i) => `/api/teams/${i.greenleafId}/members?page=1`),
];
