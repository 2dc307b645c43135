import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DRIVE_UPDATE_PHOTO_FIELD,
  DRIVE_UPDATE_TEXT_FIELD,
  driveUpdateCreatedResponseSchema,
  driveUpdateListResponseSchema,
  type DriveUpdateForm,
} from '../../../contract/drive-updates';
import { apiRequest } from '../../lib/api-client';

/** Every field-update query starts here; a drive's list is under its id. */
export const driveUpdatesKey = ['drive-updates'] as const;
export const driveUpdateListKey = (driveId: string) => [...driveUpdatesKey, driveId] as const;

const updatesPath = (driveId: string) => `/api/drives/${encodeURIComponent(driveId)}/updates`;

/** One page of a drive's updates, newest first; `before` is the previous page's cursor. */
export function fetchDriveUpdates(driveId: string, before?: string, signal?: AbortSignal) {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return apiRequest(`${updatesPath(driveId)}${query}`, {
    schema: driveUpdateListResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The multipart body of a new update: the text and each photo under `photos`. */
export function updateFormData(values: DriveUpdateForm, photos: readonly File[]): FormData {
  const body = new FormData();
  body.append(DRIVE_UPDATE_TEXT_FIELD, values.text);
  for (const photo of photos) body.append(DRIVE_UPDATE_PHOTO_FIELD, photo, photo.name);
  return body;
}

export const postDriveUpdate = (driveId: string, body: FormData) =>
  apiRequest(updatesPath(driveId), {
    method: 'POST',
    body,
    schema: driveUpdateCreatedResponseSchema,
  });

/** A drive's updates, a page at a time ("Show older updates"); the first page says `canPost`. */
export function useDriveUpdates(driveId: string) {
  return useInfiniteQuery({
    queryKey: driveUpdateListKey(driveId),
    queryFn: ({ pageParam, signal }) => fetchDriveUpdates(driveId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Posts an update; the drive's list is read again, so the new one shows at the top. */
export function usePostDriveUpdate(driveId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) => postDriveUpdate(driveId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: driveUpdateListKey(driveId) }),
  });
}
