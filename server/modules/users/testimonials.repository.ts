import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

/** Members' testimonials (0052): one row per member, read by the landing page when shown. */
export function testimonialsRepository(db: Kysely<Database>) {
  return {
    mine: (userId: string) =>
      db
        .selectFrom('testimonials')
        .select(['quote', 'shown', 'updated_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    /** Writes the member's own row (made on the first write). */
    save: (userId: string, quote: string, shown: 0 | 1, at: string) =>
      db
        .insertInto('testimonials')
        .values({ user_id: userId, quote, shown, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ quote, shown, updated_at: at }))
        .execute(),

    remove: (userId: string) =>
      db.deleteFrom('testimonials').where('user_id', '=', userId).execute(),

    /**
     * The newest shown testimonials of members others can see: a backward range of
     * `testimonials_shown_idx` (shown, updated_at, user_id), each joined to its user by key.
     */
    newestShown: (limit: number) =>
      db
        .selectFrom('testimonials as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select([
          't.quote',
          't.updated_at',
          'u.name',
          'u.username',
          'u.profile_type',
          'u.avatar_file_id',
        ])
        .where('t.shown', '=', 1)
        .where('u.deleted_at', 'is', null)
        .where('u.verified_at', 'is not', null)
        .orderBy('t.updated_at', 'desc')
        .orderBy('t.user_id', 'desc')
        .limit(limit)
        .execute(),
  };
}
