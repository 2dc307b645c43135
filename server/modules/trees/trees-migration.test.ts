import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDrive, insertUser } from '../../../tests/support/factories';
import { migrateTo } from '../../../tests/support/migration-steps';
import { createTestDatabase, databaseTargets } from '../../../tests/support/test-database';
import { migrateToLatest, type DatabaseHandle } from '../../db/database';

describe.each(databaseTargets)('migration 0008-trees on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it('rebuilds trees keeping existing rows, and can go back', async () => {
    handle = await createTestDatabase(target);
    const db = handle.db as unknown as Kysely<unknown>;
    await migrateTo(handle, '0007-donations');

    const owner = await insertUser(handle.db);
    const drive = buildDrive(owner.id);
    await handle.db.insertInto('drives').values(drive).execute();
    // Rows as 0001 knew them.
    await sql`insert into trees (id, owner_id, drive_id, species_id, size, planted_at, lat, lng,
        nickname, status, created_at)
      values ('t-alive', ${owner.id}, ${drive.id}, 3, 'potted', '2025-01-01T00:00:00.000Z', 1.5, 2.5,
        'Old guava', 'alive', '2025-01-02T00:00:00.000Z'),
      ('t-dead', ${owner.id}, null, 1, 'packet', '2024-01-01T00:00:00.000Z', null, null,
        null, 'dead', '2024-01-02T00:00:00.000Z')`.execute(db);

    await migrateToLatest(handle);
    const rows = await handle.db.selectFrom('trees').selectAll().orderBy('id').execute();
    expect(rows).toEqual([
      expect.objectContaining({
        id: 't-alive',
        drive_id: drive.id,
        species_id: 3,
        size: 'potted',
        tree_count: 1,
        alive_count: 1,
        lat: 1.5,
        lng: 2.5,
        location_text: '',
        nickname: 'Old guava',
        status: 'alive',
        photo_file_id: null,
        replaces_tree_id: null,
      }),
      expect.objectContaining({ id: 't-dead', tree_count: 1, alive_count: 0, status: 'dead' }),
    ]);

    // The photo and the replaced tree are real references.
    const bad = (values: Record<string, unknown>) =>
      handle!.db
        .insertInto('trees')
        .values({
          id: `t-${Math.random()}`,
          owner_id: owner.id,
          drive_id: null,
          species_id: 1,
          size: 'packet',
          planted_at: '2026-01-01T00:00:00.000Z',
          lat: null,
          lng: null,
          nickname: null,
          status: 'alive',
          created_at: '2026-01-01T00:00:00.000Z',
          ...values,
        })
        .execute();
    await expect(bad({ photo_file_id: 'f'.repeat(64) })).rejects.toThrow();
    await expect(bad({ replaces_tree_id: 'no-such-tree' })).rejects.toThrow();
    await expect(bad({ alive_count: 2, tree_count: 1 })).rejects.toThrow();
    await bad({ replaces_tree_id: 't-dead' });
    await expect(bad({ replaces_tree_id: 't-dead' })).rejects.toThrow();
    const file = { id: 'a'.repeat(64), mime: 'image/webp', bytes: 3, width: 1, height: 1 };
    await handle.db
      .insertInto('files')
      .values({ ...file, owner_id: null, created_at: '2026-01-01T00:00:00.000Z' })
      .execute();
    await bad({ photo_file_id: file.id });

    await migrateTo(handle, '0007-donations');
    const back = await sql<{ id: string }>`select id from trees order by id`.execute(db);
    expect(back.rows.map((r) => r.id)).toContain('t-alive');
    await migrateToLatest(handle);
  });
});
