import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { messageResponseSchema } from '../../../contract/common';
import {
  DRIVE_PAGE_SIZE,
  driveListResponseSchema,
  driveMapResponseSchema,
  myDrivesResponseSchema,
  participationResponseSchema,
  type DriveDetail,
  type DriveDetailResponse,
} from '../../../contract/drives';
import { driveFourNumbersResponseSchema } from '../../../contract/tree-figures';
import { apiDownload, apiRequest } from '../../lib/api-client';
import { driveDetailKey, driveDetailQuery, drivesKey } from '../../lib/queries/drives';
import { apiQuery, type DriveFilters, type DriveWhen } from './filters';

type ListFilters = Omit<DriveFilters, 'view'>;

export const driveListKey = (filters: ListFilters) => [...drivesKey, 'list', filters] as const;
/** What the map shows: its box (minLng, minLat, maxLng, maxLat) and zoom, which the server clusters by. */
export interface DriveMapView {
  bbox: [number, number, number, number];
  zoom: number;
}
export const driveMapKey = (filters: ListFilters, view: DriveMapView | null) =>
  [...drivesKey, 'map', filters, view] as const;

const drivePath = (id: string) => `/api/drives/${encodeURIComponent(id)}`;
const opt = (signal?: AbortSignal) => (signal ? { signal } : {});

/** A page of Plantations: the first (no cursor), or the one after an answer's `nextCursor`. */
export const fetchDrives = (filters: ListFilters, cursor: string | null, signal?: AbortSignal) =>
  apiRequest(
    `/api/trees/geteventdetail?${apiQuery(
      { ...filters, view: 'list' },
      cursor ? { cursor, limit: DRIVE_PAGE_SIZE } : { page: 1, limit: DRIVE_PAGE_SIZE },
    )}`,
    { schema: driveListResponseSchema, ...opt(signal) },
  );
/** The drives map for the map's view: clusters below a street zoom, the drives closer in. */
export const fetchDriveMap = (filters: ListFilters, view: DriveMapView, signal?: AbortSignal) =>
  apiRequest(
    // The box's commas stay readable (the server reads them either way).
    `/api/drives/map?${apiQuery({ ...filters, view: 'map' }, { bbox: view.bbox.join(','), zoom: view.zoom }).replaceAll('%2C', ',')}`,
    { schema: driveMapResponseSchema, ...opt(signal) },
  );
export const postJoin = (id: string) =>
  apiRequest(`${drivePath(id)}/participants`, {
    method: 'POST',
    schema: participationResponseSchema,
  });
export const deleteLeave = (id: string) =>
  apiRequest(`${drivePath(id)}/participants`, {
    method: 'DELETE',
    schema: participationResponseSchema,
  });
export const deleteDrive = (id: string) =>
  apiRequest(drivePath(id), { method: 'DELETE', schema: messageResponseSchema });
export const downloadDriveIcs = (drive: Pick<DriveDetail, 'id' | 'driveName'>) =>
  apiDownload(`${drivePath(drive.id)}/ics`, `${slug(drive.driveName) || 'drive'}.ics`);

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/**
 * Plantations, one page at a time ("Load more"); the previous results stay while filters change.
 * Each next page follows the last answer's cursor (keyset: as quick at page 400 as at page 2, and
 * drives added meanwhile are neither repeated nor skipped), never a page number.
 */
export function useDriveList(filters: ListFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: driveListKey(filters),
    queryFn: ({ pageParam, signal }) => fetchDrives(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * The drives and clusters in the map's view; waits for the map to say its view. While the next
 * view or filter loads, the previous answer stays on the map.
 */
export function useDriveMap(filters: ListFilters, view: DriveMapView | null, enabled = true) {
  return useQuery({
    queryKey: driveMapKey(filters, view),
    queryFn: ({ signal }) => fetchDriveMap(filters, view!, signal),
    placeholderData: keepPreviousData,
    enabled: enabled && view !== null,
  });
}

export function useDrive(id: string | undefined) {
  return useQuery({
    ...driveDetailQuery(id ?? ''),
    enabled: Boolean(id),
    select: (response) => response.data,
  });
}

/** The drive's four honest numbers (issue 21 §3): its trees funded, planted, alive, verified. */
export function useDriveFourNumbers(id: string) {
  return useQuery({
    queryKey: [...driveDetailKey(id), 'four-numbers'] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/api/drives/${encodeURIComponent(id)}/four-numbers`, {
        schema: driveFourNumbersResponseSchema,
        signal,
      }),
    select: (response) => response.data,
  });
}

/** One list of My Plantations. */
export type MyDrivesPart = 'organised' | 'joined';
export const myDrivesPageKey = (when: DriveWhen, part: MyDrivesPart) =>
  [...drivesKey, 'mine-pages', when, part] as const;

/** A page of one My Plantations list: the first (no cursor), or the one after `cursor`. */
export const fetchMyDrives = (
  when: DriveWhen,
  part: MyDrivesPart,
  cursor: string | null,
  signal?: AbortSignal,
) =>
  apiRequest(
    `/api/drives/mine?${new URLSearchParams({ when, part, ...(cursor ? { cursor } : {}) })}`,
    { schema: myDrivesResponseSchema, ...opt(signal) },
  );

/**
 * One list of My Plantations a page at a time ("Load more"), each page after the last answer's
 * cursor for that list (keyset: as quick deep down as at the top).
 */
export function useMyDrives(when: DriveWhen, part: MyDrivesPart, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: myDrivesPageKey(when, part),
    queryFn: ({ pageParam, signal }) => fetchMyDrives(when, part, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor?.[part] ?? undefined,
  });
}

/** Join or leave: the new count shows at once, then every drive list (and the calendar) refreshes. */
function useParticipation(request: (id: string) => ReturnType<typeof postJoin>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer, id) => {
      queryClient.setQueryData<DriveDetailResponse>(driveDetailKey(id), (old) =>
        old ? { ...old, data: { ...old.data, ...answer.data } } : old,
      );
    },
    // A refusal (say the drive has just started) also means our copy is out of date. Not awaited:
    // the buttons come back as soon as the answer is in.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: drivesKey }),
  });
}

export const useJoinDrive = () => useParticipation(postJoin);
export const useLeaveDrive = () => useParticipation(deleteLeave);

export function useDeleteDrive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDrive,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: driveDetailKey(id) });
      void queryClient.invalidateQueries({ queryKey: drivesKey });
    },
  });
}
