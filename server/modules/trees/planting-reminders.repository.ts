import type { Executor } from '../../db/unit-of-work';

/** SQL of the record of reminders (`planting_reminders`, the trees module's own). */
export function remindersRepository(db: Executor) {
  return {
    async reminded(driveIds: string[]): Promise<Set<string>> {
      if (driveIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('planting_reminders')
        .select(['drive_id', 'starts_at'])
        .where('drive_id', 'in', driveIds)
        .execute();
      return new Set(rows.map((r) => `${r.drive_id}:${r.starts_at}`));
    },
    /** True when this call wrote the record (the reminder goes out now), false when it was there. */
    async record(driveId: string, startsAt: string, at: string): Promise<boolean> {
      const result = await db
        .insertInto('planting_reminders')
        .values({ drive_id: driveId, starts_at: startsAt, sent_at: at })
        .onConflict((oc) => oc.columns(['drive_id', 'starts_at']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    prune: async (before: string) =>
      Number(
        (await db.deleteFrom('planting_reminders').where('sent_at', '<', before).executeTakeFirst())
          .numDeletedRows ?? 0,
      ),
  };
}
