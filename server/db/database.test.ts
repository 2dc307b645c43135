import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, sql, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDrive, buildUser } from '../../tests/support/factories';
import { createTestDatabase, databaseTargets } from '../../tests/support/test-database';
import { migrateToLatest, migratorFor, withStatementCache, type DatabaseHandle } from './database';
import { migrations } from './migrations/index';
import { tableWrites, TableWrites, trackingWrites, writesOf } from './table-writes';
import type { Database } from './tables';

/** better-sqlite3 that counts how often each SQL text is prepared. */
function countingSqlite() {
  const sqlite = new SQLite(':memory:');
  const prepared = new Map<string, number>();
  const original = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((text: string) => {
    prepared.set(text, (prepared.get(text) ?? 0) + 1);
    return original(text);
  }) as typeof sqlite.prepare;
  return { sqlite, prepared };
}

describe('SQLite statement cache', () => {
  it('prepares each SQL text once and keeps the most recently used', () => {
    const { sqlite, prepared } = countingSqlite();
    const cache = withStatementCache(sqlite, 2);
    for (let i = 0; i < 5; i++) expect(cache.prepare('select 1 as a').all([])).toEqual([{ a: 1 }]);
    expect(prepared.get('select 1 as a')).toBe(1);
    cache.prepare('select 2 as b');
    cache.prepare('select 1 as a'); // used again: now the newest
    cache.prepare('select 3 as c'); // evicts "select 2"
    expect(cache.cachedStatements).toBe(2);
    cache.prepare('select 1 as a');
    cache.prepare('select 2 as b');
    expect(prepared.get('select 1 as a')).toBe(1);
    expect(prepared.get('select 2 as b')).toBe(2);
    cache.close();
    expect(sqlite.open).toBe(false);
  });

  it('never hands out a statement that is still being iterated', () => {
    const { sqlite } = countingSqlite();
    const cache = withStatementCache(sqlite);
    sqlite.exec('create table t (n integer); insert into t values (1), (2), (3);');
    const text = 'select n from t order by n';
    const seen: unknown[] = [];
    for (const row of cache.prepare(text).iterate([]))
      seen.push([row, cache.prepare(text).all([]).length]);
    expect(seen).toEqual([
      [{ n: 1 }, 3],
      [{ n: 2 }, 3],
      [{ n: 3 }, 3],
    ]);
    cache.close();
  });

  it('works for Kysely queries inside and outside transactions, and after a rollback', async () => {
    const { sqlite, prepared } = countingSqlite();
    const db = new Kysely<Database>({
      dialect: trackingWrites(new SqliteDialect({ database: withStatementCache(sqlite) })),
    });
    try {
      await migrateToLatest({ db, dialect: 'sqlite', close: () => db.destroy() });
      const organiser = buildUser();
      await db.insertInto('users').values(organiser).execute();
      const countDrives = async (q: Pick<Kysely<Database>, 'selectFrom'>) =>
        Number(
          (
            await q
              .selectFrom('drives')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 3; i++)
          await trx.insertInto('drives').values(buildDrive(organiser.id)).execute();
        expect(await countDrives(trx)).toBe(3);
      });
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('drives').values(buildDrive(organiser.id)).execute();
          expect(await countDrives(trx)).toBe(4);
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      expect(await countDrives(db)).toBe(3);
      // The same statements served every call: inserts, counts, begin/commit/rollback.
      const texts = [...prepared.keys()];
      const insertText = texts.find((t) => t.startsWith('insert into "drives"'))!;
      const countText = texts.find((t) => t.startsWith('select count(*)'))!;
      expect(prepared.get(insertText)).toBe(1);
      expect(prepared.get(countText)).toBe(1);
      expect(prepared.get('begin')).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});

describe('which tables a statement writes', () => {
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
  });
  afterAll(() => db.destroy());

  it('reads nothing into selects, names the table of inserts, updates, deletes and upserts', () => {
    expect(writesOf(db.selectFrom('drives').selectAll().compile())).toEqual([]);
    expect(writesOf(CompiledQuery.raw('select 1'))).toEqual([]);
    expect(writesOf(db.insertInto('drives').values(buildDrive('u')).compile())).toEqual(['drives']);
    expect(
      writesOf(
        db
          .insertInto('drive_participants')
          .values({ drive_id: 'd', user_id: 'u', joined_at: 'x' })
          .onConflict((oc) => oc.columns(['drive_id', 'user_id']).doNothing())
          .compile(),
      ),
    ).toEqual(['drive_participants']);
    expect(
      writesOf(
        db
          .insertInto('drive_participants')
          .values({ drive_id: 'd', user_id: 'u', joined_at: 'x' })
          .onConflict((oc) => oc.columns(['drive_id', 'user_id']).doUpdateSet({ joined_at: 'y' }))
          .compile(),
      ),
    ).toEqual(['drive_participants']);
    expect(
      writesOf(db.updateTable('users as u').set({ name: 'x' }).where('id', '=', 'u').compile()),
    ).toEqual(['users']);
    expect(writesOf(db.deleteFrom('sessions').where('id', '=', 's').compile())).toEqual([
      'sessions',
    ]);
  });

  it('treats raw writes, schema changes and writing CTEs as writes to every table', () => {
    const any = [undefined];
    expect(writesOf(CompiledQuery.raw('delete from drives'))).toEqual(any);
    expect(writesOf(CompiledQuery.raw('with x as (delete from drives) select 1'))).toEqual(any);
    expect(writesOf(db.schema.dropTable('drives').compile())).toEqual(any);
    expect(
      writesOf(
        db
          .with('gone', (qb) => qb.deleteFrom('drives').returning('id'))
          .selectFrom('gone')
          .selectAll()
          .compile(),
      ),
    ).toEqual(any);
  });

  it('versions grow per table, and a write to an unknown table counts for every table', () => {
    const writes = new TableWrites();
    writes.record('drives');
    expect(writes.writeVersion(['drives'])).toBe(1);
    expect(writes.writeVersion(['users'])).toBe(0);
    writes.record('users');
    expect(writes.writeVersion(['users', 'sessions'])).toBe(1);
    expect(writes.writeVersion(['drives', 'users'])).toBe(2);
    writes.record(undefined);
    expect(writes.writeVersion(['sessions'])).toBe(1);
    expect(writes.writeVersion(['drives'])).toBe(2);
  });
});

describe.each(databaseTargets)('write tracking on $name', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(target);
  });
  afterAll(() => database?.close());

  it('counts writes when they run, and again when their transaction ends', async () => {
    const { db } = database;
    const drives = () => tableWrites.writeVersion(['drives']);
    const organiser = buildUser();
    await db.insertInto('users').values(organiser).execute();

    let before = drives();
    await db.selectFrom('drives').selectAll().execute();
    await sql`select count(*) from drives`.execute(db);
    expect(drives()).toBe(before);

    before = drives();
    await db.insertInto('drives').values(buildDrive(organiser.id)).execute();
    expect(drives()).toBeGreaterThan(before);

    let inside = 0;
    before = drives();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('drives').values(buildDrive(organiser.id)).execute();
      inside = drives();
      expect(inside).toBeGreaterThan(before);
    });
    // A reader that looked while the transaction was open must not keep what it saw.
    expect(drives()).toBeGreaterThan(inside);

    before = drives();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('drives').set({ name: 'Renamed' }).execute();
        inside = drives();
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(inside).toBeGreaterThan(before);
    expect(drives()).toBeGreaterThan(inside);
    const names = await db.selectFrom('drives').select('name').execute();
    expect(names.every((d) => d.name !== 'Renamed')).toBe(true);

    // Controlled transactions and savepoints still work through the wrapper.
    before = drives();
    const trx = await db.startTransaction().execute();
    await trx.insertInto('drives').values(buildDrive(organiser.id)).execute();
    const saved = await trx.savepoint('sp').execute();
    await saved.insertInto('drives').values(buildDrive(organiser.id)).execute();
    await saved.rollbackToSavepoint('sp').execute();
    inside = drives();
    await trx.commit().execute();
    expect(drives()).toBeGreaterThan(inside);
    expect(inside).toBeGreaterThan(before);
    expect(await db.selectFrom('drives').select('id').execute()).toHaveLength(3);

    const users = tableWrites.writeVersion(['users']);
    await db
      .updateTable('users')
      .set({ name: 'New name' })
      .where('id', '=', organiser.id)
      .execute();
    expect(tableWrites.writeVersion(['users'])).toBeGreaterThan(users);
  });
});

describe.each(databaseTargets)('migrations landing out of order on $name', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(target);
  });
  afterAll(() => database?.close());

  const table = (name: string) => ({
    up: async (db: Kysely<unknown>) => {
      await db.schema.createTable(name).addColumn('id', 'text').execute();
    },
  });

  it('runs an earlier-numbered migration that lands after a later one was applied', async () => {
    const later = {
      ...migrations,
      'zz-1-first': table('zz_first'),
      'zz-3-third': table('zz_third'),
    };
    expect((await (await migratorFor(database, later)).migrateToLatest()).error).toBeUndefined();
    const landed = { ...later, 'zz-2-second': table('zz_second') };
    const result = await (await migratorFor(database, landed)).migrateToLatest();
    expect(result.error).toBeUndefined();
    expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([
      ['zz-2-second', 'Success'],
    ]);
    await database.db
      .selectFrom('zz_second' as never)
      .selectAll()
      .execute();
  });
});
