import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig } from '../../server/config';
import {
  migrateToLatest,
  openDatabase,
  sqliteFileIn,
  type DatabaseHandle,
} from '../../server/db/database';
import { careDueQueries } from '../../server/modules/trees/tree-care-due.repository';
import { createTestDatabase, databaseTargets } from '../../tests/support/test-database';
import { seed } from '../seed-demo';
import { growOnTop } from './build';
import { PG_LOAD_CONNECTIONS, postgresBulk, sqliteBulk, sqliteBulkThread } from './bulk-db';
import { scaledSize } from './generate';
import type { Check } from './summaries';

const config = buildConfig({
  webDistDir: '/nonexistent-canopy-web',
  sessionSecret: 'scale-test-secret-'.padEnd(40, 'x'),
});

type CareDueRow = { tree_id: string; rule: number; due_at: string; closes_at: string };

/** Every stored care due row still open at `now`, in key order, as text to compare. */
async function openCareDue(database: DatabaseHandle, now: string): Promise<string[]> {
  const rows = await database.db
    .selectFrom('tree_care_due')
    .selectAll()
    .where('closes_at', '>', now)
    .orderBy('tree_id')
    .orderBy('rule')
    .execute();
  return rows.map((r) => JSON.stringify({ ...r, rule: Number(r.rule) }));
}

// The million-tree builder at a small scale (issue 20) on the seeded demo community: every
// summary in step with its rows, and the care due rows it writes with each tree (by the trees
// repository's rules, not a rebuild after the load) the same as the repository's own rebuild.
describe.each(databaseTargets)('the scale build on $name', (target) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-scale-test-'));
  let database: DatabaseHandle;
  let checks: Check[];
  let careDueRows: number;

  beforeAll(async () => {
    let databaseUrl = '';
    if (target.name === 'sqlite') {
      database = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
      await migrateToLatest(database);
    } else {
      database = await createTestDatabase(target);
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        database.db,
      );
      const url = new URL(target.url!);
      url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
      databaseUrl = url.toString();
    }
    await seed({ config, database });
    if (target.name === 'sqlite') await database.close();
    const report = await growOnTop(
      // SQLite's load on its writer thread, as `buildSqlite` does it.
      async (use) =>
        target.name !== 'sqlite'
          ? postgresBulk(databaseUrl, { connections: use === 'load' ? PG_LOAD_CONNECTIONS : 1 })
          : use === 'load'
            ? sqliteBulkThread(sqliteFileIn(dataDir))
            : sqliteBulk(sqliteFileIn(dataDir)),
      { dataDir, databaseUrl },
      scaledSize(0.002),
      () => {},
    );
    checks = report.checks;
    careDueRows = report.counts.careDue;
    if (target.name === 'sqlite') database = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
  }, 300_000);
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('passes every consistency check, the care due rows by the trees repository rules included', () => {
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(checks.map((c) => c.name)).toContainEqual(expect.stringMatching(/^tree_care_due /));
    expect(checks.map((c) => c.name)).toContainEqual(
      expect.stringMatching(/^drive_member_totals /),
    );
    expect(careDueRows).toBeGreaterThan(2_000);
  });

  it("writes the care due rows the repository's rebuild makes from the trees and their care log", async () => {
    const now = new Date().toISOString();
    const written = await openCareDue(database, now);
    await careDueQueries(database.db).rebuildCareDue(now);
    const rebuilt = await openCareDue(database, now);
    expect(written.length).toBeGreaterThan(2_000);
    expect(written).toEqual(rebuilt);
    const sample = JSON.parse(written[0]!) as CareDueRow;
    expect(sample.due_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it.runIf(target.name === 'postgres')(
    'puts back the foreign keys and the primary and unique keys it set aside for the load',
    async () => {
      const keys = async (handle: DatabaseHandle) =>
        (
          await sql<{ name: string }>`select c.conname as name from pg_constraint c
            join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
            where c.contype = 'f' and n.nspname = current_schema()
            order by c.conname`.execute(handle.db)
        ).rows.map((r) => r.name);
      // The primary and unique keys it built after the rows too, each as the migrations made it.
      const uniques = async (handle: DatabaseHandle) =>
        (
          await sql<{ key: string }>`select t.relname || ' ' || c.conname || ' '
              || pg_get_constraintdef(c.oid) || ' ' || pg_get_indexdef(c.conindid) as key
            from pg_constraint c join pg_class t on t.oid = c.conrelid
            where c.contype in ('p', 'u') and t.relnamespace = current_schema()::regnamespace
            order by 1`.execute(handle.db)
        ).rows.map((r) => r.key.replace(/ ON \S+\./, ' ON '));
      const fresh = await createTestDatabase(target);
      try {
        const expected = await keys(fresh);
        expect(expected).toContain('tree_care_due_tree_id_fkey');
        expect(await keys(database)).toEqual(expected);
        const expectedUniques = await uniques(fresh);
        expect(expectedUniques).toContainEqual(
          expect.stringMatching(/^tree_care_due tree_care_due_pkey /),
        );
        expect(await uniques(database)).toEqual(expectedUniques);
      } finally {
        await fresh.close();
      }
    },
  );

  it.runIf(target.name === 'postgres')(
    'enables again the insert triggers it set aside for the load',
    async () => {
      const { rows } = await sql<{ name: string; enabled: string }>`select t.tgname as name,
          t.tgenabled as enabled from pg_trigger t join pg_class c on c.oid = t.tgrelid
          join pg_namespace n on n.oid = c.relnamespace
        where not t.tgisinternal and n.nspname = current_schema()
        order by t.tgname`.execute(database.db);
      expect(rows.map((r) => r.name)).toEqual(
        expect.arrayContaining([
          'donation_donor_totals_summary',
          'drive_countries_insert_delete',
          'drive_member_totals_drive_insert_delete',
          'drive_member_totals_drive_update',
          'drive_participant_counts',
          'drive_participants_starts',
          'drive_participants_summary',
          'drives_attended_insert_delete',
          'drives_summary_insert',
          'tree_check_days_insert_delete',
          'tree_owner_counts_insert_delete',
          'tree_replanting_counts_insert',
        ]),
      );
      expect(rows.filter((r) => r.enabled !== 'O')).toEqual([]);
    },
  );

  it.runIf(target.name === 'sqlite')(
    'puts back the insert triggers it set aside for the load',
    async () => {
      const { rows } = await sql<{ name: string }>`select name from sqlite_master
        where type = 'trigger' and name in ('tree_owner_counts_insert', 'tree_check_days_insert',
          'drive_map_cells_insert', 'trees_geo_insert', 'drive_participant_counts_insert',
          'tree_replanting_counts_insert', 'drive_member_totals_drive_insert',
          'drive_member_totals_participant_insert', 'drive_member_totals_attendance_insert')
        order by name`.execute(database.db);
      expect(rows.map((r) => r.name)).toEqual([
        'drive_map_cells_insert',
        'drive_member_totals_attendance_insert',
        'drive_member_totals_drive_insert',
        'drive_member_totals_participant_insert',
        'drive_participant_counts_insert',
        'tree_check_days_insert',
        'tree_owner_counts_insert',
        'tree_replanting_counts_insert',
        'trees_geo_insert',
      ]);
    },
  );
});
