import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../server/db/database';
import { createTestDatabase, databaseTargets } from '../tests/support/test-database';
import { seed } from './seed-demo';

describe.each(databaseTargets)('seed:demo on $name', (target) => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => database?.close());

  it('fills a fresh database with all three account types, drives, trees and donations', async () => {
    database = await createTestDatabase(target);
    const counts = await seed(database.db);
    expect(counts.users).toBeGreaterThanOrEqual(9);
    expect(counts.trees).toBeGreaterThan(50);
    const types = await database.db.selectFrom('users').select('profile_type').distinct().execute();
    expect(types.map((t) => t.profile_type).sort()).toEqual(['corporate', 'individual', 'nursery']);
    const future = await database.db
      .selectFrom('drives')
      .where('starts_at', '>', new Date().toISOString())
      .selectAll()
      .execute();
    expect(future.length).toBeGreaterThan(0);
  });

  it('refuses to touch a database that already has accounts', async () => {
    database = await createTestDatabase(target);
    await seed(database.db);
    await expect(seed(database.db)).rejects.toThrow(/only fills a fresh database/);
  });
});
