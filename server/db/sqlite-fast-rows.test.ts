import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './database';
import { markFastRows, withFastRows } from './sqlite-fast-rows';

/** A database with a few rows of every SQLite type. */
function sample() {
  const sqlite = new SQLite(':memory:');
  sqlite.exec(`create table t (id text primary key, n integer, x real, b blob, v text);
    insert into t values ('a', 1, 1.5, x'01ff', null), ('b', 2, -0.25, null, 'vé'), ('c', 3, 0, x'', '');`);
  return sqlite;
}

describe('SQLite rows made in JavaScript (issue 20, per-request CPU)', () => {
  const texts = [
    'select * from t order by id',
    // A repeated name keeps its last column, an expression its text, a join both tables' ids.
    'select id, n, n * 2 as id, upper(v) from t order by n desc',
    'select t.id, u.id, t.x from t join t as u on u.n = t.n + 1 order by t.id',
    'select count(*) as n, sum(x) from t where n > ?',
  ];

  it('answers a marked read with the same rows, keys and key order as better-sqlite3', () => {
    const sqlite = sample();
    for (const text of texts) {
      const params = text.includes('?') ? [1] : [];
      const plain = sqlite.prepare(text).all(...params) as object[];
      markFastRows(text);
      const fast = withFastRows(text, sqlite.prepare(text));
      const rows = fast.all(...params) as object[];
      expect(rows).toEqual(plain);
      expect(rows.map((r) => Object.keys(r))).toEqual(plain.map((r) => Object.keys(r)));
      expect(rows.every((r) => Object.getPrototypeOf(r) === Object.prototype)).toBe(true);
      expect([...fast.iterate(...params)]).toEqual(plain);
    }
    sqlite.close();
  });

  it('leaves unmarked texts, writes and a column named __proto__ as better-sqlite3 reads them', () => {
    const sqlite = sample();
    const unmarked = sqlite.prepare('select id from t');
    expect(withFastRows('select id from t', unmarked)).toBe(unmarked);
    const write = "insert into t (id, n) values ('d', 4)";
    markFastRows(write);
    const insert = sqlite.prepare(write);
    expect(withFastRows(write, insert)).toBe(insert);
    expect(insert.run().changes).toBe(1);
    const proto = 'select id as "__proto__" from t order by id limit 1';
    markFastRows(proto);
    const statement = sqlite.prepare(proto);
    expect(withFastRows(proto, statement)).toBe(statement);
    sqlite.close();
  });

  it('follows a table that gained a column after the statement was prepared', () => {
    const sqlite = sample();
    const text = "select * from t where id = 'a'";
    markFastRows(text);
    const fast = withFastRows(text, sqlite.prepare(text));
    expect(Object.keys(fast.all()[0] as object)).toEqual(['id', 'n', 'x', 'b', 'v']);
    sqlite.exec("alter table t add column w text default 'new'");
    expect(fast.all()).toEqual(sqlite.prepare(text).all());
    expect((fast.all()[0] as { w: string }).w).toBe('new');
    sqlite.close();
  });

  it('is what the statement cache hands out for a marked text, never while it is iterated', () => {
    const sqlite = sample();
    const cache = withStatementCache(sqlite);
    const text = 'select id, n from t order by id';
    markFastRows(text);
    const seen: unknown[] = [];
    for (const row of cache.prepare(text).iterate([]))
      seen.push([row, cache.prepare(text).all([]).length]);
    expect(seen).toEqual([
      [{ id: 'a', n: 1 }, 3],
      [{ id: 'b', n: 2 }, 3],
      [{ id: 'c', n: 3 }, 3],
    ]);
    expect(cache.prepare(text).all([])).toEqual(sqlite.prepare(text).all());
    cache.close();
  });
});
