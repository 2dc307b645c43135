import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  forestVisibilityResponseSchema,
  publicForestResponseSchema,
  publicGiftResponseSchema,
  type ForestVisibilityBody,
} from '../../../contract/forest-sharing';
import { apiRequest, ApiError } from '../../lib/api-client';

/** The caller's sharing settings; the public pages have keys of their own. */
export const visibilityKey = ['forest-visibility'] as const;
const publicForestKey = (handle: string) => ['public-forest', handle] as const;
const publicGiftKey = (id: string) => ['public-gift', id] as const;

export const fetchVisibility = (signal?: AbortSignal) =>
  apiRequest('/api/forest/visibility', {
    schema: forestVisibilityResponseSchema,
    ...(signal ? { signal } : {}),
  }).then((answer) => answer.data);

/** Whether the caller's forest is public, and its handle. */
export function useForestVisibility() {
  return useQuery({ queryKey: visibilityKey, queryFn: ({ signal }) => fetchVisibility(signal) });
}

/** Makes the forest public with a handle, or private; refreshes the settings and the page. */
export function useSetForestVisibility() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ForestVisibilityBody) =>
      apiRequest('/api/forest/visibility', {
        method: 'PUT',
        body,
        schema: forestVisibilityResponseSchema,
      }),
    onSuccess: (answer) => client.setQueryData(visibilityKey, answer.data),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: visibilityKey });
      await client.invalidateQueries({ queryKey: ['public-forest'] });
    },
  });
}

/** A 404 is an answer here (private or unknown), not worth retrying. */
const retryUnlessMissing = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status === 404) && count < 2;

export function usePublicForest(handle: string) {
  return useQuery({
    queryKey: publicForestKey(handle),
    queryFn: ({ signal }) =>
      apiRequest(`/api/public/forests/${encodeURIComponent(handle)}`, {
        schema: publicForestResponseSchema,
        signal,
      }).then((answer) => answer.data),
    retry: retryUnlessMissing,
  });
}

export function usePublicGift(id: string) {
  return useQuery({
    queryKey: publicGiftKey(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/public/gifts/${encodeURIComponent(id)}`, {
        schema: publicGiftResponseSchema,
        signal,
      }).then((answer) => answer.data),
    retry: retryUnlessMissing,
  });
}
