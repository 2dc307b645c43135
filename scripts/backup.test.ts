import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  migrateToLatest,
  openDatabase,
  sqliteFileIn,
  type DatabaseHandle,
} from '../server/db/database';
import { newId } from '../server/lib/ids';
import {
  BackupError,
  integrityCheck,
  listBackups,
  restoreBackup,
  takeBackup,
  type BackupConfig,
} from './backup-kit';

const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
const FILE_ID = 'ab'.repeat(32);

const temps: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-backup-'));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Inserts newsletter subscribers one after another (each awaited: acknowledged) until stopped;
 * `acked` holds every id whose insert returned.
 */
function writer(database: DatabaseHandle) {
  const acked: string[] = [];
  let stop = false;
  const done = (async () => {
    while (!stop) {
      const id = newId();
      await database.db
        .insertInto('newsletter_subscribers')
        .values({ id, email: `${id}@example.org`, created_at: new Date().toISOString() })
        .execute();
      acked.push(id);
      // SQLite answers without leaving the microtask queue: let timers and the backup run.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  return {
    acked,
    stop: () => {
      stop = true;
      return done;
    },
  };
}

const untilAcked = async (acked: string[], n: number) => {
  while (acked.length < n) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('npm run backup / restore on SQLite', () => {
  it('snapshots during concurrent writes; the restore is sound and holds every acknowledged row', async () => {
    const dataDir = tempDir();
    const config: BackupConfig = {
      dataDir,
      databaseUrl: undefined,
      fileStorage: 'disk',
      backupKeep: 7,
    };
    const database = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
    await migrateToLatest(database);
    const stored = path.join(dataDir, 'files', 'ab', 'ab', `${FILE_ID}.webp`);
    fs.mkdirSync(path.dirname(stored), { recursive: true });
    fs.writeFileSync(stored, 'image bytes');
    fs.writeFileSync(`${stored}.1234.tmp`, 'half');
    fs.writeFileSync(path.join(dataDir, 'session-secret'), 's'.repeat(48));

    const load = writer(database);
    let before: string[];
    let backup: Awaited<ReturnType<typeof takeBackup>>;
    try {
      await untilAcked(load.acked, 300);
      before = [...load.acked];
      backup = await takeBackup(config);
      // The writer kept going while the backup ran.
      expect(load.acked.length).toBeGreaterThan(before.length);
    } finally {
      await load.stop();
      await database.close();
    }

    expect(backup.manifest).toMatchObject({
      dialect: 'sqlite',
      files: { count: 1 },
      sessionSecret: true,
      database: { file: 'canopy.sqlite', sha256: expect.stringMatching(/^[a-f0-9]{64}$/) },
    });
    expect(backup.manifest.rows.newsletter_subscribers).toBeGreaterThanOrEqual(before.length);
    expect(path.basename(backup.folder)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    // No half backup is left beside it.
    expect(fs.readdirSync(path.dirname(backup.folder))).toEqual([path.basename(backup.folder)]);

    const target = path.join(tempDir(), 'restored');
    await restoreBackup({ ...config, dataDir: target }, backup.folder);
    expect(integrityCheck(sqliteFileIn(target))).toBe('ok');
    const restored = openDatabase({ sqliteFile: sqliteFileIn(target) });
    try {
      const ids = new Set(
        (await restored.db.selectFrom('newsletter_subscribers').select('id').execute()).map(
          (r) => r.id,
        ),
      );
      expect(before.filter((id) => !ids.has(id))).toEqual([]);
      expect(ids.size).toBe(backup.manifest.rows.newsletter_subscribers);
    } finally {
      await restored.close();
    }
    expect(fs.readFileSync(path.join(target, 'files', 'ab', 'ab', `${FILE_ID}.webp`), 'utf8')).toBe(
      'image bytes',
    );
    expect(fs.existsSync(path.join(target, 'files', 'ab', 'ab', `${FILE_ID}.webp.1234.tmp`))).toBe(
      false,
    );
    expect(fs.readFileSync(path.join(target, 'session-secret'), 'utf8')).toBe('s'.repeat(48));
  });

  it('refuses a data directory that is not empty, and a damaged dump', async () => {
    const dataDir = tempDir();
    const config: BackupConfig = {
      dataDir,
      databaseUrl: undefined,
      fileStorage: 'disk',
      backupKeep: 7,
    };
    const database = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
    await migrateToLatest(database);
    await database.close();
    const { folder } = await takeBackup(config);

    await expect(restoreBackup(config, folder)).rejects.toThrow(
      /data directory .* is not empty.*restore only into an empty data directory/,
    );
    const target = tempDir();
    fs.writeFileSync(path.join(target, 'canopy.sqlite'), '');
    await expect(restoreBackup({ ...config, dataDir: target }, folder)).rejects.toBeInstanceOf(
      BackupError,
    );

    fs.appendFileSync(path.join(folder, 'canopy.sqlite'), 'x');
    await expect(restoreBackup({ ...config, dataDir: tempDir() }, folder)).rejects.toThrow(
      /does not match the SHA-256/,
    );
    await expect(restoreBackup({ ...config, dataDir: tempDir() }, tempDir())).rejects.toThrow(
      /not a Canopy backup/,
    );
  });

  it('keeps the newest BACKUP_KEEP backups', async () => {
    const dataDir = tempDir();
    const config: BackupConfig = {
      dataDir,
      databaseUrl: undefined,
      fileStorage: 'database',
      backupKeep: 2,
    };
    const database = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
    await migrateToLatest(database);
    await database.close();
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 14, minute));
    for (const minute of [1, 2, 3]) await takeBackup(config, { now: at(minute) });
    await takeBackup(config, { now: at(3) });
    expect((await listBackups(dataDir)).map((f) => path.basename(f))).toEqual([
      '2026-11-27T14-03-00Z',
      '2026-11-27T14-03-00Z-2',
    ]);
  });
});

describe.runIf(testDatabaseUrl)('npm run backup / restore on PostgreSQL', () => {
  const created: string[] = [];
  const admin = () => new pg.Client({ connectionString: testDatabaseUrl });
  const createDatabase = async (): Promise<string> => {
    const name = `canopy_backup_${randomBytes(5).toString('hex')}`;
    const client = admin();
    await client.connect();
    try {
      await client.query(`create database ${name}`);
    } finally {
      await client.end();
    }
    created.push(name);
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  afterEach(async () => {
    const client = admin();
    await client.connect();
    try {
      for (const name of created.splice(0))
        await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  });

  it('dumps during concurrent writes; pg_restore into a fresh database holds every acknowledged row', async () => {
    const source = await createDatabase();
    const dataDir = tempDir();
    const config: BackupConfig = {
      dataDir,
      databaseUrl: source,
      fileStorage: 'database',
      backupKeep: 7,
    };
    const database = openDatabase({ databaseUrl: source });
    await migrateToLatest(database);
    const load = writer(database);
    let before: string[];
    let backup: Awaited<ReturnType<typeof takeBackup>>;
    try {
      await untilAcked(load.acked, 100);
      before = [...load.acked];
      backup = await takeBackup(config);
      expect(load.acked.length).toBeGreaterThan(before.length);
    } finally {
      await load.stop();
      await database.close();
    }
    expect(backup.manifest).toMatchObject({
      dialect: 'postgres',
      files: null,
      database: { file: 'database.dump' },
    });

    const target = await createDatabase();
    await restoreBackup({ ...config, databaseUrl: target, dataDir: tempDir() }, backup.folder);
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>('select id from newsletter_subscribers');
      const ids = new Set(rows.map((r) => r.id));
      expect(before.filter((id) => !ids.has(id))).toEqual([]);
      // The counts in the manifest are of the dump's own snapshot.
      expect(ids.size).toBe(backup.manifest.rows.newsletter_subscribers);
    } finally {
      await client.end();
    }

    // Restoring again into the now filled database is refused.
    await expect(
      restoreBackup({ ...config, databaseUrl: target, dataDir: tempDir() }, backup.folder),
    ).rejects.toThrow(/not empty .*restore only into a new, empty database/);
  });
});
