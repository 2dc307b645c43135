import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { communityChartsResponseSchema } from '../../../contract/charts';
import {
  corporateDashboardResponseSchema,
  individualDashboardResponseSchema,
  type Period,
} from '../../../contract/dashboards';
import { apiDownload, apiRequest } from '../../lib/api-client';

/** Every dashboard query starts here. */
export const dashboardsKey = ['dashboards'] as const;
export const individualKey = [...dashboardsKey, 'individual'] as const;
export const corporateKey = (period: Period | null) =>
  [...dashboardsKey, 'corporate', period?.from ?? '', period?.to ?? ''] as const;
export const chartsKey = ['community-charts'] as const;

const opt = (signal?: AbortSignal) => (signal ? { signal } : {});
const periodQuery = (period: Period | null) =>
  period ? `?${new URLSearchParams({ from: period.from, to: period.to }).toString()}` : '';

export const fetchIndividualDashboard = (signal?: AbortSignal) =>
  apiRequest('/api/dashboard/individual', {
    schema: individualDashboardResponseSchema,
    ...opt(signal),
  });
export const fetchCorporateDashboard = (period: Period | null, signal?: AbortSignal) =>
  apiRequest(`/api/dashboard/corporate${periodQuery(period)}`, {
    schema: corporateDashboardResponseSchema,
    ...opt(signal),
  });
export const fetchCommunityCharts = (signal?: AbortSignal) =>
  apiRequest('/api/stats/charts', { schema: communityChartsResponseSchema, ...opt(signal) });

/** The impact report as a file (it needs the session header, so it is fetched and saved). */
export const downloadImpactReport = (period: Period, format: 'pdf' | 'csv') =>
  apiDownload(
    `/api/reports/impact?${new URLSearchParams({ ...period, format }).toString()}`,
    `canopy-impact-${period.from}-to-${period.to}.${format}`,
  );

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

export function useCorporateDashboard(period: Period | null) {
  useRefreshAfterChanges();
  return useQuery({
    queryKey: corporateKey(period),
    queryFn: ({ signal }) => fetchCorporateDashboard(period, signal),
    select: (answer) => answer.data,
    placeholderData: (previous) => previous,
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
