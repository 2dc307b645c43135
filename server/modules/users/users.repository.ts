import { sql, type Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/tables';

/** LIKE treats % and _ as wildcards; people searching for them mean the characters. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function usersRepository(db: Kysely<Database>) {
  /** Members others can see: verified and not deleted. */
  const visibleUsers = () =>
    db.selectFrom('users').where('verified_at', 'is not', null).where('deleted_at', 'is', null);

  return {
    searchVisible: (text: string, excludeUserId: string, limit: number) => {
      const pattern = likePattern(text);
      return visibleUsers()
        .select(['id', 'username', 'name'])
        .where('id', '!=', excludeUserId)
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

    async activityCounts(userId: string) {
      const [organised, joined, trees] = await Promise.all([
        db
          .selectFrom('drives')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organizer_id', '=', userId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('drive_participants')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('trees')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        drivesOrganised: Number(organised.n),
        drivesJoined: Number(joined.n),
        treesRegistered: Number(trees.n),
      };
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
        Pick<UsersTable, 'name' | 'username' | 'bio' | 'location' | 'avatar_file_id'>
      > & { updated_at: string },
    ) => db.updateTable('users').set(changes).where('id', '=', userId).execute(),

    /**
     * Deletes an account in one transaction: personal fields are wiped, the row stays so shared
     * records (past drives, registered trees, donations) keep a valid, anonymous owner.
     * Returns who had joined the upcoming drives that were removed, for their notification, and
     * those drives' images, which may now be unused.
     */
    deleteAccount: (userId: string, at: string) =>
      db.transaction().execute(async (trx) => {
        const upcoming = await trx
          .selectFrom('drives')
          .select(['id', 'name', 'image_file_id'])
          .where('organizer_id', '=', userId)
          .where('starts_at', '>', at)
          .execute();
        const upcomingIds = upcoming.map((d) => d.id);
        const affected =
          upcomingIds.length === 0
            ? []
            : await trx
                .selectFrom('drive_participants')
                .select(['user_id', 'drive_id'])
                .where('drive_id', 'in', upcomingIds)
                .where('user_id', '!=', userId)
                .execute();
        if (upcomingIds.length > 0)
          await trx.deleteFrom('drives').where('id', 'in', upcomingIds).execute();
        await trx.deleteFrom('drive_participants').where('user_id', '=', userId).execute();
        await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
        await trx.deleteFrom('otp_codes').where('user_id', '=', userId).execute();
        await trx.deleteFrom('reset_tokens').where('user_id', '=', userId).execute();
        await trx
          .updateTable('sessions')
          .set({ revoked_at: at })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
        await trx
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
          .execute();
        return {
          told: affected.map((row) => ({
            userId: row.user_id,
            driveName: upcoming.find((d) => d.id === row.drive_id)?.name ?? 'a drive',
          })),
          driveImageIds: upcoming.map((d) => d.image_file_id),
        };
      }),
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
