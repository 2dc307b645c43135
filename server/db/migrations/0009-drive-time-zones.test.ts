import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDrive, buildUser } from '../../../tests/support/factories';
import { emptyDatabase, migrateTo, untypedDb } from '../../../tests/support/migration-steps';
import { databaseTargets } from '../../../tests/support/test-database';
import type { DatabaseHandle } from '../database';
import { fillDriveTimeZones } from './0009-drive-time-zones';

describe.each(databaseTargets)('migration 0009-drive-time-zones on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.close());

  it("fills every existing drive's zone from its coordinates", async () => {
    handle = await emptyDatabase(target);
    await migrateTo(handle, '0008-trees');
    // The 0008 shape, written without the current row types.
    const db = untypedDb(handle);
    const organiser = buildUser();
    await db.insertInto('users').values(organiser).execute();
    const places: Array<[string, number, number]> = [
      ['a-delhi', 28.5933, 77.2197],
      ['b-nyc', 40.7812, -73.9665],
      ['c-sydney', -33.8688, 151.2093],
      ['d-sea', 0, -30],
    ];
    for (const [id, lat, lng] of places)
      await db.insertInto('drives').values(buildDrive(organiser.id, { id, lat, lng })).execute();

    await migrateTo(handle, '0009-drive-time-zones');
    const rows = await handle.db
      .selectFrom('drives')
      .select(['id', 'time_zone'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'a-delhi', time_zone: 'Asia/Kolkata' },
      { id: 'b-nyc', time_zone: 'America/New_York' },
      { id: 'c-sydney', time_zone: 'Australia/Sydney' },
      { id: 'd-sea', time_zone: 'Etc/GMT+2' },
    ]);

    // In batches: a small batch size walks every row once.
    await handle.db.updateTable('drives').set({ time_zone: 'UTC' }).execute();
    expect(await fillDriveTimeZones(handle.db as unknown as Kysely<unknown>, 3)).toBe(4);
    const again = await handle.db.selectFrom('drives').select('time_zone').orderBy('id').execute();
    expect(again.map((r) => r.time_zone)).toEqual(rows.map((r) => r.time_zone));
  });
});
