import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

export function geoRepository(db: Kysely<Database>) {
  return {
    /** The cached answer (JSON text) stored at or after `notBefore`, if any. */
    async cached(key: string, notBefore: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('geocode_cache')
        .select('response')
        .where('key', '=', key)
        .where('created_at', '>=', notBefore)
        .executeTakeFirst();
      return row?.response;
    },
    /** Drops expired answers, then stores this one unless another request already did. */
    async store(key: string, response: string, createdAt: string, expiredBefore: string) {
      await db.deleteFrom('geocode_cache').where('created_at', '<', expiredBefore).execute();
      await db
        .insertInto('geocode_cache')
        .values({ key, response, created_at: createdAt })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },
    async slotNextAt(name: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('rate_slots')
        .select('next_at')
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.next_at;
    },
    /** Creates the slot already taken until `nextAt`; false when another server created it first. */
    async createSlot(name: string, nextAt: string): Promise<boolean> {
      const result = await db
        .insertInto('rate_slots')
        .values({ name, next_at: nextAt })
        .onConflict((oc) => oc.column('name').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    /** Compare-and-set: moves the slot from `seen` to `nextAt`; false when someone moved it first. */
    async moveSlot(name: string, seen: string, nextAt: string): Promise<boolean> {
      const result = await db
        .updateTable('rate_slots')
        .set({ next_at: nextAt })
        .where('name', '=', name)
        .where('next_at', '=', seen)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
export type GeoRepository = ReturnType<typeof geoRepository>;
