import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { messageResponseSchema } from '../../../contract/common';
import {
  CARE_DUE_PAGE,
  careDueResponseSchema,
  careLogResponseSchema,
  careResponseSchema,
  growthResponseSchema,
  healthResponseSchema,
  measurementResponseSchema,
  REPLANTING_PAGE,
  replantingResponseSchema,
  type CareRequest,
  type HealthRequest,
} from '../../../contract/tree-care';
import {
  registeredTreesResponseSchema,
  treeMapResponseSchema,
  treeResponseSchema,
  MY_TREES_PAGE,
  type Tree,
  type TreeResponse,
  type TreeStatus,
} from '../../../contract/trees';
import { ApiError, apiDownload, apiRequest } from '../../lib/api-client';
import type { OutboxItem } from '../../lib/outbox/outbox-store';
import { outboxBody, SAVED_ON_PHONE, sendOrKeep } from '../../lib/outbox/use-outbox';
import { getSessionClaims } from '../../lib/session';

/** Every tree query starts here, so any change to a tree refreshes lists, tasks, maps and detail. */
export const treesKey = ['trees'] as const;
export const myTreesKey = [...treesKey, 'mine'] as const;
export const treeKey = (id: string) => [...treesKey, 'one', id] as const;
export const growthKey = (id: string) => [...treesKey, 'growth', id] as const;
export const careDueKey = [...treesKey, 'care-due'] as const;
export const careLogKey = (id: string) => [...treesKey, 'care-log', id] as const;
export const replantingKey = [...treesKey, 'replanting'] as const;
export const treeMapKey = (filters: TreeMapFilters, view: TreeMapView | null) =>
  [...treesKey, 'map', filters, view] as const;

export interface TreeMapFilters {
  species?: number | undefined;
  status?: TreeStatus | undefined;
}

/** What the map shows: its box (minLng, minLat, maxLng, maxLat) and zoom, which the server clusters by. */
export interface TreeMapView {
  bbox: [number, number, number, number];
  zoom: number;
}

const opt = (signal?: AbortSignal) => (signal ? { signal } : {});
const treePath = (id: string) => `/api/trees/${encodeURIComponent(id)}`;
const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();

/**
 * A page of my trees (of the filters), newest first: the first, or the one after `cursor` (the
 * previous page's nextCursor, read by keyset however deep).
 */
export const fetchMyTreesPage = (
  filters: TreeMapFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
) =>
  apiRequest(
    `/api/trees/registeredtree?${query({ limit: MY_TREES_PAGE, cursor, species: filters.species, status: filters.status })}`,
    { schema: registeredTreesResponseSchema, ...opt(signal) },
  );
export const fetchTree = (id: string, signal?: AbortSignal) =>
  apiRequest(treePath(id), { schema: treeResponseSchema, ...opt(signal) });
export const fetchGrowth = (id: string, signal?: AbortSignal) =>
  apiRequest(`${treePath(id)}/growth`, { schema: growthResponseSchema, ...opt(signal) });
export const fetchCareLog = (id: string, signal?: AbortSignal) =>
  apiRequest(`${treePath(id)}/care`, { schema: careLogResponseSchema, ...opt(signal) });
/** My care list: the first tasks with the totals, or the tasks after `after` ("Show more"). */
export const fetchCareDue = (after: string | undefined, signal?: AbortSignal) =>
  apiRequest(
    `/api/trees/care-due?${query({ after, limit: after ? CARE_DUE_PAGE.max : CARE_DUE_PAGE.size })}`,
    { schema: careDueResponseSchema, ...opt(signal) },
  );
/** One tree's tasks due now (the tree page). */
export const fetchTreeCareDue = (treeId: string, signal?: AbortSignal) =>
  apiRequest(`/api/trees/care-due?${query({ treeId })}`, {
    schema: careDueResponseSchema,
    ...opt(signal),
  });
export const fetchReplanting = (after: string | undefined, signal?: AbortSignal) =>
  apiRequest(`/api/trees/replanting?${query({ after, limit: REPLANTING_PAGE.size })}`, {
    schema: replantingResponseSchema,
    ...opt(signal),
  });
export function fetchTreeMap(filters: TreeMapFilters, view: TreeMapView, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filters.species) params.set('species', String(filters.species));
  if (filters.status) params.set('status', filters.status);
  params.set('bbox', view.bbox.join(','));
  params.set('zoom', String(view.zoom));
  // The box's commas stay readable (the server reads them either way).
  const query = params.toString().replaceAll('%2C', ',');
  return apiRequest(`/api/trees/map?${query}`, {
    schema: treeMapResponseSchema,
    ...opt(signal),
  });
}

export const postTree = (body: FormData, idempotencyKey?: string) =>
  apiRequest('/api/trees', {
    method: 'POST',
    body,
    schema: treeResponseSchema,
    idempotencyKey,
  });
export const patchTree = (id: string, body: FormData) =>
  apiRequest(treePath(id), { method: 'PATCH', body, schema: treeResponseSchema });
export const deleteTree = (id: string) =>
  apiRequest(treePath(id), { method: 'DELETE', schema: messageResponseSchema });
/** JSON, or multipart when a photo goes with it. */
export const postMeasurement = (
  id: string,
  body: FormData | Record<string, unknown>,
  idempotencyKey?: string,
) =>
  apiRequest(`${treePath(id)}/measurements`, {
    method: 'POST',
    body,
    schema: measurementResponseSchema,
    idempotencyKey,
  });
export const postCare = (id: string, body: CareRequest, idempotencyKey?: string) =>
  apiRequest(`${treePath(id)}/care`, {
    method: 'POST',
    body,
    schema: careResponseSchema,
    idempotencyKey,
  });
/** JSON, or multipart when a photo of what is wrong goes with it. */
export const postHealth = (id: string, body: HealthRequest | FormData, idempotencyKey?: string) =>
  apiRequest(`${treePath(id)}/health`, {
    method: 'POST',
    body,
    schema: healthResponseSchema,
    idempotencyKey,
  });

/** My trees as a file (it needs the session header, so it is fetched and saved, not linked). */
export const downloadTrees = (format: 'csv' | 'geojson') =>
  apiDownload(
    `/api/trees/export?format=${format}`,
    format === 'csv' ? 'canopy-trees.csv' : 'canopy-trees.geojson',
  );

/** An unknown or malformed id: say "not found" rather than retrying. */
export const isMissingTree = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

const noRetryWhenMissing = (failures: number, error: unknown) =>
  !isMissingTree(error) && failures < 1;

/**
 * My trees (of the filters), a page at a time: "Load more" asks for the next page by its cursor.
 * Any change to a tree refreshes the pages read so far (under treesKey).
 */
export function useMyTrees(filters: TreeMapFilters = {}) {
  return useInfiniteQuery({
    queryKey: [...myTreesKey, filters.species ?? null, filters.status ?? null],
    queryFn: ({ pageParam, signal }) => fetchMyTreesPage(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useTree(id: string | undefined) {
  return useQuery({
    queryKey: treeKey(id ?? ''),
    queryFn: ({ signal }) => fetchTree(id ?? '', signal),
    enabled: Boolean(id),
    retry: noRetryWhenMissing,
    select: (response) => response.data.tree,
  });
}

export function useTreeGrowth(id: string) {
  return useQuery({
    queryKey: growthKey(id),
    queryFn: ({ signal }) => fetchGrowth(id, signal),
    retry: noRetryWhenMissing,
    select: (response) => response.data,
  });
}

export function useCareLog(id: string) {
  return useQuery({
    queryKey: careLogKey(id),
    queryFn: ({ signal }) => fetchCareLog(id, signal),
    select: (response) => response.data,
  });
}

/**
 * My care list: the first tasks with the totals, then a page per "Show more" (keyset, in the same
 * order). Pages keep their positions when a change refreshes them, so the list drops repeats.
 */
export function useCareDue() {
  return useInfiniteQuery({
    queryKey: careDueKey,
    queryFn: ({ pageParam, signal }) => fetchCareDue(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The tasks due now for one of my trees (the tree page asks for that tree's only). */
export function useTreeCareDue(treeId: string) {
  return useQuery({
    queryKey: [...careDueKey, 'tree', treeId],
    queryFn: ({ signal }) => fetchTreeCareDue(treeId, signal),
    select: (response) => response.data,
  });
}

/** My replanting tasks, latest death first, a page at a time ("Show more"). */
export function useReplanting(enabled = true) {
  return useInfiniteQuery({
    queryKey: replantingKey,
    queryFn: ({ pageParam, signal }) => fetchReplanting(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

/** The items of an infinite list's pages, each once (a refreshed page may repeat an item). */
export function distinctItems<T>(
  pages: ReadonlyArray<{ data: T[] }> | undefined,
  key: (item: T) => string,
): T[] {
  const seen = new Set<string>();
  return (pages ?? []).flatMap((page) =>
    page.data.filter((item) => {
      const k = key(item);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    }),
  );
}

/**
 * The trees and clusters in the map's view; waits for the map to say its view. While the next
 * view or filter loads, the previous answer stays on the map.
 */
export function useTreeMap(filters: TreeMapFilters, view: TreeMapView | null) {
  return useQuery({
    queryKey: treeMapKey(filters, view),
    queryFn: ({ signal }) => fetchTreeMap(filters, view!, signal),
    enabled: view !== null,
    placeholderData: keepPreviousData,
  });
}

/** After any change to a tree: its copy is replaced at once, then every tree query refreshes. */
function useTreeChange<TInput, TAnswer>(
  request: (input: TInput) => Promise<TAnswer>,
  treeOf: (answer: TAnswer) => Tree | undefined,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      const tree = treeOf(answer);
      if (tree)
        queryClient.setQueryData<TreeResponse>(treeKey(tree.id), {
          success: true,
          data: { tree },
        });
      return queryClient.invalidateQueries({ queryKey: treesKey });
    },
  });
}

/** A field write's outcome: the server's answer, or kept on this phone to upload later. */
export type SentOrKept<T> = { sent: T } | { kept: OutboxItem };
const sentTree = (result: SentOrKept<{ data: { tree: Tree } }>) =>
  'sent' in result ? result.sent.data.tree : undefined;
/** What to tell the member: the server's words, or that it waits on this phone. */
export const outcomeMessage = (result: SentOrKept<{ message: string }>) =>
  'sent' in result ? result.sent.message : SAVED_ON_PHONE;

/** The member's id for the phone's queue (the session's own claims). */
const memberId = () => getSessionClaims()?.userId ?? '';

/** Register a tree; offline (or without an answer) it is kept on the phone (issue 24). */
export const useRegisterTree = () =>
  useTreeChange(
    ({ body, label }: { body: FormData; label: string }) =>
      sendOrKeep(
        { userId: memberId(), what: 'tree', label, path: '/api/trees', body: outboxBody(body) },
        (key) => postTree(body, key),
      ),
    sentTree,
  );
export const useUpdateTree = (id: string) =>
  useTreeChange(
    (body: FormData) => patchTree(id, body),
    (answer) => answer.data.tree,
  );
export const useAddMeasurement = (id: string, label: string) =>
  useTreeChange(
    (body: FormData | Record<string, unknown>) =>
      sendOrKeep(
        {
          userId: memberId(),
          what: 'measurement',
          label,
          path: `${treePath(id)}/measurements`,
          body: outboxBody(body),
        },
        (key) => postMeasurement(id, body, key),
      ),
    sentTree,
  );
export const useLogCare = () =>
  useTreeChange(
    ({ id, body, label }: { id: string; body: CareRequest; label: string }) =>
      sendOrKeep(
        {
          userId: memberId(),
          what: 'care',
          label,
          path: `${treePath(id)}/care`,
          body: outboxBody(body),
        },
        (key) => postCare(id, body, key),
      ),
    () => undefined,
  );
export const useReportHealth = (id: string, label: string) =>
  useTreeChange(
    (body: HealthRequest | FormData) =>
      sendOrKeep(
        {
          userId: memberId(),
          what: 'health',
          label,
          path: `${treePath(id)}/health`,
          body: outboxBody(body),
        },
        (key) => postHealth(id, body, key),
      ),
    sentTree,
  );

export function useDeleteTree() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTree,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: treeKey(id) });
      // Not awaited: the page that deleted it moves on at once.
      void queryClient.invalidateQueries({ queryKey: treesKey });
    },
  });
}
