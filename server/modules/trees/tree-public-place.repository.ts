import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

/** The trees still to name publicly (0060's partial index), and their naming. */
export function treePublicPlaceRepository(db: Kysely<Database>) {
  return {
    /** Up to `limit` trees with a point and no public place yet, after `afterId`, by id. */
    todo: (limit: number, afterId: string) =>
      db
        .selectFrom('trees')
        .select(['id', 'lat', 'lng', 'owner_id'])
        .where('public_place', 'is', null)
        .where('lat', 'is not', null)
        .where('lng', 'is not', null)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** Stores the name unless the tree moved (or was named) since it was read. */
    async name(id: string, lat: number, lng: number, place: string): Promise<void> {
      await db
        .updateTable('trees')
        .set({ public_place: place })
        .where('id', '=', id)
        .where('lat', '=', lat)
        .where('lng', '=', lng)
        .where('public_place', 'is', null)
        .execute();
    },
  };
}
