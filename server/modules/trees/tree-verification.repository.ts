import { sql, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/tables';

/** Which side of the queue: trees by their drive, or by the reservation their saplings came from. */
export type QueueSide = 'drive_id' | 'reservation_id';

/** The last tree of a page: its side's key (drive or reservation id), registration and id. */
export interface QueueKey {
  key: string;
  createdAt: string;
  id: string;
}

export interface QueueRow {
  id: string;
  key: string;
  owner_id: string;
  drive_id: string | null;
  species_id: number;
  tree_count: number;
  planted_at: string;
  lat: number | null;
  lng: number | null;
  public_place: string | null;
  photo_file_id: string | null;
  measurement_photo_id: string | null;
  photo_distance_m: number | null;
  created_at: string;
}

/**
 * Trees waiting for a verifier (unverified, with a photo), keyed by `side`. The literals match
 * the partial indexes of 0048 (trees_verification_drive_idx, trees_verification_reservation_idx),
 * so both planners read only the waiting trees of the keys asked for.
 */
const waiting =
  (side: QueueSide, keys: readonly string[]) =>
  ({ eb, and }: ExpressionBuilder<Database, 'trees'>) =>
    and([
      eb(`trees.${side}`, 'in', keys),
      eb('trees.verification_status', '=', sql.lit('unverified')),
      eb('trees.last_photo_at', 'is not', null),
      eb(`trees.${side}`, 'is not', null),
    ]);

/** SQL of the verification: the verifiers' queue over `trees` (decisions go through `update`). */
export function treeVerificationRepository(db: Kysely<Database>) {
  return {
    /**
     * A page of the waiting trees of these keys (drives or reservations) after `after`, in
     * (key, registration, id) order: the partial index walked key by key.
     */
    waitingAfter: async (
      side: QueueSide,
      keys: readonly string[],
      after: QueueKey | null,
      limit: number,
    ): Promise<QueueRow[]> => {
      if (keys.length === 0) return [];
      const rows = await db
        .selectFrom('trees')
        .where(waiting(side, keys))
        .$if(after !== null, (q) =>
          q.where(
            sql<SqlBool>`(${sql.ref(`trees.${side}`)}, ${sql.ref('trees.created_at')}, ${sql.ref('trees.id')}) > (${after!.key}, ${after!.createdAt}, ${after!.id})`,
          ),
        )
        .select((eb) => [
          'trees.id',
          eb.ref(`trees.${side}`).$castTo<string>().as('key'),
          'trees.owner_id',
          'trees.drive_id',
          'trees.species_id',
          'trees.tree_count',
          'trees.planted_at',
          'trees.lat',
          'trees.lng',
          'trees.public_place',
          'trees.photo_file_id',
          'trees.photo_distance_m',
          'trees.created_at',
          // The measurement photo that is the tree's latest photo, if one is.
          eb
            .selectFrom('tree_measurements as m')
            .select('m.photo_file_id')
            .whereRef('m.tree_id', '=', 'trees.id')
            .where('m.photo_file_id', 'is not', null)
            .whereRef('m.created_at', '=', 'trees.last_photo_at')
            .limit(1)
            .as('measurement_photo_id'),
        ])
        .orderBy(`trees.${side}`)
        .orderBy('trees.created_at')
        .orderBy('trees.id')
        .limit(limit)
        .execute();
      return rows as QueueRow[];
    },

    /** How many trees of these keys wait, counted up to `cap` (an index range, not a walk). */
    async countWaiting(side: QueueSide, keys: readonly string[], cap: number): Promise<number> {
      if (keys.length === 0 || cap <= 0) return 0;
      const row = await db
        .selectFrom((eb) =>
          eb.selectFrom('trees').select('trees.id').where(waiting(side, keys)).limit(cap).as('w'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** When the tree's latest measurement with a photo was added. */
    async latestMeasurementPhotoAt(treeId: string): Promise<string | null> {
      const row = await db
        .selectFrom('tree_measurements')
        .select((eb) => eb.fn.max('created_at').as('at'))
        .where('tree_id', '=', treeId)
        .where('photo_file_id', 'is not', null)
        .executeTakeFirst();
      return row?.at ? String(row.at) : null;
    },

    /** The latest photo's time and the tree's point, for a new photo's bookkeeping. */
    photoState: (id: string) =>
      db
        .selectFrom('trees')
        .select(['owner_id', 'lat', 'lng', 'verification_status', 'last_photo_at'])
        .where('id', '=', id)
        .executeTakeFirst(),
  };
}
