import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

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
        .select((eb) => [
          'drives.id',
          'drives.name',
          'drives.starts_at',
          'drives.duration_hours',
          'drives.location_text',
          'drives.country',
          'drives.time_zone',
          eb
            .selectFrom('drive_participants as p')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('p.drive_id', '=', 'drives.id')
            .as('participants'),
        ])
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
