import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Drive, MyDrivesResponse } from '../../../contract/drives';
import { myDrivesQuery } from '../../lib/queries/drives';
import { driveReservationsQuery } from '../../lib/queries/reservations';

/*
 * The tree form's choices of drive and sapling reservation, apart from api.ts: My Trees and the
 * other tree screens then do not build the drive and nursery schemas on a first load (issue 20).
 */

type MyDrivesData = MyDrivesResponse['data'];

/** The drives I organised or joined, upcoming and past, newest first, each once. */
export function driveChoices(answers: readonly MyDrivesData[]): Drive[] {
  const byId = new Map<string, Drive>();
  for (const answer of answers)
    for (const drive of [...answer.organised, ...answer.joined]) byId.set(drive.id, drive);
  return [...byId.values()].sort((a, b) => b.driveDate.localeCompare(a.driveDate));
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
