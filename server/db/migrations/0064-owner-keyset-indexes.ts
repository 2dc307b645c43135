import type { Kysely } from 'kysely';

/**
 * 0064 (trees and donations modules, issue 20): a member's newest-first lists end their index
 * with `id`, the lists' tie-break, so My trees' pages (and their keyset cursor's row value) and
 * the donor's transactions page read the index in order and stop at the page: with
 * (owner_id, created_at) and (donor_id, created_at) SQLite sorted each page's last term in a temp
 * B-tree, and the cursor's `(created_at, id) < (…)` was only a range on `created_at`.
 */
const INDEXES = [
  { name: 'trees_owner_idx', table: 'trees', owner: 'owner_id' },
  { name: 'donations_donor_created_idx', table: 'donations', owner: 'donor_id' },
] as const;

async function remake(db: Kysely<unknown>, withId: boolean): Promise<void> {
  for (const { name, table, owner } of INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on(table)
      .columns(withId ? [owner, 'created_at', 'id'] : [owner, 'created_at'])
      .execute();
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await remake(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await remake(db, false);
}
