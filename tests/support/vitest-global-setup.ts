import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * Names this run's PostgreSQL test schemas (test databases reuse them, emptied, instead of
 * dropping each one; see test-database.ts) and drops them all when the run ends. Other runs
 * sharing the database have prefixes of their own, so nothing of theirs is touched.
 */
export default function setup(project: TestProject) {
  const prefix = `test_${randomBytes(4).toString('hex')}`;
  project.provide('testSchemaPrefix', prefix);
  const url = process.env.TEST_DATABASE_URL?.trim();
  return async () => {
    if (url) await dropSchemas(url, `${prefix}_`);
  };
}

async function dropSchemas(url: string, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ name: string }>(
      'select nspname as name from pg_namespace where starts_with(nspname, $1)',
      [prefix],
    );
    for (const { name } of rows) await admin.query(`drop schema if exists "${name}" cascade`);
  } finally {
    await admin.end();
  }
}
