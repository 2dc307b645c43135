import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/tables';
import type { Executor } from '../../db/unit-of-work';

/** Payments read per batch of the walk: most donors' drives show in the first. */
export const DRIVE_WALK_BATCH = 100;
const BATCH = DRIVE_WALK_BATCH;

/** A payment as the walk reads it. */
export interface DrivePayment {
  id: string;
  drive_id: string | null;
  paid_at: string | null;
}

/**
 * The drives of a donor's payments that `which` keeps, latest payment first (ties by drive id), at
 * most `limit`. Walks the payments newest first on the donor's index a batch at a time and stops
 * once past the `limit`th drive's latest payment, instead of grouping every payment of the donor
 * (issue 20: asha's 410 at a million trees, on every forest view). Each drive is first met at its
 * latest payment, so the answer is that of `group by drive_id order by max(paid_at) desc, drive_id`.
 * `first`, when given, is the walk's first batch already read (the same rows, in the same order:
 * the caller read it in a statement of its own, issue 20).
 */
export async function latestDriveIds(
  db: Executor,
  donorId: string,
  which: (eb: ExpressionBuilder<Database, 'donations'>) => Expression<SqlBool>,
  limit: number,
  first?: DrivePayment[],
): Promise<string[]> {
  const latest = new Map<string, string>();
  let after: { paidAt: string; id: string } | undefined;
  let cutoff: string | undefined;
  const answer = () =>
    [...latest]
      .sort(([a, x], [b, y]) => (x === y ? (a < b ? -1 : a > b ? 1 : 0) : x < y ? 1 : -1))
      .slice(0, limit)
      .map(([id]) => id);
  let batch = first;
  for (;;) {
    const rows: DrivePayment[] = batch ?? (await walkBatch(db, donorId, which, after).execute());
    batch = undefined;
    for (const row of rows) {
      const paidAt = String(row.paid_at);
      // Every drive paid at the cutoff moment is met (they tie with the last one kept).
      if (cutoff !== undefined && paidAt < cutoff) return answer();
      if (!latest.has(row.drive_id!)) {
        latest.set(row.drive_id!, paidAt);
        if (latest.size === limit) cutoff = paidAt;
      }
    }
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) return answer();
    after = { paidAt: String(last.paid_at), id: last.id };
  }
}

/** A batch of the walk: the donor's payments that `which` keeps, newest first, after `after`. */
export function walkBatch(
  db: Executor,
  donorId: string,
  which: (eb: ExpressionBuilder<Database, 'donations'>) => Expression<SqlBool>,
  after?: { paidAt: string; id: string },
) {
  return db
    .selectFrom('donations')
    .select(['id', 'drive_id', 'paid_at'])
    .where('donor_id', '=', donorId)
    .where(which)
    .where('drive_id', 'is not', null)
    .where('paid_at', 'is not', null)
    .$if(after !== undefined, (q) =>
      q.where((eb) => eb(eb.refTuple('paid_at', 'id'), '<', eb.tuple(after!.paidAt, after!.id))),
    )
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .limit(BATCH);
}
