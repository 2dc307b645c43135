import type { Kysely } from 'kysely';
import { listSlots, preparedQuery } from '../../db/prepared-query';
import type { Database } from '../../db/tables';

/** Ids per statement: well under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

/** What other modules show of a member. */
const PERSON_COLUMNS = [
  'id',
  'username',
  'name',
  'email',
  'avatar_file_id',
  'profile_type',
  'verified_at',
  'deleted_at',
  'locale',
] as const;

/** `byIds` for up to 50 ids, prepared once per count. */
const byIdsQuery = preparedQuery((db: Kysely<Database>, count: number) =>
  db
    .selectFrom('users')
    .select(PERSON_COLUMNS)
    .where(
      'id',
      'in',
      listSlots(
        'id',
        Array.from({ length: count }, () => ''),
      ).slots,
    ),
);

/** What other modules read of members: their public names, by id, one statement per page of rows. */
export function peopleRepository(db: Kysely<Database>) {
  const people = () => db.selectFrom('users').select(PERSON_COLUMNS);

  return {
    async byIds(ids: readonly string[]) {
      // A page's people (most pages name a few) are read by a query prepared per count (issue 20).
      if (ids.length > 0 && ids.length <= 50)
        return byIdsQuery(db, ids.length, listSlots('id', ids).values);
      const rows = [];
      for (let i = 0; i < ids.length; i += CHUNK)
        rows.push(
          ...(await people()
            .where('id', 'in', ids.slice(i, i + CHUNK))
            .execute()),
        );
      return rows;
    },

    byEmail: (email: string) => people().where('email', '=', email).execute(),

    /** Live corporate members (verified, not deleted), by display name; only `ids` when given. */
    activeCorporates: (ids?: readonly string[]) => {
      let query = db
        .selectFrom('users')
        .select(['id', 'username', 'name'])
        .where('profile_type', '=', 'corporate')
        .where('verified_at', 'is not', null)
        .where('deleted_at', 'is', null);
      if (ids) {
        if (ids.length === 0) return Promise.resolve([]);
        query = query.where('id', 'in', ids);
      }
      return query
        .orderBy((eb) => eb.fn('lower', [eb.fn.coalesce('name', 'username')]))
        .orderBy('id')
        .execute();
    },
  };
}
