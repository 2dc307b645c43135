import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../tests/support/s3-server';
import {
  createTestDatabase,
  databaseTargets,
  type DatabaseTarget,
} from '../tests/support/test-database';
import {
  migrateToLatest,
  openDatabase,
  sqliteFileIn,
  type DatabaseHandle,
} from '../server/db/database';
import {
  databaseFileStore,
  diskFileStore,
  type FileStore,
} from '../server/modules/files/file-store';
import { s3FileStore } from '../server/modules/files/s3-file-store';
import { moveFiles, storedSha256, type MoveSummary } from './files-move-kit';

/** `count` files with random bytes: their rows in `files`, their bytes in `store`. */
async function seedFiles(database: DatabaseHandle, store: FileStore, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const data = randomBytes(1000 + i);
    const id = createHash('sha256').update(data).digest('hex');
    await database.db
      .insertInto('files')
      .values({
        id,
        mime: 'image/webp',
        bytes: data.length,
        width: 1,
        height: 1,
        owner_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    await store.put(id, data, database.db);
    ids.push(id);
  }
  return ids.sort();
}

async function holdsAll(store: FileStore, ids: string[]): Promise<boolean> {
  for (const id of ids) if ((await storedSha256(store, id)) !== id) return false;
  return true;
}

const tempDirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'canopy-move-'));
  tempDirs.push(dir);
  return dir;
}

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
  await Promise.all(tempDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe.each(databaseTargets)('files:move on $name', (target: DatabaseTarget) => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  async function setUp() {
    database = await createTestDatabase(target);
    // One bucket for every test: the ids are of random bytes, so no two tests share a file.
    return {
      database,
      disk: diskFileStore(await tempDir()),
      db: databaseFileStore(database.db),
      s3: s3FileStore(s3.settings),
    };
  }

  it('moves disk → S3 → database → disk, verified each time, keeping or removing the source', async () => {
    const { database, disk, db, s3: bucket } = await setUp();
    const ids = await seedFiles(database, disk, 7);
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);

    const toS3 = await moveFiles({
      db: database.db,
      from: disk,
      to: bucket,
      log,
      progressEvery: 3,
      concurrency: 1,
    });
    expect(toS3).toEqual<MoveSummary>({
      total: 7,
      copied: 7,
      alreadyThere: 0,
      removed: 0,
      mismatched: [],
      missing: [],
    });
    expect(await holdsAll(bucket, ids)).toBe(true);
    // The source copies are kept by default.
    expect(await holdsAll(disk, ids)).toBe(true);
    expect(lines).toContain('files:move: 3/7 (copied 3, already there 0, mismatched 0, missing 0)');
    expect(lines.at(-1)).toBe(
      'files:move: 7/7 (copied 7, already there 0, mismatched 0, missing 0)',
    );

    const toDatabase = await moveFiles({
      db: database.db,
      from: bucket,
      to: db,
      removeSource: true,
      log,
    });
    expect(toDatabase).toMatchObject({ copied: 7, removed: 7, mismatched: [], missing: [] });
    expect(await holdsAll(db, ids)).toBe(true);
    for (const id of ids) expect(await bucket.get(id)).toBeNull();

    // Back to disk, which still holds every file: each is verified and skipped, not copied.
    const back = await moveFiles({ db: database.db, from: db, to: disk, removeSource: true, log });
    expect(back).toMatchObject({ copied: 0, alreadyThere: 7, removed: 7 });
    expect(await holdsAll(disk, ids)).toBe(true);
    expect(await database.db.selectFrom('file_blobs').selectAll().execute()).toEqual([]);
  });

  it('resumes an interrupted run: files already verified in the target are skipped', async () => {
    const { database, disk, s3: bucket } = await setUp();
    const ids = await seedFiles(database, disk, 6);
    let puts = 0;
    const failing: FileStore = {
      ...bucket,
      async put(id, data, executor) {
        if (++puts > 4) throw new Error('connection reset');
        await bucket.put(id, data, executor);
      },
    };
    const log = () => {};
    await expect(
      moveFiles({ db: database.db, from: disk, to: failing, removeSource: true, log }),
    ).rejects.toThrow('connection reset');
    // The four verified copies had their source removed; the rest are untouched.
    expect((await Promise.all(ids.map((id) => disk.get(id)))).filter(Boolean)).toHaveLength(2);

    const resumed = await moveFiles({
      db: database.db,
      from: disk,
      to: bucket,
      removeSource: true,
      log,
    });
    expect(resumed).toMatchObject({ total: 6, copied: 2, alreadyThere: 4, removed: 6 });
    expect(await holdsAll(bucket, ids)).toBe(true);
  });

  it('reports a damaged source as mismatched and does not copy it; replaces a damaged target copy', async () => {
    const { database, db } = await setUp();
    const dir = await tempDir();
    const source = diskFileStore(dir);
    const [bad, damagedInTarget, fine] = await seedFiles(database, source, 3);
    // Bytes that no longer hash to their id, as a failing disk would leave them.
    const pathOf = (id: string) => path.join(dir, id.slice(0, 2), id.slice(2, 4), `${id}.webp`);
    await fs.writeFile(pathOf(bad!), 'not the original bytes');
    await db.put(damagedInTarget!, Buffer.from('stale'), database.db);
    const lines: string[] = [];
    const summary = await moveFiles({
      db: database.db,
      from: source,
      to: db,
      removeSource: true,
      log: (line) => lines.push(line),
    });
    expect(summary).toMatchObject({ copied: 2, removed: 2, mismatched: [bad], missing: [] });
    expect(lines).toContain(
      `files:move: ${bad}: the source bytes do not match their SHA-256; not copied`,
    );
    expect(await db.get(bad!)).toBeNull();
    // The damaged source copy stays for whoever investigates.
    expect(await source.get(bad!)).not.toBeNull();
    expect(await holdsAll(db, [damagedInTarget!, fine!])).toBe(true);
  });

  it('reports a file whose bytes are in neither store as missing', async () => {
    const { database, disk, s3: bucket } = await setUp();
    const [gone, kept] = await seedFiles(database, disk, 2);
    await disk.remove(gone!, async () => true);
    const summary = await moveFiles({ db: database.db, from: disk, to: bucket, log: () => {} });
    expect(summary).toMatchObject({ total: 2, copied: 1, missing: [gone], mismatched: [] });
    expect(await holdsAll(bucket, [kept!])).toBe(true);
  });
});

describe('npm run files:move (the command)', () => {
  const run = promisify(execFile);
  const tsx = path.resolve('node_modules/.bin/tsx');

  /** Runs the command with FILE_STORAGE=disk on DATA_DIR and the test bucket; never throws. */
  async function filesMove(dataDir: string, bucket: string, args: string[]) {
    try {
      const { stdout, stderr } = await run(tsx, ['scripts/files-move.ts', ...args], {
        env: {
          PATH: process.env.PATH,
          DATA_DIR: dataDir,
          ...s3.env,
          FILE_STORAGE: 'disk',
          S3_BUCKET: bucket,
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  it('moves the files of DATA_DIR to the bucket, reports a summary, and exits 1 on a mismatch', async () => {
    const dataDir = await tempDir();
    const database = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
    const disk = diskFileStore(path.join(dataDir, 'files'));
    let ids: string[];
    try {
      await migrateToLatest(database);
      ids = await seedFiles(database, disk, 3);
    } finally {
      await database.close();
    }

    const moved = await filesMove(dataDir, s3.bucket, ['--to', 's3']);
    expect(moved.stderr).toBe('');
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain('files:move: from disk to s3');
    expect(moved.stdout).toContain(
      'files:move: done: 3 files, 3 copied, 0 already in s3, 0 removed from disk, 0 mismatched, 0 missing',
    );
    const bucket = s3FileStore(s3.settings);
    expect(await holdsAll(bucket, ids)).toBe(true);

    const again = await filesMove(dataDir, s3.bucket, ['--to', 's3']);
    expect(again.stdout).toContain('3 files, 0 copied, 3 already in s3');

    // A damaged copy in the bucket and in the source: reported, exit 1.
    const [first] = ids;
    await bucket.remove(first!, async () => true);
    const file = path.join(
      dataDir,
      'files',
      first!.slice(0, 2),
      first!.slice(2, 4),
      `${first}.webp`,
    );
    await fs.writeFile(file, 'bit rot');
    const failed = await filesMove(dataDir, s3.bucket, ['--to', 's3']);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain(`${first}: the source bytes do not match their SHA-256`);
    expect(failed.stderr).toContain('1 files were not moved');
  }, 60_000);

  it('refuses a missing or unknown target, and a target that is the source', async () => {
    const dataDir = await tempDir();
    for (const args of [['--to', 'ftp'], ['--to', 'disk'], ['--bogus']]) {
      const result = await filesMove(dataDir, s3.bucket, args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('usage: npm run files:move -- --to disk|database|s3');
    }
  }, 60_000);
});
