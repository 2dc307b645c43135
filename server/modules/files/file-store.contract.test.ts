import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../../tests/support/s3-server';
import {
  createTestDatabase,
  databaseTargets,
  type DatabaseTarget,
} from '../../../tests/support/test-database';
import type { DatabaseHandle } from '../../db/database';
import { databaseFileStore, diskFileStore, type FileStore } from './file-store';
import { useTempDirs } from './files-test-kit';
import { s3FileStore } from './s3-file-store';

/** Bytes and their content id, with the `files` row the database store's blob hangs from. */
async function content(
  database: DatabaseHandle,
  size = 2048,
): Promise<{ id: string; data: Buffer }> {
  const data = randomBytes(size);
  const id = createHash('sha256').update(data).digest('hex');
  await database.db
    .insertInto('files')
    .values({
      id,
      mime: 'image/webp',
      bytes: size,
      width: 1,
      height: 1,
      owner_id: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return { id, data };
}

async function readAll(store: FileStore, id: string) {
  const opened = await store.open(id);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
  return { size: opened.size, chunks: chunks.length, data: Buffer.concat(chunks) };
}

const STORES = ['disk', 'database', 's3'] as const;

// One set of cases, every store: the files service relies on exactly these answers.
describe.each(databaseTargets)('file stores on $name', (target: DatabaseTarget) => {
  const tempDir = useTempDirs();
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.stop();
  });

  describe.each(STORES)('the %s store', (kind) => {
    let database: DatabaseHandle | undefined;
    let store: FileStore;
    afterEach(async () => {
      await database?.close();
      database = undefined;
    });

    async function setUp(): Promise<DatabaseHandle> {
      database = await createTestDatabase(target);
      store =
        kind === 'disk'
          ? diskFileStore(await tempDir())
          : kind === 'database'
            ? databaseFileStore(database.db)
            : s3FileStore(s3.settings);
      return database;
    }

    it('says whether its bytes live outside the database', async () => {
      await setUp();
      expect(store.outsideDatabase).toBe(kind !== 'database');
    });

    it('gives back what was put, whole and as a stream with its size', async () => {
      const db = await setUp();
      const file = await content(db);
      await store.put(file.id, file.data, db.db);
      expect(await store.get(file.id)).toEqual(file.data);
      const read = await readAll(store, file.id);
      expect(read?.size).toBe(file.data.length);
      expect(read?.data).toEqual(file.data);
    });

    it('keeps one copy when the same content is put twice', async () => {
      const db = await setUp();
      const file = await content(db);
      await store.put(file.id, file.data, db.db);
      await store.put(file.id, file.data, db.db);
      await Promise.all([
        store.put(file.id, file.data, db.db),
        store.put(file.id, file.data, db.db),
      ]);
      expect(await store.get(file.id)).toEqual(file.data);
    });

    it('answers null for an id it does not hold, or one that is no content hash', async () => {
      await setUp();
      for (const id of [
        'a'.repeat(64),
        'abc',
        'A'.repeat(64),
        '../../etc/passwd',
        `${'a'.repeat(64)}/x`,
      ]) {
        expect(await store.get(id)).toBeNull();
        expect(await store.open(id)).toBeNull();
      }
    });

    it('refuses to put under an id that is no content hash', async () => {
      const db = await setUp();
      await expect(store.put('../escape', Buffer.from('x'), db.db)).rejects.toThrow(
        /Invalid file id/,
      );
    });

    it('streams a large file in pieces, never as one buffer (disk and S3)', async () => {
      const db = await setUp();
      const file = await content(db, 3 * 1024 * 1024);
      await store.put(file.id, file.data, db.db);
      const read = await readAll(store, file.id);
      expect(read?.data.equals(file.data)).toBe(true);
      if (kind !== 'database') expect(read?.chunks).toBeGreaterThan(1);
    });

    it('forgets removed bytes, asking stillUnused once', async () => {
      const db = await setUp();
      const file = await content(db);
      await store.put(file.id, file.data, db.db);
      let asked = 0;
      await store.remove(file.id, async () => {
        asked += 1;
        return true;
      });
      expect(await store.get(file.id)).toBeNull();
      expect(await store.open(file.id)).toBeNull();
      // The database store's blob goes with the row; it is never asked.
      expect(asked).toBe(store.outsideDatabase ? 1 : 0);
    });

    it('removes nothing for an unknown or malformed id', async () => {
      await setUp();
      await store.remove('b'.repeat(64), async () => true);
      await store.remove('../x', async () => true);
    });

    it.runIf(kind !== 'database')(
      'puts the bytes back when the content is in use again by the time stillUnused is asked',
      async () => {
        const db = await setUp();
        const file = await content(db);
        await store.put(file.id, file.data, db.db);
        await store.remove(file.id, async () => {
          // Out of reach while the question is asked.
          expect(await store.get(file.id)).toBeNull();
          return false;
        });
        expect(await store.get(file.id)).toEqual(file.data);
      },
    );

    it.runIf(kind !== 'database')(
      'keeps the bytes a re-upload stores while they are being removed',
      async () => {
        const db = await setUp();
        const file = await content(db);
        await store.put(file.id, file.data, db.db);
        await store.remove(file.id, async () => {
          await store.put(file.id, file.data, db.db);
          return false;
        });
        expect(await store.get(file.id)).toEqual(file.data);
      },
    );
  });
});
