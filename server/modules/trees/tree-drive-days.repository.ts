import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { periodSpans } from '../../lib/period-months';

/**
 * Each drive's organiser by drive id, read in the writing transaction `on` (the drives module's
 * `briefs`); unknown drives are absent.
 */
export type DriveOrganisers = (
  driveIds: string[],
  on: Kysely<Database>,
) => Promise<Map<string, string>>;

/** A tree record's part of `tree_drive_days`: its plants at its drive on its planting day. */
interface DriveDayShare {
  drive_id: string;
  planted_day: string;
  planted: number;
  alive: number;
}

/** The record's share as it stands in `on` (null when it is gone or at no drive). */
async function shareOf(on: Kysely<Database>, id: string): Promise<DriveDayShare | null> {
  const row = await on
    .selectFrom('trees')
    .select(['drive_id', 'planted_at', 'tree_count', 'alive_count', 'status'])
    .where('id', '=', id)
    // Issue 21 §2: a rejected tree counts as nothing at its drive.
    .where('verification_status', '<>', 'rejected')
    .executeTakeFirst();
  if (!row?.drive_id) return null;
  return {
    drive_id: row.drive_id,
    planted_day: String(row.planted_at).slice(0, 10),
    planted: Number(row.tree_count),
    alive: row.status === 'dead' ? 0 : Number(row.alive_count),
  };
}

/**
 * Plants registered per drive and planting day (0032 `tree_drive_days`), with the drive's
 * organiser on each row: what the corporate dashboard and the impact report read, one index range
 * per organisation and period.
 */
export function treeDriveDays(on: Kysely<Database>, organisers?: DriveOrganisers) {
  /** Adds `planted` and `alive` (either may be negative) to the (drive, day) row. */
  async function change(key: DriveDayShare, planted: number, alive: number): Promise<void> {
    if (planted === 0 && alive === 0) return;
    const row = { drive_id: key.drive_id, planted_day: key.planted_day };
    const update = () =>
      on
        .updateTable('tree_drive_days')
        .set((eb) => ({ planted: eb('planted', '+', planted), alive: eb('alive', '+', alive) }))
        .where('drive_id', '=', row.drive_id)
        .where('planted_day', '=', row.planted_day)
        .executeTakeFirst();
    if (Number((await update()).numUpdatedRows) > 0) {
      // A row that nothing counts any more goes.
      if (planted < 0 || alive < 0)
        await on
          .deleteFrom('tree_drive_days')
          .where('drive_id', '=', row.drive_id)
          .where('planted_day', '=', row.planted_day)
          .where('planted', '=', 0)
          .where('alive', '=', 0)
          .execute();
      return;
    }
    if (!organisers) throw new Error('tree_drive_days: no drive organiser lookup was given');
    const organiser = (await organisers([row.drive_id], on)).get(row.drive_id);
    // An unknown drive (its foreign key refuses the tree too) has nothing to count.
    if (organiser === undefined) return;
    // Made empty, then added to: a concurrent first tree of the day adds to the same row.
    await on
      .insertInto('tree_drive_days')
      .values({ ...row, organiser_id: organiser, planted: 0, alive: 0 })
      .onConflict((oc) => oc.columns(['drive_id', 'planted_day']).doNothing())
      .execute();
    await update();
  }

  return {
    /**
     * Runs a write to tree `id` and moves its share of `tree_drive_days` with it (in `on`, the
     * write's transaction): its old share off, its new one on.
     */
    async around<T>(id: string, write: () => Promise<T>): Promise<T> {
      const before = await shareOf(on, id);
      const result = await write();
      const after = await shareOf(on, id);
      if (
        before &&
        after &&
        before.drive_id === after.drive_id &&
        before.planted_day === after.planted_day
      )
        await change(after, after.planted - before.planted, after.alive - before.alive);
      else {
        if (before) await change(before, -before.planted, -before.alive);
        if (after) await change(after, after.planted, after.alive);
      }
      return result;
    },

    /**
     * Plants at the organiser's drives per planting month (YYYY-MM, oldest first), and how many
     * of them are alive, planted in [from, before) when given. The bounds are day starts
     * (00:00Z, as `periodBounds` gives them). From `tree_organiser_periods` (0039, kept by
     * triggers on the day rows): a row per whole month, and a row per day of a period's partial
     * first and last months, so the answer is the day rows' exactly and costs the months shown.
     */
    async plantedForOrganiser(organiserId: string, from?: string, before?: string) {
      const ranges = periodSpans(from, before);
      const rows = (
        await Promise.all(
          ranges.map((range) =>
            on
              .selectFrom('tree_organiser_periods')
              .select(['period', 'planted', 'alive'])
              .where('organiser_id', '=', organiserId)
              .where('span', '=', range.span)
              .$if(range.from !== undefined, (q) => q.where('period', '>=', range.from!))
              .$if(range.before !== undefined, (q) => q.where('period', '<', range.before!))
              .execute(),
          ),
        )
      ).flat();
      const byMonth = new Map<string, { month: string; planted: number; alive: number }>();
      for (const row of rows) {
        const month = row.period.slice(0, 7);
        const sum = byMonth.get(month) ?? { month, planted: 0, alive: 0 };
        sum.planted += Number(row.planted);
        sum.alive += Number(row.alive);
        byMonth.set(month, sum);
      }
      return [...byMonth.values()].sort((a, b) => (a.month < b.month ? -1 : 1));
    },
  };
}
