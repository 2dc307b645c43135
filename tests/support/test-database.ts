import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../server/db/database';

export interface DatabaseTarget {
  name: 'sqlite' | 'postgres';
  url?: string;
}

// Test-only setting: when present, every database suite also runs against this PostgreSQL.
const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with `describe.each`. */
export const databaseTargets: DatabaseTarget[] = [
  { name: 'sqlite' },
  ...(testDatabaseUrl ? [{ name: 'postgres' as const, url: testDatabaseUrl }] : []),
];

/** A fresh, migrated database: in-memory SQLite, or a throwaway PostgreSQL schema dropped on close. */
export async function createTestDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.name === 'sqlite' || !target.url) {
    const handle = openDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(handle);
    return handle;
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = openDatabase({ databaseUrl: target.url, pgSchema: schema });
  await migrateToLatest(handle);
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
