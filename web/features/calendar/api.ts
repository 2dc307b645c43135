import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarFeedResponseSchema, calendarResponseSchema } from '../../../contract/drives';
import { apiRequest } from '../../lib/api-client';
import { drivesKey } from '../../lib/queries/drives';

// Under drivesKey: joining, leaving or editing a drive refreshes the calendar too.
export const calendarEventsKey = (from: string, to: string) =>
  [...drivesKey, 'calendar', from, to] as const;
export const calendarFeedKey = ['calendar', 'feed'] as const;

export const fetchCalendar = (from: string, to: string, signal?: AbortSignal) =>
  apiRequest(`/api/drives/calendar?from=${from}&to=${to}`, {
    schema: calendarResponseSchema,
    ...(signal ? { signal } : {}),
  });
export const fetchFeed = () =>
  apiRequest('/api/calendar/feed', { schema: calendarFeedResponseSchema });
export const postRotateFeed = () =>
  apiRequest('/api/calendar/feed/rotate', { method: 'POST', schema: calendarFeedResponseSchema });

/** My drives (organised and joined) starting between two days. */
export function useCalendarEvents(from: string, to: string) {
  return useQuery({
    queryKey: calendarEventsKey(from, to),
    queryFn: ({ signal }) => fetchCalendar(from, to, signal),
    select: (answer) => answer.data,
    // The grid keeps the last month's drives faintly while the next month loads.
    placeholderData: keepPreviousData,
  });
}

/** My personal iCal feed address. */
export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: fetchFeed,
    select: (answer) => answer.data.url,
  });
}

/** A new feed address; the old one stops working at once. */
export function useRotateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRotateFeed,
    onSuccess: (answer) => queryClient.setQueryData(calendarFeedKey, answer),
  });
}
