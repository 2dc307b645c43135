import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { newId } from '../../lib/ids';

export function newsletterRepository(db: Kysely<Database>) {
  return {
    /** Inserts the address unless it is already there; true when it was new. */
    async addIfAbsent(email: string, createdAt: string): Promise<boolean> {
      const result = await db
        .insertInto('newsletter_subscribers')
        .values({ id: newId(), email, created_at: createdAt })
        .onConflict((oc) => oc.column('email').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('newsletter_subscribers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
