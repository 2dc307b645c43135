import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/test-database';
import type { DatabaseHandle } from './database';
import { NOTIFIED_TABLES as MIGRATED_TABLES } from './migrations/0029-table-write-notices';
import { TableWrites } from './table-writes';
import { listenForWrites, NOTIFIED_TABLES, WRITES_CHANNEL } from './write-listener';

const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** Waits until `check` holds (notifications arrive asynchronously), at most `ms`. */
async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!check()) {
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('remote writes in TableWrites', () => {
  it('remembers nothing while a listener is deaf, and counts every table written once it listens', () => {
    const writes = new TableWrites();
    writes.record('sessions');
    const remote = writes.remoteWrites();
    // Attached but not listening yet: NaN equals no version, so no cache keeps or uses an entry.
    expect(writes.writeVersion(['sessions'])).toBeNaN();
    expect(writes.listening).toBe(false);
    remote.listening(true);
    const listening = writes.writeVersion(['drives']);
    const sessions = writes.writeVersion(['sessions']);
    expect(listening).toBeGreaterThan(0);
    remote.heard('drives');
    expect(writes.writeVersion(['drives'])).toBe(listening + 1);
    expect(writes.writeVersion(['sessions'])).toBe(sessions);
    remote.listening(false);
    expect(writes.writeVersion(['drives'])).toBeNaN();
    remote.listening(true);
    expect(writes.writeVersion(['drives'])).toBeGreaterThan(listening + 1);
    // A second listener that is deaf is enough to stop remembering.
    const other = writes.remoteWrites();
    expect(writes.writeVersion(['drives'])).toBeNaN();
    other.detach();
    other.listening(false);
    const afterDetach = writes.writeVersion(['drives']);
    expect(afterDetach).toBeGreaterThan(0);
    remote.detach();
    remote.heard('drives');
    expect(writes.writeVersion(['drives'])).toBe(afterDetach + 1);
  });
});

describe.skipIf(!testDatabaseUrl)('the write listener on PostgreSQL', () => {
  let database: DatabaseHandle;
  let schema: string;
  let writer: pg.Client;
  const appName = `canopy-listener-test-${randomBytes(4).toString('hex')}`;
  const connection = () => ({
    connectionString: testDatabaseUrl,
    options: `-c search_path=${schema}`,
    application_name: appName,
  });

  beforeAll(async () => {
    database = await createTestDatabase({ name: 'postgres', url: testDatabaseUrl });
    const { rows } = await database.pgPool!.query<{ schema: string }>(
      'select current_schema() as schema',
    );
    schema = rows[0]!.schema;
    // Another app server: a connection of its own, writing without this process's tracking.
    writer = new pg.Client({
      connectionString: testDatabaseUrl,
      options: `-c search_path=${schema}`,
    });
    await writer.connect();
  });
  afterAll(async () => {
    await writer?.end();
    await database?.close();
  });

  it('the migration makes every notified table announce its writes, and no other', async () => {
    const { rows } = await writer.query<{ table: string }>(
      `select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and t.tgname like '%_notify_write' order by c.relname`,
      [schema],
    );
    expect(rows.map((r) => r.table)).toEqual([...MIGRATED_TABLES].sort());
    expect([...NOTIFIED_TABLES].sort()).toEqual([...MIGRATED_TABLES].sort());
  });

  it('hears another connection’s committed writes to its schema’s tables, not rolled back ones or other schemas', async () => {
    const writes = new TableWrites();
    const listener = listenForWrites(connection(), writes);
    try {
      expect(writes.writeVersion(['sessions'])).toBeNaN();
      await listener.started;
      const sessions = () => writes.writeVersion(['sessions']);
      const drives = () => writes.writeVersion(['drives']);
      const before = sessions();
      expect(before).not.toBeNaN();
      await writer.query(`update sessions set revoked_at = revoked_at where false`);
      await until(() => sessions() > before);
      expect(drives()).toBe(writes.writeVersion(['drives']));

      // A rolled-back write says nothing; a marker committed after it proves everything before arrived.
      const afterRollback = sessions();
      const drivesBefore = drives();
      await writer.query('begin');
      await writer.query(`delete from sessions where false`);
      await writer.query('rollback');
      await writer.query(`select pg_notify($1, $2)`, [WRITES_CHANNEL, `${schema}.drives`]);
      await until(() => drives() > drivesBefore);
      expect(sessions()).toBe(afterRollback);

      // The same table name in another schema (another test, another deployment) is not ours.
      const drivesNow = drives();
      await writer.query(`select pg_notify($1, $2)`, [WRITES_CHANNEL, `elsewhere.sessions`]);
      await writer.query(`select pg_notify($1, $2)`, [WRITES_CHANNEL, `${schema}.drives`]);
      await until(() => drives() > drivesNow);
      expect(sessions()).toBe(afterRollback);

      // Every notified table, in one transaction: each is heard.
      const versions = MIGRATED_TABLES.map((table) => writes.writeVersion([table]));
      await writer.query('begin');
      for (const table of MIGRATED_TABLES) await writer.query(`delete from ${table} where false`);
      await writer.query('commit');
      await until(() =>
        MIGRATED_TABLES.every((table, i) => writes.writeVersion([table]) > versions[i]!),
      );
    } finally {
      await listener.close();
    }
    // Closed: it no longer holds caches back.
    expect(writes.writeVersion(['sessions'])).not.toBeNaN();
  });

  it('tells a writer once every listener of the schema has heard its committed write', async () => {
    const writes = new TableWrites();
    const listener = listenForWrites(connection(), writes);
    // Another server's listener.
    const elsewhere = new TableWrites();
    const other = listenForWrites(connection(), elsewhere);
    try {
      await Promise.all([listener.started, other.started]);
      // They learn of each other as they start.
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (let round = 0; round < 20; round++) {
        const before = writes.writeVersion(['sessions']);
        const beforeElsewhere = elsewhere.writeVersion(['sessions']);
        await writer.query(`update sessions set revoked_at = revoked_at where false`);
        await listener.told(['sessions']);
        // Heard already, here and there: each answered a marker sent after the commit.
        expect(writes.writeVersion(['sessions'])).toBeGreaterThan(before);
        expect(elsewhere.writeVersion(['sessions'])).toBeGreaterThan(beforeElsewhere);
      }
      // A listener that closed says goodbye: nobody waits for it.
      await other.close();
      const closing = performance.now();
      await listener.told(['users']);
      expect(performance.now() - closing).toBeLessThan(500);
      // A table no trigger announces: nothing to wait for.
      const started = performance.now();
      await listener.told(['newsletter_subscribers']);
      expect(performance.now() - started).toBeLessThan(5);
    } finally {
      await listener.close();
      await other.close();
    }
  });

  it('is deaf from the moment its connection drops until it listens again', async () => {
    const writes = new TableWrites();
    const listener = listenForWrites(connection(), writes, { retryMs: 50 });
    try {
      await listener.started;
      const before = writes.writeVersion(['users']);
      expect(before).not.toBeNaN();
      await writer.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`,
        [appName],
      );
      await until(() => Number.isNaN(writes.writeVersion(['users'])));
      // A write while deaf is not heard, but once listening again every table counts as written.
      await writer.query(`update users set name = name where false`);
      await until(() => !Number.isNaN(writes.writeVersion(['users'])));
      expect(writes.writeVersion(['users'])).toBeGreaterThan(before);
    } finally {
      await listener.close();
    }
  });

  it('never starts listening on a database it cannot reach, and says so at once', async () => {
    const writes = new TableWrites();
    const listener = listenForWrites(
      {
        connectionString: 'postgres://nobody:nothing@127.0.0.1:1/none',
        connectionTimeoutMillis: 500,
      },
      writes,
      { retryMs: 50 },
    );
    await listener.started;
    expect(writes.writeVersion(['sessions'])).toBeNaN();
    await listener.close();
    expect(writes.writeVersion(['sessions'])).not.toBeNaN();
  });
});
