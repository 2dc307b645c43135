import type { Kysely } from 'kysely';
import { timeZoneAt } from '../../lib/time-zone';

type Db = Kysely<{ drives: { id: string; lat: number; lng: number; time_zone: string } }>;

/** Sets every drive's zone from its coordinates (exported for its test), in batches by id. */
export async function fillDriveTimeZones(db: Kysely<unknown>, batch = 500): Promise<number> {
  const typed = db as unknown as Db;
  let after = '';
  let filled = 0;
  for (;;) {
    const rows = await typed
      .selectFrom('drives')
      .select(['id', 'lat', 'lng'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(batch)
      .execute();
    if (rows.length === 0) return filled;
    for (const row of rows) {
      await typed
        .updateTable('drives')
        .set({ time_zone: timeZoneAt(Number(row.lat), Number(row.lng)) })
        .where('id', '=', row.id)
        .execute();
    }
    filled += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}

// Each drive keeps the IANA zone of its place, so its time shows as local time there.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('drives')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();
  await fillDriveTimeZones(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('drives').dropColumn('time_zone').execute();
}
