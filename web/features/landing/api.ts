import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  NewsletterSubscribeRequest,
  NewsletterSubscribeResponse,
} from '../../../contract/newsletter';
import type * as NewsletterContract from '../../../contract/newsletter';
import type { ImpactStats } from '../../../contract/stats';
import type * as StatsContract from '../../../contract/stats';
import type { PublicTreeMapQuery, ShowcaseDrive } from '../../../contract/landing';
import type * as LandingContract from '../../../contract/landing';
import type { PublicTestimonial } from '../../../contract/testimonials';
import type * as TestimonialsContract from '../../../contract/testimonials';
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

/** The landing page's other public answers' schemas, loaded on first use like the ones above. */
let lifeContracts: Promise<[typeof LandingContract, typeof TestimonialsContract]> | undefined;
function loadLifeContracts() {
  lifeContracts ??= Promise.all([
    import('../../../contract/landing'),
    import('../../../contract/testimonials'),
  ]).catch((error: unknown) => {
    lifeContracts = undefined;
    throw error;
  });
  return lifeContracts;
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

/** GET /api/drives/newest: the next drives to start, then the latest past ones (public). */
export async function fetchShowcaseDrives(signal?: AbortSignal): Promise<ShowcaseDrive[]> {
  const [{ showcaseDrivesResponseSchema }] = await loadLifeContracts();
  return (await apiRequest('/api/drives/newest', { schema: showcaseDrivesResponseSchema, signal }))
    .data;
}

export function useShowcaseDrives() {
  return useQuery({
    queryKey: ['landing', 'drives'],
    queryFn: ({ signal }) => fetchShowcaseDrives(signal),
    staleTime: 60_000,
  });
}

/** GET /api/testimonials: the newest testimonials members chose to show (public). */
export async function fetchTestimonials(signal?: AbortSignal): Promise<PublicTestimonial[]> {
  const [, { testimonialsResponseSchema }] = await loadLifeContracts();
  return (await apiRequest('/api/testimonials', { schema: testimonialsResponseSchema, signal }))
    .data;
}

export function useTestimonials() {
  return useQuery({
    queryKey: ['landing', 'testimonials'],
    queryFn: ({ signal }) => fetchTestimonials(signal),
    staleTime: 60_000,
  });
}

/** GET /api/trees/public-map: trees as counts in coarse cells, places rounded (public). */
export async function fetchPublicTreeMap(view: PublicTreeMapQuery, signal?: AbortSignal) {
  const [{ publicTreeMapResponseSchema }] = await loadLifeContracts();
  const params = new URLSearchParams();
  if (view.bbox) params.set('bbox', String(view.bbox));
  if (view.zoom !== undefined) params.set('zoom', String(view.zoom));
  return apiRequest(`/api/trees/public-map?${params.toString()}`, {
    schema: publicTreeMapResponseSchema,
    signal,
  });
}

export function usePublicTreeMap(view: { bbox: readonly number[]; zoom: number } | undefined) {
  return useQuery({
    queryKey: ['landing', 'tree-map', view?.bbox.map((v) => v.toFixed(2)).join(','), view?.zoom],
    queryFn: ({ signal }) =>
      fetchPublicTreeMap({ bbox: view!.bbox.join(','), zoom: view!.zoom }, signal),
    enabled: view !== undefined,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}
