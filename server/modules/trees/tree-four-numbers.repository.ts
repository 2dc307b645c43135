import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';

/** Plants registered, alive at last check and of those verified (funded comes from donations). */
export interface TreeCounts {
  treesPlanted: number;
  treesAliveChecked: number;
  treesVerified: number;
}

/** Living plants on a `trees` row: none on a dead tree. */
const alive = (eb: ExpressionBuilder<Database, 'trees'>) =>
  eb.case().when('trees.status', '=', 'dead').then(0).else(eb.ref('trees.alive_count')).end();

/** The day after `day` (YYYY-MM-DD), as the start of an ISO instant's range. */
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The four numbers' tree counts (issue 21 §3, docs/decisions/four-numbers.md). `boundary` is the
 * instant a check must be after to count (`checkBoundary(now)`).
 */
export function fourNumbersQueries(db: Kysely<Database>) {
  /**
   * Several drives' trees summed in one statement (trees_drive_idx, one range per drive): an
   * organiser's 2,000 drives in 20 round trips, not 2,000 (on PostgreSQL each costs ~1 ms).
   */
  async function ofDrives(driveIds: readonly string[], boundary: string): Promise<TreeCounts> {
    if (driveIds.length === 0) return { treesPlanted: 0, treesAliveChecked: 0, treesVerified: 0 };
    const row = await db
      .selectFrom('trees')
      .select((eb) => {
        const checked = eb.and([
          eb('trees.last_checked_at', '>', boundary),
          eb('trees.status', '!=', 'dead'),
        ]);
        return [
          eb.fn.coalesce(eb.fn.sum<number>('trees.tree_count'), eb.lit(0)).as('planted'),
          eb.fn
            .coalesce(
              eb.fn.sum<number>(
                eb.case().when(checked).then(eb.ref('trees.alive_count')).else(0).end(),
              ),
              eb.lit(0),
            )
            .as('checked'),
          eb.fn
            .coalesce(
              eb.fn.sum<number>(
                eb
                  .case()
                  .when(eb.and([checked, eb('trees.verification_status', '=', 'verified')]))
                  .then(eb.ref('trees.alive_count'))
                  .else(0)
                  .end(),
              ),
              eb.lit(0),
            )
            .as('verified'),
        ];
      })
      .where('trees.drive_id', 'in', [...driveIds])
      .where('trees.verification_status', '!=', 'rejected')
      .executeTakeFirstOrThrow();
    return {
      treesPlanted: Number(row.planted),
      treesAliveChecked: Number(row.checked),
      treesVerified: Number(row.verified),
    };
  }

  return {
    /**
     * The community's: `tree_check_days` (0049, a row per day of last check and verified or not,
     * kept by triggers) for planted, every living plant, and the whole days after the boundary's;
     * the boundary's own day from the trees on `trees_last_checked_idx` (one day of checks).
     * Answers `alive` too: every living plant, checked or not.
     */
    async community(boundary: string): Promise<TreeCounts & { alive: number }> {
      const day = boundary.slice(0, 10);
      const [days, edge] = await Promise.all([
        db
          .selectFrom('tree_check_days')
          .select((eb) => [
            'verified',
            eb.fn.sum<number>('planted').as('planted'),
            eb.fn.sum<number>('alive').as('alive'),
            eb.fn
              .sum<number>(
                eb.case().when('checked_day', '>', day).then(eb.ref('alive')).else(0).end(),
              )
              .as('checked'),
          ])
          .groupBy('verified')
          .execute(),
        db
          .selectFrom('trees')
          .select((eb) => [
            sql<number>`case when ${sql.ref('trees.verification_status')} = 'verified' then 1 else 0 end`.as(
              'verified',
            ),
            eb.fn.sum<number>(alive(eb)).as('checked'),
          ])
          .where('trees.last_checked_at', '>', boundary)
          .where('trees.last_checked_at', '<', nextDay(day))
          .where('trees.verification_status', '!=', 'rejected')
          .groupBy('verified')
          .execute(),
      ]);
      const counts = { treesPlanted: 0, treesAliveChecked: 0, treesVerified: 0, alive: 0 };
      for (const r of days) {
        counts.treesPlanted += Number(r.planted);
        counts.alive += Number(r.alive);
        counts.treesAliveChecked += Number(r.checked);
        if (Number(r.verified) === 1) counts.treesVerified += Number(r.checked);
      }
      for (const r of edge) {
        counts.treesAliveChecked += Number(r.checked);
        if (Number(r.verified) === 1) counts.treesVerified += Number(r.checked);
      }
      return counts;
    },

    /** The drives an organiser's trees were planted at (tree_drive_days_organiser_idx). */
    async organiserDriveIds(organiserId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('tree_drive_days')
        .select('drive_id')
        .distinct()
        .where('organiser_id', '=', organiserId)
        .execute();
      return rows.map((r) => r.drive_id).sort();
    },

    /** One drive's trees (trees_drive_idx: bounded by the drive, not the community). */
    ofDrive: (driveId: string, boundary: string): Promise<TreeCounts> =>
      ofDrives([driveId], boundary),

    ofDrives,
  };
}
