import { queryOptions } from '@tanstack/react-query';
import { reservationListResponseSchema } from '../../../contract/nursery';
import { apiRequest } from '../api-client';
import { reservationsKey } from './keys';

export { reservationsKey };
export const driveReservationsKey = (driveId: string) =>
  [...reservationsKey, 'drive', driveId] as const;

/** A drive's reservations (the first 100: a drive has a handful). */
export const driveReservationsQuery = (driveId: string) =>
  queryOptions({
    queryKey: driveReservationsKey(driveId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/drives/${encodeURIComponent(driveId)}/reservations?limit=100`, {
        schema: reservationListResponseSchema,
        signal,
      }),
  });
