import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { driveSummaryColumns, participantsOf } from './drive-summaries.repository';

/** Where a page of an organiser's drives starts: after this drive in (starts_at, id) order. */
export interface OrganisedDriveKey {
  startsAt: string;
  id: string;
}

/** An organiser's drives by keyset pages in start order (organised-drive-pages.ts). */
export function organisedDrivePagesRepository(db: Kysely<Database>) {
  return {
    /**
     * The organiser's drives starting in [from, before) (either end open) after `after` (from the
     * first when null), oldest first by (starts_at, id), at most `limit`, each with its sign-ups:
     * one range of drives_organizer_idx (organizer_id, starts_at, id) from the key to the page.
     */
    drivesAfter: (
      organiserId: string,
      range: { from?: string | undefined; before?: string | undefined },
      after: OrganisedDriveKey | null,
      limit: number,
    ) =>
      db
        .selectFrom('drives')
        .select([...driveSummaryColumns, participantsOf().as('participants')])
        .where('drives.organizer_id', '=', organiserId)
        .$if(range.from !== undefined, (q) => q.where('drives.starts_at', '>=', range.from!))
        .$if(range.before !== undefined, (q) => q.where('drives.starts_at', '<', range.before!))
        .$if(after !== null, (q) =>
          q.where((eb) =>
            eb(
              eb.refTuple('drives.starts_at', 'drives.id'),
              '>',
              eb.tuple(after!.startsAt, after!.id),
            ),
          ),
        )
        .orderBy('drives.starts_at')
        .orderBy('drives.id')
        .limit(limit)
        .execute(),
  };
}
