import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { messageResponseSchema } from '../../../contract/common';
import { donationOptionsResponseSchema } from '../../../contract/donations';
import {
  driveChainResponseSchema,
  nurseryDashboardResponseSchema,
  reservationResponseSchema,
  stockListResponseSchema,
  stockResponseSchema,
  treeProvenanceResponseSchema,
  type CreateReservationRequest,
  type ReservationAction,
  type StockRequest,
  type StockUpdateRequest,
} from '../../../contract/nursery';
import { apiRequest } from '../../lib/api-client';
import { driveReservationsQuery, reservationsKey } from '../../lib/queries/reservations';

/** Every nursery query starts here: any stock or reservation change refreshes them all. */
export const nurseryKey = ['nursery'] as const;
const key = (...parts: unknown[]) => [...nurseryKey, ...parts] as const;
const opt = (signal?: AbortSignal) => (signal ? { signal } : {});

export interface StockSearch {
  species?: number | undefined;
  near?: { lat: number; lng: number } | undefined;
  radiusKm?: number | undefined;
  page?: number | undefined;
  /** A nearest-first answer's `nextCursor`: the lines after it. */
  after?: string | undefined;
  /** Lines per page: 50 for a nursery's own list, the API's 20 for a search near a drive. */
  limit?: number | undefined;
}

export function fetchStock(search: StockSearch & { scope?: 'mine' }, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (search.scope) params.set('scope', search.scope);
  if (search.species) params.set('species', String(search.species));
  if (search.near) params.set('near', `${search.near.lat},${search.near.lng}`);
  if (search.radiusKm) params.set('radiusKm', String(search.radiusKm));
  if (search.after) params.set('after', search.after);
  else params.set('page', String(search.page ?? 1));
  if (search.limit) params.set('limit', String(search.limit));
  return apiRequest(`/api/nursery/stock?${params}`, {
    schema: stockListResponseSchema,
    ...opt(signal),
  });
}

export const useMyStock = () =>
  useQuery({
    queryKey: key('stock', 'mine'),
    queryFn: ({ signal }) => fetchStock({ scope: 'mine', limit: 50 }, signal),
  });

/**
 * Stock near a point, nearest first whatever the distance (or within `radiusKm`), a page at a
 * time: "Show more" asks for the lines after the last one by its cursor (issue 23).
 */
export const useNearestStock = (search: Omit<StockSearch, 'after' | 'page'>) =>
  useInfiniteQuery({
    queryKey: key('stock', 'nearest', search),
    queryFn: ({ pageParam, signal }) => fetchStock({ ...search, after: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useNurseryDashboard = () =>
  useQuery({
    queryKey: key('dashboard'),
    queryFn: ({ signal }) =>
      apiRequest('/api/dashboard/nursery', {
        schema: nurseryDashboardResponseSchema,
        ...opt(signal),
      }).then((r) => r.data),
  });

/** A drive's reservations: the shared query the tree form reads too. */
export const useDriveReservations = (driveId: string) => useQuery(driveReservationsQuery(driveId));

export const useDriveChain = (driveId: string) =>
  useQuery({
    queryKey: key('drive', driveId, 'chain'),
    queryFn: ({ signal }) =>
      apiRequest(`/api/drives/${encodeURIComponent(driveId)}/chain`, {
        schema: driveChainResponseSchema,
        ...opt(signal),
      }).then((r) => r.data),
  });

export const useTreeProvenance = (treeId: string) =>
  useQuery({
    queryKey: key('tree', treeId, 'provenance'),
    queryFn: ({ signal }) =>
      apiRequest(`/api/trees/${encodeURIComponent(treeId)}/provenance`, {
        schema: treeProvenanceResponseSchema,
        ...opt(signal),
      }).then((r) => r.data),
  });

/** Mutations refresh every nursery query (stock, chain, dashboard) and every reservation list. */
function useNurseryMutation<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: nurseryKey }),
        client.invalidateQueries({ queryKey: reservationsKey }),
      ]),
  });
}

export const useSaveStock = () =>
  useNurseryMutation(({ id, body }: { id?: string; body: StockRequest | StockUpdateRequest }) =>
    apiRequest(id ? `/api/nursery/stock/${encodeURIComponent(id)}` : '/api/nursery/stock', {
      method: id ? 'PATCH' : 'POST',
      body,
      schema: stockResponseSchema,
    }),
  );

export const useDeleteStock = () =>
  useNurseryMutation((id: string) =>
    apiRequest(`/api/nursery/stock/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      schema: messageResponseSchema,
    }),
  );

export const useReserve = (driveId: string) =>
  useNurseryMutation((body: CreateReservationRequest) =>
    apiRequest(`/api/drives/${encodeURIComponent(driveId)}/reservations`, {
      method: 'POST',
      body,
      schema: reservationResponseSchema,
    }),
  );

export const useReservationAction = () =>
  useNurseryMutation(({ id, action }: { id: string; action: ReservationAction }) =>
    apiRequest(`/api/nursery/reservations/${encodeURIComponent(id)}/${action}`, {
      method: 'POST',
      schema: reservationResponseSchema,
    }),
  );

/** The donation currency: sapling prices are in it (from the donation options). */
export const useCurrency = () =>
  useQuery({
    queryKey: key('currency'),
    queryFn: ({ signal }) =>
      apiRequest('/api/donations/options', {
        schema: donationOptionsResponseSchema,
        ...opt(signal),
      }).then((r) => r.data.currency),
    staleTime: Infinity,
  });
