import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, sql, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { tablesRead } from './table-reads';
import { TableWrites, trackingWrites } from './table-writes';
import type { Database } from './tables';

describe('which tables a statement reads', () => {
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
  });
  afterAll(() => db.destroy());
  const tables = (query: { compile(): CompiledQuery }) => {
    const read = tablesRead(query.compile());
    return read && [...read].sort();
  };

  it('finds every table of a select: joins, subqueries and plain SQL expressions', () => {
    expect(tables(db.selectFrom('drives').selectAll())).toEqual(['drives']);
    const joined = db
      .selectFrom('drives')
      .innerJoin('users as organizer', 'organizer.id', 'drives.organizer_id')
      .select(['drives.id', 'organizer.name'])
      .where(sql<boolean>`lower(${sql.ref('drives.name')}) like ${'%x%'}`)
      .where('drives.id', 'in', db.selectFrom('drive_participants').select('drive_id'));
    // The alias and the column qualifiers name no table of their own.
    expect(tables(joined)).toEqual(['drive_participants', 'drives', 'users']);
  });

  it('counts the tables inside CTEs, not the names the CTEs define, and the target of a write', () => {
    const recent = db
      .with('recent', (qb) => qb.selectFrom('trees').select('drive_id'))
      .selectFrom('drives')
      .innerJoin('recent', 'recent.drive_id', 'drives.id')
      .select('drives.id');
    expect(tables(recent)).toEqual(['drives', 'trees']);
    expect(tables(db.updateTable('users').set({ name: 'x' }).where('id', '=', 'u'))).toEqual([
      'users',
    ]);
  });

  it('cannot tell the tables of raw SQL, alone or inside a query', () => {
    expect(tablesRead(CompiledQuery.raw('select * from drives'))).toBeUndefined();
    const hidden = db
      .selectFrom('drives')
      .select('id')
      .where(sql<boolean>`exists (select 1 from trees)`);
    expect(tables(hidden)).toBeUndefined();
  });
});

describe('TableWrites read sets', () => {
  const writes = new TableWrites();
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table drives (id text, organizer_id text); create table users (id text);');
  const tracked = new Kysely<Database>({
    dialect: trackingWrites(new SqliteDialect({ database: sqlite }), writes),
  });
  afterAll(() => tracked.destroy());

  it("notes the tables a piece of work's statements read, and only inside recordReads", async () => {
    const { value, reads } = await writes.recordReads(async () => {
      await tracked
        .selectFrom('drives')
        .innerJoin('users as organiser', 'organiser.id', 'drives.organizer_id')
        .select('drives.id')
        .execute();
      return 'done';
    });
    expect(value).toBe('done');
    expect([...reads.tables].sort()).toEqual(['drives', 'users']);
    expect(reads.unknown).toBe(false);

    const { reads: raw } = await writes.recordReads(() =>
      sql`select count(*) from drives`.execute(tracked),
    );
    expect(raw.unknown).toBe(true);

    // Work outside a recording leaves the earlier read sets as they were.
    await tracked.selectFrom('users').select('id').execute();
    expect([...reads.tables].sort()).toEqual(['drives', 'users']);
  });
});
