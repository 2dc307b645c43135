import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { migratorFor, openDatabase, type DatabaseHandle } from '../../server/db/database';
import type { DatabaseTarget } from './test-database';

/** A fresh, empty database (SQLite in memory, or a throwaway PostgreSQL schema). */
export async function emptyDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.name === 'sqlite' || !target.url) return openDatabase({ sqliteFile: ':memory:' });
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = openDatabase({ databaseUrl: target.url, pgSchema: schema });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: target.url });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.end();
    },
  };
}

/** Migrates up or down to exactly `name`; throws the migration's error. */
export async function migrateTo(handle: DatabaseHandle, name: string): Promise<void> {
  const migrator = await migratorFor(handle);
  const result = await migrator.migrateTo(name);
  if (result.error) throw result.error;
}

/** The database without the current row types: rows in an older migration's shape. */
export const untypedDb = (handle: DatabaseHandle) =>
  handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
