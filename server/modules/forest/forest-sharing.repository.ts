import type { Kysely } from 'kysely';
import { preparedQuery, slot } from '../../db/prepared-query';
import type { Database } from '../../db/tables';

/** A profile by its handle, prepared once (every public forest view reads it, issue 20). */
const byHandleQuery = preparedQuery((db: Kysely<Database>) =>
  db.selectFrom('forest_profiles').selectAll().where('handle', '=', slot('handle')),
);

/** SQL of forest sharing (issue 19 §4): `forest_profiles`, the forest module's one table. */
export function forestSharingRepository(db: Kysely<Database>) {
  return {
    ofUser: (userId: string) =>
      db.selectFrom('forest_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    /** The profile holding a handle (public or not), by the unique index. */
    byHandle: async (handle: string) => (await byHandleQuery(db, '', { handle }))[0],

    /** Public profiles after a handle, in handle order (the unique index), at most `limit`. */
    publicAfter: (after: string | null, limit: number) =>
      db
        .selectFrom('forest_profiles')
        .select(['handle', 'user_id', 'updated_at'])
        .where('public', '=', 1)
        .$if(after !== null, (q) => q.where('handle', '>', after!))
        .orderBy('handle')
        .limit(limit)
        .execute(),

    /** Creates or changes the member's profile (one row per member). */
    async save(row: {
      user_id: string;
      handle: string;
      public: 0 | 1;
      updated_at: string;
    }): Promise<void> {
      await db
        .insertInto('forest_profiles')
        .values(row)
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            handle: row.handle,
            public: row.public,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },

    async remove(userId: string): Promise<void> {
      await db.deleteFrom('forest_profiles').where('user_id', '=', userId).execute();
    },
  };
}
export type ForestSharingRepository = ReturnType<typeof forestSharingRepository>;

/** True for the database's refusal of a duplicate key (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    (typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}
