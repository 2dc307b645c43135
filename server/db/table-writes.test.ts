import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, sql, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { tablesRead } from './table-reads';
import { TableWrites } from './table-writes';
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
    // Aliases show as names of their own; the real tables are all there.
    expect(tables(joined)).toEqual(['drive_participants', 'drives', 'organizer', 'users']);
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
  it('is current until a table it read, or an unknown table, is written', async () => {
    const writes = new TableWrites();
    const { reads } = await writes.recordReads(async () => undefined);
    reads.tables.set('drives', writes.writeVersion(['drives']));
    expect(writes.isCurrent(reads)).toBe(true);
    writes.record('trees');
    expect(writes.isCurrent(reads)).toBe(true);
    writes.record('drives');
    expect(writes.isCurrent(reads)).toBe(false);

    const { reads: raw } = await writes.recordReads(async () => undefined);
    raw.anyTable = 0;
    expect(writes.isCurrent(raw)).toBe(false);
  });
});
