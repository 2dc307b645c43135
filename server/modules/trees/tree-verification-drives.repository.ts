import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { DriveOrganisers } from './tree-drive-days.repository';

/** The drive a tree waits at for a verifier (unverified, with a photo), or null. */
async function waitingAt(on: Kysely<Database>, id: string): Promise<string | null> {
  const row = await on
    .selectFrom('trees')
    .select(['drive_id', 'verification_status', 'last_photo_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.drive_id && row.verification_status === 'unverified' && row.last_photo_at
    ? row.drive_id
    : null;
}

/**
 * Trees waiting for a verifier per drive (0061 `tree_verification_drives`), with the drive's
 * organiser on each row: what the verifiers' queue reads to find the drives worth reading, and
 * its waiting count (docs/decisions/tree-verification.md).
 */
export function treeVerificationDrives(on: Kysely<Database>, organisers?: DriveOrganisers) {
  /** Adds `by` (±1) to the drive's row; a row at 0 goes, a first tree makes it. */
  async function change(driveId: string, by: number): Promise<void> {
    const update = () =>
      on
        .updateTable('tree_verification_drives')
        .set((eb) => ({ waiting: eb('waiting', '+', by) }))
        .where('drive_id', '=', driveId)
        .executeTakeFirst();
    if (Number((await update()).numUpdatedRows) > 0) {
      if (by < 0)
        await on
          .deleteFrom('tree_verification_drives')
          .where('drive_id', '=', driveId)
          .where('waiting', '<=', 0)
          .execute();
      return;
    }
    if (by < 0) return;
    if (!organisers) throw new Error('tree_verification_drives: no drive organiser lookup');
    const organiser = (await organisers([driveId], on)).get(driveId);
    if (organiser === undefined) return;
    // Made empty, then added to: a concurrent first waiting tree adds to the same row.
    await on
      .insertInto('tree_verification_drives')
      .values({ drive_id: driveId, organiser_id: organiser, waiting: 0 })
      .onConflict((oc) => oc.column('drive_id').doNothing())
      .execute();
    await update();
  }

  return {
    /** Runs a write to tree `id` and moves it in or out of its drive's waiting count (in `on`). */
    async around<T>(id: string, write: () => Promise<T>): Promise<T> {
      const before = await waitingAt(on, id);
      const result = await write();
      const after = await waitingAt(on, id);
      if (before !== after) {
        if (before) await change(before, -1);
        if (after) await change(after, 1);
      }
      return result;
    },

    /**
     * The organisers' drives with waiting trees from drive `from.key` on (null: from the first),
     * in drive id order, with how many wait at each: an index range that holds only the drives
     * with waiting trees.
     */
    async drivesAfter(
      organiserIds: readonly string[],
      from: { key: string; inclusive: boolean } | null,
      limit: number,
    ): Promise<Array<{ driveId: string; waiting: number }>> {
      if (organiserIds.length === 0) return [];
      const rows = await on
        .selectFrom('tree_verification_drives')
        .select(['drive_id', 'waiting'])
        .where('organiser_id', 'in', organiserIds)
        .$if(from !== null, (q) => q.where('drive_id', from!.inclusive ? '>=' : '>', from!.key))
        .orderBy('drive_id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ driveId: r.drive_id, waiting: Number(r.waiting) }));
    },

    /** How many trees wait at the organisers' drives: a sum over the drives that have any. */
    async waitingOf(organiserIds: readonly string[]): Promise<number> {
      if (organiserIds.length === 0) return 0;
      const row = await on
        .selectFrom('tree_verification_drives')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('waiting'), eb.lit(0)).as('n'))
        .where('organiser_id', 'in', organiserIds)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
