import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { myDrivesQuerySchema } from '../../../contract/drives';
import { driveDetailResponseSchema, myDrivesResponseSchema } from '../../../contract/drives';
import { ApiError, apiRequest } from '../api-client';
import { drivesKey } from './keys';

export { drivesKey };
export const driveDetailKey = (id: string) => [...drivesKey, 'detail', id] as const;
export const myDrivesKey = (when: DriveWhen) => [...drivesKey, 'mine', when] as const;

export type DriveWhen = z.output<typeof myDrivesQuerySchema>['when'];

/** An unknown, deleted or malformed id: show "not found" rather than retrying. */
export const isMissingDrive = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** One drive (the detail page, the donate form's chosen drive…); a missing one is not retried. */
export const driveDetailQuery = (id: string) =>
  queryOptions({
    queryKey: driveDetailKey(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/drives/${encodeURIComponent(id)}`, {
        schema: driveDetailResponseSchema,
        signal,
      }),
    retry: (failures, error) => !isMissingDrive(error) && failures < 1,
  });

/** The most drives of each list the tree form offers (the API's largest page). */
const MY_DRIVES_CHOICE = 100;

/**
 * The drives I organised or joined, upcoming or past, for the tree form's choice: the latest 100
 * of each list (My Plantations pages its lists itself).
 */
export const myDrivesQuery = (when: DriveWhen) =>
  queryOptions({
    queryKey: myDrivesKey(when),
    queryFn: ({ signal }) =>
      apiRequest(`/api/drives/mine?when=${when}&limit=${MY_DRIVES_CHOICE}`, {
        schema: myDrivesResponseSchema,
        signal,
      }),
  });
