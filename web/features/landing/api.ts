import { useMutation, useQuery } from '@tanstack/react-query';
import {
  newsletterSubscribeResponseSchema,
  type NewsletterSubscribeRequest,
  type NewsletterSubscribeResponse,
} from '../../../contract/newsletter';
import { statsResponseSchema, type ImpactStats } from '../../../contract/stats';
import { apiRequest } from '../../lib/api-client';

export const impactStatsQueryKey = ['stats', 'impact'] as const;

/** GET /api/stats: the community's live impact figures. */
export async function fetchImpactStats(signal?: AbortSignal): Promise<ImpactStats> {
  const response = await apiRequest('/api/stats', { schema: statsResponseSchema, signal });
  return response.data;
}

export function useImpactStats() {
  return useQuery({
    queryKey: impactStatsQueryKey,
    queryFn: ({ signal }) => fetchImpactStats(signal),
    // The server caches the figures for 30 s; asking more often gains nothing.
    staleTime: 60_000,
  });
}

/** POST /api/newsletter: idempotent, answers with the message to show. */
export function subscribeToNewsletter(request: NewsletterSubscribeRequest): Promise<NewsletterSubscribeResponse> {
  return apiRequest('/api/newsletter', {
    method: 'POST',
    body: request,
    schema: newsletterSubscribeResponseSchema,
  });
}

export function useSubscribeNewsletter() {
  return useMutation<NewsletterSubscribeResponse, Error, NewsletterSubscribeRequest>({
    mutationFn: subscribeToNewsletter,
  });
}
