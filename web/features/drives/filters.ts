import { COUNTRIES } from '../../../contract/countries';

export type DriveWhen = 'upcoming' | 'past';
export type DriveView = 'list' | 'map';

/** The Plantations filters as they sit in the address bar (so Back and refresh keep them). */
export interface DriveFilters {
  when: DriveWhen;
  view: DriveView;
  country: string;
  /** YYYY-MM-DD, or empty. */
  from: string;
  to: string;
  q: string;
}

export const DEFAULT_FILTERS: DriveFilters = {
  when: 'upcoming',
  view: 'list',
  country: '',
  from: '',
  to: '',
  q: '',
};

/** The server refuses longer search text. */
export const SEARCH_MAX = 100;
/** The message key (drives namespace) of a range the server would refuse. */
export const RANGE_ERROR = 'filters.rangeError';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const countryCodes = new Set(COUNTRIES.map((c) => c.value));
const validDay = (value: string | null) =>
  value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : '';

/** Reads the filters from a query string; anything hand-edited and invalid falls back to its default. */
export function parseFilters(params: URLSearchParams): DriveFilters {
  const country = (params.get('country') ?? '').toUpperCase();
  return {
    when: params.get('when') === 'past' ? 'past' : 'upcoming',
    view: params.get('view') === 'map' ? 'map' : 'list',
    country: countryCodes.has(country) ? country : '',
    from: validDay(params.get('from')),
    to: validDay(params.get('to')),
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
  };
}

/** The query string for the filters, leaving defaults out so a plain visit has a clean address. */
export function filtersToParams(filters: DriveFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['when', 'view', 'country', 'from', 'to', 'q'] as const) {
    const value = filters[key].trim();
    if (value && value !== DEFAULT_FILTERS[key]) params.set(key, value);
  }
  return params;
}

/** A date range the server would refuse (start after end); the list waits until it is fixed. */
export const rangeError = (filters: Pick<DriveFilters, 'from' | 'to'>) =>
  filters.from && filters.to && filters.from > filters.to ? RANGE_ERROR : undefined;

/** Whether anything narrows the list (for "Clear filters" and the empty-state wording). */
export const hasNarrowing = (filters: DriveFilters) =>
  Boolean(filters.country || filters.from || filters.to || filters.q);

/** The API query string for list and map: only the filters that are set. */
export function apiQuery(filters: DriveFilters, extra: Record<string, string | number> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  params.set('when', filters.when);
  if (filters.country) params.set('country', filters.country);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.q) params.set('q', filters.q);
  return params.toString();
}
