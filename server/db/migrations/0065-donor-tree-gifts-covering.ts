import { sql, type Kysely } from 'kysely';

/**
 * 0065 (donations module, issue 20): a donor's paid tree gifts index carries what the forest
 * reads of each gift (drive, trees, claimed, planted, creation), so the gift totals, the gift page
 * and the timeline's walk of the donor's gift drives are read from the index alone instead of a
 * table row per gift (asha at a million: 144 gifts summed and 100 walked on every forest view).
 * Same name, same predicate (the ledger's `paidTreeGift` names it in literals), same leading
 * columns: every read that used it still can.
 */
const NAME = 'donations_donor_tree_gifts_idx';
const NARROW = ['donor_id', 'paid_at', 'id'];
const COVERING = [...NARROW, 'drive_id', 'trees', 'claimed_trees', 'planted_trees', 'created_at'];

async function remake(db: Kysely<unknown>, columns: string[]): Promise<void> {
  await db.schema.dropIndex(NAME).execute();
  await db.schema
    .createIndex(NAME)
    .on('donations')
    .columns(columns)
    .where(sql.raw<boolean>(`kind = 'trees' and status = 'paid'`))
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await remake(db, COVERING);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await remake(db, NARROW);
}
