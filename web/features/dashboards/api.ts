import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { communityChartsResponseSchema } from '../../../contract/charts';
import {
  CARE_LIST,
  careDuePageResponseSchema,
  corporateDashboardResponseSchema,
  individualDashboardResponseSchema,
  type Period,
} from '../../../contract/dashboards';
import { driveListResponseSchema, myDrivesResponseSchema } from '../../../contract/drives';
import { apiDownload, apiRequest } from '../../lib/api-client';

/** Every dashboard query starts here. */
export const dashboardsKey = ['dashboards'] as const;
export const individualKey = [...dashboardsKey, 'individual'] as const;
export const corporateKey = (organisation: string | undefined, period: Period | null) =>
  [
    ...dashboardsKey,
    'corporate',
    organisation ?? '',
    period?.from ?? '',
    period?.to ?? '',
  ] as const;
export const chartsKey = ['community-charts'] as const;
/** The home's next drive and drives to join (under the dashboards key: any change refreshes them). */
export const nextDrivesKey = [...dashboardsKey, 'next-drives'] as const;
export const drivesToJoinKey = [...dashboardsKey, 'drives-to-join'] as const;
/** How many upcoming drives the home offers to a member with none of their own. */
export const DRIVES_TO_JOIN = 3;
/** The care list's "Show more" pages (under the dashboards key: mutations refresh them too). */
export const careMoreKey = [...dashboardsKey, 'care-due'] as const;

const opt = (signal?: AbortSignal) => (signal ? { signal } : {});
/** `from=&to=&organisation=…`, leaving out what is not chosen (the API's defaults apply). */
function organisationQuery(params: Record<string, string>, organisation?: string) {
  const query = new URLSearchParams(params);
  if (organisation) query.set('organisation', organisation);
  return query.toString();
}
function dashboardQuery(period: Period | null, organisation?: string) {
  const text = organisationQuery(period ? { from: period.from, to: period.to } : {}, organisation);
  return text ? `?${text}` : '';
}

export const fetchIndividualDashboard = (signal?: AbortSignal) =>
  apiRequest('/api/dashboard/individual', {
    schema: individualDashboardResponseSchema,
    ...opt(signal),
  });
/** The care list's tasks after `after` (the dashboard's or the previous page's nextCursor). */
export const fetchCareDuePage = (after: string, signal?: AbortSignal) =>
  apiRequest(
    `/api/dashboard/care-due?${new URLSearchParams({ after, limit: String(CARE_LIST.pageSize) }).toString()}`,
    { schema: careDuePageResponseSchema, ...opt(signal) },
  );
export const fetchCorporateDashboard = (
  organisation: string | undefined,
  period: Period | null,
  signal?: AbortSignal,
) =>
  apiRequest(`/api/dashboard/corporate${dashboardQuery(period, organisation)}`, {
    schema: corporateDashboardResponseSchema,
    ...opt(signal),
  });
export const fetchCommunityCharts = (signal?: AbortSignal) =>
  apiRequest('/api/stats/charts', { schema: communityChartsResponseSchema, ...opt(signal) });

/**
 * The impact report of an organisation (the viewer's default when not named) as a file: it needs
 * the session header, so it is fetched and saved.
 */
export function downloadImpactReport(period: Period, format: 'pdf' | 'csv', organisation?: string) {
  return apiDownload(
    `/api/reports/impact?${organisationQuery({ ...period, format }, organisation)}`,
    `canopy-impact-${period.from}-to-${period.to}.${format}`,
  );
}

/**
 * A dashboard sums up everything the member does, so any change made from it (a care task done
 * with the trees feature's button) or elsewhere refreshes it: every successful mutation marks
 * the dashboards stale.
 */
function useRefreshAfterChanges() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success')
          void queryClient.invalidateQueries({ queryKey: dashboardsKey });
      }),
    [queryClient],
  );
}

export function useIndividualDashboard() {
  useRefreshAfterChanges();
  return useQuery({
    queryKey: individualKey,
    queryFn: ({ signal }) => fetchIndividualDashboard(signal),
    select: (answer) => answer.data,
  });
}

/**
 * The care list's further pages, from `after` (the dashboard's first nextCursor) once `open`:
 * "Show more" opens it and asks for each next page. Pages keep their positions when a change
 * refreshes them, so a task can show in both the dashboard's first tasks and a page: the list
 * drops repeats.
 */
export function useCareDueMore(after: string | null, open: boolean) {
  return useInfiniteQuery({
    queryKey: careMoreKey,
    queryFn: ({ pageParam, signal }) => fetchCareDuePage(pageParam, signal),
    initialPageParam: after ?? '',
    getNextPageParam: (last) => last.data.nextCursor ?? undefined,
    enabled: open && after !== null,
  });
}

/** An organisation's dashboard (the viewer's default organisation when none is named). */
export function useCorporateDashboard(organisation: string | undefined, period: Period | null) {
  useRefreshAfterChanges();
  return useQuery({
    queryKey: corporateKey(organisation, period),
    queryFn: ({ signal }) => fetchCorporateDashboard(organisation, period, signal),
    select: (answer) => answer.data,
    // A new period keeps the figures on screen while it loads; another organisation never shows these.
    placeholderData: (previous, query) =>
      query?.queryKey[2] === (organisation ?? '') ? previous : undefined,
  });
}

/**
 * The member's soonest upcoming drive they organise and the soonest they joined (the first of each
 * list of GET /api/drives/mine: two index ranges, one row each).
 */
export const fetchNextDrives = (signal?: AbortSignal) =>
  apiRequest('/api/drives/mine?when=upcoming&limit=1', {
    schema: myDrivesResponseSchema,
    ...opt(signal),
  });

/** The soonest upcoming drives anyone may join (the Plantations list's first page, shortened). */
export const fetchDrivesToJoin = (signal?: AbortSignal) =>
  apiRequest(`/api/trees/geteventdetail?when=upcoming&limit=${DRIVES_TO_JOIN}`, {
    schema: driveListResponseSchema,
    ...opt(signal),
  });

/** The member's next drive: the sooner of the first they organise and the first they joined. */
export function useNextDrive() {
  useRefreshAfterChanges();
  return useQuery({
    queryKey: nextDrivesKey,
    queryFn: ({ signal }) => fetchNextDrives(signal),
    select: (answer) =>
      [...answer.data.organised, ...answer.data.joined].sort((a, b) =>
        a.driveDate.localeCompare(b.driveDate),
      )[0] ?? null,
  });
}

/** Upcoming drives to join, asked for only when the member has none ahead (`enabled`). */
export function useDrivesToJoin(enabled: boolean) {
  return useQuery({
    queryKey: drivesToJoinKey,
    queryFn: ({ signal }) => fetchDrivesToJoin(signal),
    select: (answer) => answer.data,
    enabled,
  });
}

export function useCommunityCharts() {
  return useQuery({
    queryKey: chartsKey,
    queryFn: ({ signal }) => fetchCommunityCharts(signal),
    select: (answer) => answer.data,
    staleTime: 30_000,
  });
}
