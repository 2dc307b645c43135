import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database, NewUser, UsersTable } from '../../db/tables';

/** LIKE treats % and _ as wildcards; people searching for them mean the characters. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An FTS5 phrase: the text in double quotes, a double quote doubled. */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

export function usersRepository(db: Kysely<Database>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  /** Members others can see: verified and not deleted. */
  const visibleUsers = () =>
    db.selectFrom('users').where('verified_at', 'is not', null).where('deleted_at', 'is', null);

  return {
    searchVisible: (text: string, excludeUserId: string, limit: number) => {
      const pattern = likePattern(text);
      let query = visibleUsers()
        .select(['id', 'username', 'name'])
        .where('id', '!=', excludeUserId);
      // From an index (docs/decisions/people-search-index.md): PostgreSQL's trigram GIN indexes
      // answer the like below; on SQLite the FTS5 trigram table finds the candidates (3+
      // characters, case folded) and the like below keeps exactly the members it always matched.
      if (!postgres) {
        // An FTS5 query cannot hold a NUL (PostgreSQL refuses it with a 400); the like found no one.
        if (text.includes('\u0000')) return Promise.resolve([]);
        query = query.where('id', 'in', (eb) =>
          eb
            .selectFrom('users_search')
            .select('user_id')
            .where(sql<boolean>`users_search match ${`{username name} : ${ftsPhrase(text)}`}`),
        );
      }
      return query
        .where((eb) =>
          eb.or([
            sql<boolean>`lower(username) like ${pattern} escape '\\'`,
            sql<boolean>`lower(coalesce(name, '')) like ${pattern} escape '\\'`,
          ]),
        )
        .orderBy('username')
        .limit(limit)
        .execute();
    },

    findVisible: (id: string) => visibleUsers().selectAll().where('id', '=', id).executeTakeFirst(),

    findById: (id: string) =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    findByEmail: (email: string) =>
      db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),

    /** Usernames are unique ignoring case. */
    findIdByUsername: (username: string) =>
      db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
        .executeTakeFirst(),

    insert: (user: NewUser) => db.insertInto('users').values(user).execute(),

    /** True only the first time: an already verified account is left as it is. */
    async markVerified(userId: string, at: string): Promise<boolean> {
      const [result] = await db
        .updateTable('users')
        .set({ verified_at: at, updated_at: at })
        .where('id', '=', userId)
        .where('verified_at', 'is', null)
        .execute();
      return Number(result?.numUpdatedRows ?? 0) > 0;
    },

    setPasswordHash: (userId: string, passwordHash: string, at: string) =>
      db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: at })
        .where('id', '=', userId)
        .execute(),

    /** Figure: members of the community, i.e. verified accounts (deleted ones are unverified). */
    async countVerified(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .where('verified_at', 'is not', null)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    usernameTakenByOther: async (username: string, userId: string) =>
      Boolean(
        await db
          .selectFrom('users')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
          .where('id', '!=', userId)
          .executeTakeFirst(),
      ),

    update: (
      userId: string,
      changes: Partial<
        Pick<UsersTable, 'name' | 'username' | 'bio' | 'location' | 'avatar_file_id' | 'locale'>
      > & { updated_at: string },
    ) => db.updateTable('users').set(changes).where('id', '=', userId).execute(),

    /** Read in the writing transaction, so a concurrent change is not overwritten unseen. */
    avatarOf: async (userId: string) =>
      (
        await db
          .selectFrom('users')
          .select('avatar_file_id')
          .where('id', '=', userId)
          .executeTakeFirst()
      )?.avatar_file_id ?? null,

    /** Personal fields are wiped; the row stays so shared records keep a valid, anonymous owner. */
    anonymise: (userId: string, at: string) =>
      db
        .updateTable('users')
        .set({
          email: `deleted-${userId}@deleted.invalid`,
          username: `deleted-${userId}`,
          name: null,
          bio: null,
          location: null,
          avatar_file_id: null,
          password_hash: '!deleted',
          verified_at: null,
          deleted_at: at,
          updated_at: at,
        })
        .where('id', '=', userId)
        .execute(),
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
