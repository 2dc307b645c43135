import {
  keepPreviousData,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { messageResponseSchema } from '../../../contract/common';
import type { Drive, MyDrivesResponse } from '../../../contract/drives';
import {
  careDueResponseSchema,
  careLogResponseSchema,
  careResponseSchema,
  growthResponseSchema,
  healthResponseSchema,
  measurementResponseSchema,
  replantingResponseSchema,
  type CareRequest,
  type HealthRequest,
} from '../../../contract/tree-care';
import {
  registeredTreesResponseSchema,
  treeMapResponseSchema,
  treeResponseSchema,
  TREES_PAGE_SIZE,
  type Tree,
  type TreeResponse,
  type TreeStatus,
} from '../../../contract/trees';
import { ApiError, apiDownload, apiRequest } from '../../lib/api-client';
import { myDrivesQuery } from '../../lib/queries/drives';
import { driveReservationsQuery } from '../../lib/queries/reservations';

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

/** At most this many pages of my trees are read (10,000 records, the export's limit too). */
const MAX_PAGES = 100;

const opt = (signal?: AbortSignal) => (signal ? { signal } : {});
const treePath = (id: string) => `/api/trees/${encodeURIComponent(id)}`;

/** All my trees, newest first (every page, so filters see them all). */
export async function fetchMyTrees(signal?: AbortSignal): Promise<Tree[]> {
  const trees: Tree[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await apiRequest(
      `/api/trees/registeredtree?page=${page}&limit=${TREES_PAGE_SIZE}`,
      { schema: registeredTreesResponseSchema, ...opt(signal) },
    );
    trees.push(...answer.data);
    if (answer.data.length === 0 || trees.length >= answer.total) break;
  }
  return trees;
}
export const fetchTree = (id: string, signal?: AbortSignal) =>
  apiRequest(treePath(id), { schema: treeResponseSchema, ...opt(signal) });
export const fetchGrowth = (id: string, signal?: AbortSignal) =>
  apiRequest(`${treePath(id)}/growth`, { schema: growthResponseSchema, ...opt(signal) });
export const fetchCareLog = (id: string, signal?: AbortSignal) =>
  apiRequest(`${treePath(id)}/care`, { schema: careLogResponseSchema, ...opt(signal) });
export const fetchCareDue = (signal?: AbortSignal) =>
  apiRequest('/api/trees/care-due', { schema: careDueResponseSchema, ...opt(signal) });
export const fetchReplanting = (signal?: AbortSignal) =>
  apiRequest('/api/trees/replanting', { schema: replantingResponseSchema, ...opt(signal) });
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

/** The drives I organised or joined, upcoming and past, newest first, each once. */
type MyDrivesData = MyDrivesResponse['data'];

export function driveChoices(answers: readonly MyDrivesData[]): Drive[] {
  const byId = new Map<string, Drive>();
  for (const answer of answers)
    for (const drive of [...answer.organised, ...answer.joined]) byId.set(drive.id, drive);
  return [...byId.values()].sort((a, b) => b.driveDate.localeCompare(a.driveDate));
}

export const postTree = (body: FormData) =>
  apiRequest('/api/trees', { method: 'POST', body, schema: treeResponseSchema });
export const patchTree = (id: string, body: FormData) =>
  apiRequest(treePath(id), { method: 'PATCH', body, schema: treeResponseSchema });
export const deleteTree = (id: string) =>
  apiRequest(treePath(id), { method: 'DELETE', schema: messageResponseSchema });
/** JSON, or multipart when a photo goes with it. */
export const postMeasurement = (id: string, body: FormData | Record<string, unknown>) =>
  apiRequest(`${treePath(id)}/measurements`, {
    method: 'POST',
    body,
    schema: measurementResponseSchema,
  });
export const postCare = (id: string, body: CareRequest) =>
  apiRequest(`${treePath(id)}/care`, { method: 'POST', body, schema: careResponseSchema });
export const postHealth = (id: string, body: HealthRequest) =>
  apiRequest(`${treePath(id)}/health`, { method: 'POST', body, schema: healthResponseSchema });

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

export function useMyTrees() {
  return useQuery({ queryKey: myTreesKey, queryFn: ({ signal }) => fetchMyTrees(signal) });
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

export function useCareDue() {
  return useQuery({
    queryKey: careDueKey,
    queryFn: ({ signal }) => fetchCareDue(signal),
    select: (response) => response.data,
  });
}

export function useReplanting(enabled = true) {
  return useQuery({
    queryKey: replantingKey,
    queryFn: ({ signal }) => fetchReplanting(signal),
    select: (response) => response.data,
    enabled,
  });
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

/** A drive's delivered sapling reservations: what a tree registered there can say it came from. */
export function useDeliveredReservations(driveId: string) {
  return useQuery({
    ...driveReservationsQuery(driveId),
    select: (answer) => answer.data.filter((reservation) => reservation.status === 'delivered'),
    enabled: driveId !== '',
  });
}

type MyDrivesResult = UseQueryResult<MyDrivesData>;
const selectMyDrives = (answer: MyDrivesResponse) => answer.data;
// Module-level, so TanStack Query keeps the combined result until one of the answers changes.
const combineDriveChoices = (results: MyDrivesResult[]) => ({
  data: results.every((r) => r.data) ? driveChoices(results.map((r) => r.data!)) : undefined,
  isPending: results.some((r) => r.isPending),
  isError: results.some((r) => r.isError),
});

/**
 * The drives a tree can be linked to: My Plantations' own queries (upcoming and past, one cache),
 * so joining, leaving or editing a drive anywhere shows up in the choice at once.
 */
export function useDriveChoices() {
  return useQueries({
    queries: (['upcoming', 'past'] as const).map((when) => ({
      ...myDrivesQuery(when),
      select: selectMyDrives,
      staleTime: 60_000,
    })),
    combine: combineDriveChoices,
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

export const useRegisterTree = () => useTreeChange(postTree, (answer) => answer.data.tree);
export const useUpdateTree = (id: string) =>
  useTreeChange(
    (body: FormData) => patchTree(id, body),
    (answer) => answer.data.tree,
  );
export const useAddMeasurement = (id: string) =>
  useTreeChange(
    (body: FormData | Record<string, unknown>) => postMeasurement(id, body),
    (answer) => answer.data.tree,
  );
export const useLogCare = () =>
  useTreeChange(
    ({ id, body }: { id: string; body: CareRequest }) => postCare(id, body),
    () => undefined,
  );
export const useReportHealth = (id: string) =>
  useTreeChange(
    (body: HealthRequest) => postHealth(id, body),
    (answer) => answer.data.tree,
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
