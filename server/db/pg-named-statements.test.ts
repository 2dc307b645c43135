import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../tests/support/factories';
import { createTestDatabase, databaseTargets } from '../../tests/support/test-database';
import type { DatabaseHandle } from './database';
import { NAME_READS_AFTER, nameStatement, statementName } from './pg-named-statements';
import { preparedQuery, slot } from './prepared-query';
import type { Executor } from './unit-of-work';

const postgres = databaseTargets.find((t) => t.name === 'postgres');

describe.skipIf(!postgres)('named statements on PostgreSQL', () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it('prepares a named text once per connection, and runs it unnamed once its plan went stale', async () => {
    handle = await createTestDatabase(postgres!);
    const client = await handle.pgPool!.connect();
    try {
      await client.query('create table named_probe (id integer, label text)');
      await client.query("insert into named_probe values (1, 'one'), (2, 'two')");
      const text = 'select * from named_probe where id = $1';
      nameStatement(text);
      const name = statementName(text);
      expect(name).toMatch(/^canopy_prepared_\d+$/);
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1, label: 'one' }]);
      expect((await client.query(text, [2])).rows).toEqual([{ id: 2, label: 'two' }]);
      const prepared = await client.query(
        'select name from pg_prepared_statements where statement = $1',
        [text],
      );
      expect(prepared.rows).toEqual([{ name }]);
      // Unnamed texts stay unnamed.
      await client.query('select count(*) from named_probe where id = $1', [1]);
      expect(
        (
          await client.query(
            "select count(*)::int as n from pg_prepared_statements where statement like '%named_probe%'",
          )
        ).rows,
      ).toEqual([{ n: 1 }]);
      // Another server adds a column: the prepared plan's columns are wrong, the text runs unnamed.
      await client.query('alter table named_probe add column note text');
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1, label: 'one', note: null }]);
      expect(statementName(text)).toBeUndefined();
      // A text named later never takes the stale one's name, still prepared on this connection.
      const next = 'select label from named_probe where id = $1';
      nameStatement(next);
      expect(statementName(next)).not.toBe(name);
      expect((await client.query(next, [2])).rows).toEqual([{ label: 'two' }]);
    } finally {
      await client.query('drop table if exists named_probe');
      client.release();
    }
  });

  it("names preparedQuery's statements, and runs every text unnamed inside a transaction", async () => {
    handle = await createTestDatabase(postgres!);
    await handle.db
      .insertInto('users')
      .values([buildUser({ username: 'named_ann' })])
      .execute();
    const build = (on: Executor) =>
      on.selectFrom('users').select('username').where('username', '=', slot('name'));
    const query = preparedQuery(build);
    const text = build(handle.db).compile().sql;
    expect(await query(handle.db, '', { name: 'named_ann' })).toEqual([{ username: 'named_ann' }]);
    expect(statementName(text)).toMatch(/^canopy_prepared_\d+$/);
    const client = await handle.pgPool!.connect();
    try {
      const inTransaction = 'select username from users where username = $1 and id is not null';
      nameStatement(inTransaction);
      const preparedHere = async () =>
        (
          await client.query(
            'select count(*)::int as n from pg_prepared_statements where statement = $1',
            [inTransaction],
          )
        ).rows[0].n;
      await client.query('begin');
      expect((await client.query(inTransaction, ['named_ann'])).rows).toEqual([
        { username: 'named_ann' },
      ]);
      expect(await preparedHere()).toBe(0);
      await client.query('rollback');
      await client.query(inTransaction, ['named_ann']);
      expect(await preparedHere()).toBe(1);
    } finally {
      client.release();
    }
  });

  it('names any read once it has run often outside a transaction, and never a write', async () => {
    handle = await createTestDatabase(postgres!);
    const client = await handle.pgPool!.connect();
    try {
      await client.query('create table often_probe (id integer)');
      const read = `select id from often_probe where id > $1 /* ${Math.random()} */`;
      const write = `insert into often_probe (id) values ($1) /* ${Math.random()} */`;
      const inTransaction = `select id from often_probe where id < $1 /* ${Math.random()} */`;
      await client.query('begin');
      for (let n = 0; n < NAME_READS_AFTER + 1; n++) await client.query(inTransaction, [n]);
      await client.query('commit');
      for (let n = 1; n < NAME_READS_AFTER; n++) {
        await client.query(read, [n]);
        await client.query(write, [n]);
      }
      expect(statementName(read)).toBeUndefined();
      await client.query(read, [0]);
      await client.query(write, [0]);
      expect(statementName(read)).toMatch(/^canopy_prepared_\d+$/);
      expect(statementName(write)).toBeUndefined();
      // A pattern parameter's best plan depends on its value: never named, however often.
      const search = `select id from often_probe where cast(id as text) like $1 /* ${Math.random()} */`;
      for (let n = 0; n < NAME_READS_AFTER + 2; n++) await client.query(search, [`${n}%`]);
      nameStatement(search);
      expect(statementName(search)).toBeUndefined();
      expect(statementName(inTransaction)).toBeUndefined();
      expect((await client.query(read, [0])).rows).toHaveLength(NAME_READS_AFTER - 1);
      const prepared = await client.query(
        'select statement from pg_prepared_statements where statement like $1',
        ['%often_probe%'],
      );
      expect(prepared.rows).toEqual([{ statement: read }]);
    } finally {
      await client.query('drop table if exists often_probe');
      client.release();
    }
  });
});
