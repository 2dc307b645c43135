import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  markReadResponseSchema,
  notificationListResponseSchema,
  NOTIFICATIONS_PAGE_SIZE,
  unreadCountResponseSchema,
} from '../../../contract/notifications';
import { apiRequest } from '../../lib/api-client';

export const notificationsKey = ['notifications'] as const;
export const unreadCountKey = ['notifications', 'unread'] as const;
export const notificationListKey = ['notifications', 'list'] as const;

/** The bell polls this often, and also when the window regains focus. */
export const UNREAD_POLL_MS = 30_000;

export const fetchUnreadCount = () =>
  apiRequest('/api/notifications/unread-count', { schema: unreadCountResponseSchema });
export const fetchNotifications = (page: number, limit = NOTIFICATIONS_PAGE_SIZE) =>
  apiRequest(`/api/notifications?page=${page}&limit=${limit}`, {
    schema: notificationListResponseSchema,
  });
export const postMarkRead = (id: string) =>
  apiRequest(`/api/notifications/${encodeURIComponent(id)}/read`, {
    method: 'POST',
    schema: markReadResponseSchema,
  });
export const postMarkAllRead = () =>
  apiRequest('/api/notifications/read-all', { method: 'POST', schema: markReadResponseSchema });

/** How many notifications are unread, for the bell. */
export function useUnreadCount() {
  return useQuery({
    queryKey: unreadCountKey,
    queryFn: fetchUnreadCount,
    select: (answer) => answer.data.unread,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
}

/** Newest first, one page at a time ("Load more"). */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationListKey,
    queryFn: ({ pageParam }) => fetchNotifications(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    // The drawer opens to fresh news every time.
    staleTime: 0,
  });
}

/** The answer carries the new unread count: show it at once, then refresh the lists. */
function afterMarking(queryClient: QueryClient, unread: number) {
  queryClient.setQueryData(unreadCountKey, { success: true as const, data: { unread } });
  void queryClient.invalidateQueries({ queryKey: notificationsKey });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postMarkRead,
    onSuccess: (answer) => afterMarking(queryClient, answer.data.unread),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postMarkAllRead,
    onSuccess: (answer) => afterMarking(queryClient, answer.data.unread),
  });
}
