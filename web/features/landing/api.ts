import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  NewsletterSubscribeRequest,
  NewsletterSubscribeResponse,
} from '../../../contract/newsletter';
import type * as NewsletterContract from '../../../contract/newsletter';
import type { ImpactStats } from '../../../contract/stats';
import type * as StatsContract from '../../../contract/stats';
import { apiRequest } from '../../lib/api-client';

/*
 * The contract schemas (and zod with them, about 25 KB gzip) are loaded on first use rather than
 * bundled into the landing chunk: the page renders without them and they arrive alongside the
 * stats request, which keeps the landing page inside its 120 KB initial-JavaScript budget.
 */
let contracts: Promise<[typeof StatsContract, typeof NewsletterContract]> | undefined;
function loadContracts() {
  contracts ??= Promise.all([
    import('../../../contract/stats'),
    import('../../../contract/newsletter'),
  ]).catch((error: unknown) => {
    contracts = undefined; // A failed chunk load (e.g. offline) may be retried.
    throw error;
  });
  return contracts;
}

export const impactStatsQueryKey = ['stats', 'impact'] as const;

/** GET /api/stats: the community's live impact figures. */
export async function fetchImpactStats(signal?: AbortSignal): Promise<ImpactStats> {
  const [{ statsResponseSchema }] = await loadContracts();
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
export async function subscribeToNewsletter(
  request: NewsletterSubscribeRequest,
): Promise<NewsletterSubscribeResponse> {
  const [, { newsletterSubscribeResponseSchema }] = await loadContracts();
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
