import { sql, type Kysely } from 'kysely';

/**
 * 0060 (trees module, issue 25 security 1): the place other members see, `trees.public_place`,
 * named by a neighbourhood-level reverse geocode of the tree's point when it is registered or
 * moved — never cut from the owner's private address. Null: not looked up yet ('' when the
 * geocoder names nothing there). The partial index is the queue of trees still to name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trees').addColumn('public_place', 'text').execute();
  await sql`create index trees_public_place_todo_idx on trees (id)
    where public_place is null and lat is not null and lng is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index trees_public_place_todo_idx`.execute(db);
  await db.schema.alterTable('trees').dropColumn('public_place').execute();
}
