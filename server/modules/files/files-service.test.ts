import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../tests/support/factories';
import { buildPng } from '../../../tests/support/images';
import { buildTestServices } from '../../../tests/support/test-app';
import {
  createTestDatabase,
  databaseTargets,
  type DatabaseTarget,
} from '../../../tests/support/test-database';
import type { DatabaseHandle } from '../../db/database';
import { fixedClock } from '../../lib/clock';
import { databaseFileStore, diskFileStore, type FileStore } from './file-store';
import { useTempDirs } from './files-test-kit';

describe.each(databaseTargets)('files on $name', (target: DatabaseTarget) => {
  const tempDir = useTempDirs();

  describe('filesService', () => {
    let database: DatabaseHandle | undefined;
    afterEach(async () => {
      await database?.close();
      database = undefined;
    });

    it('records the first uploader as owner and reuses the row for a second one', async () => {
      database = await createTestDatabase(target);
      const { db } = database;
      const alice = buildUser();
      const bob = buildUser();
      await db.insertInto('users').values([alice, bob]).execute();
      const { files } = buildTestServices(database, {
        config: { fileStorage: 'database' },
        clock: fixedClock('2026-03-01T10:00:00.000Z'),
      });
      const png = await buildPng(16, 16, 4);
      const first = await files.storeImage(alice.id, png);
      const second = await files.storeImage(bob.id, png);
      expect(second).toEqual(first);
      const rows = await db.selectFrom('files').selectAll().execute();
      expect(rows).toEqual([
        expect.objectContaining({
          id: first.id,
          owner_id: alice.id,
          created_at: '2026-03-01T10:00:00.000Z',
        }),
      ]);
      const opened = await files.open(first.id);
      expect(opened?.file.id).toBe(first.id);
      expect(opened?.data.length).toBe(first.bytes);
      expect(await files.open('b'.repeat(64))).toBeNull();
    });
  });

  describe.each([
    [
      'disk',
      async () => {
        const dir = await tempDir();
        return diskFileStore(dir);
      },
    ],
    ['database', async (db: DatabaseHandle['db']) => databaseFileStore(db)],
  ] as const)('%s FileStore', (_kind, makeStore) => {
    let database: DatabaseHandle | undefined;
    let store: FileStore;
    afterEach(async () => {
      await database?.close();
      database = undefined;
    });

    async function prepare(ids: string[]) {
      database = await createTestDatabase(target);
      // file_blobs references files, so the database store needs the rows first.
      for (const id of ids) {
        await database.db
          .insertInto('files')
          .values({
            id,
            mime: 'image/webp',
            bytes: 3,
            width: 1,
            height: 1,
            owner_id: null,
            created_at: '2026-01-01T00:00:00.000Z',
          })
          .execute();
      }
      store = await makeStore(database.db);
    }

    it('round-trips bytes, keeps one copy under racing writers, and answers null for unknown ids', async () => {
      const id = 'c'.repeat(64);
      const other = 'd'.repeat(64);
      await prepare([id, other]);
      const data = Buffer.from([1, 2, 3, 250]);
      const { db } = database!;
      await Promise.all([
        store.put(id, data, db),
        store.put(id, data, db),
        store.put(id, data, db),
      ]);
      expect((await store.get(id))?.equals(data)).toBe(true);
      expect(await store.get(other)).toBeNull();
      expect(await store.get('../../etc/passwd')).toBeNull();
      await expect(store.put('../escape', data, db)).rejects.toThrow(/Invalid file id/);
      await store.remove(id, async () => true);
      await store.remove(id, async () => true);
      expect(await store.get(id)).toBeNull();
    });
  });

  describe('references come from the schema', () => {
    let database: DatabaseHandle | undefined;
    afterEach(async () => {
      await database?.close();
      database = undefined;
    });

    const setAvatar = (db: DatabaseHandle['db'], userId: string, fileId: string | null) =>
      db.updateTable('users').set({ avatar_file_id: fileId }).where('id', '=', userId).execute();

    it('keeps a file any foreign key still points to, and deletes it once nothing does', async () => {
      database = await createTestDatabase(target);
      const { db } = database;
      const alice = buildUser();
      await db.insertInto('users').values(alice).execute();
      const { files } = buildTestServices(database, { config: { fileStorage: 'database' } });
      const stored = await files.storeImage(alice.id, await buildPng(8, 8, 1));
      await setAvatar(db, alice.id, stored.id);

      await files.discardIfUnused(stored.id);
      expect(await files.open(stored.id)).not.toBeNull();

      await setAvatar(db, alice.id, null);
      await files.discardIfUnused(stored.id);
      expect(await files.open(stored.id)).toBeNull();
      expect(await db.selectFrom('file_blobs').select('file_id').execute()).toEqual([]);
    });

    it('a re-upload of the same bytes while a discard is removing them keeps the bytes (disk)', async () => {
      database = await createTestDatabase(target);
      const { db } = database;
      const alice = buildUser();
      await db.insertInto('users').values(alice).execute();
      const dir = await tempDir();
      const disk = diskFileStore(dir);
      let reupload: (() => Promise<void>) | null = null;
      // The upload lands between the discard's row delete and its removal of the bytes.
      const racingStore: FileStore = {
        ...disk,
        async remove(id, stillUnused) {
          await reupload?.();
          await disk.remove(id, stillUnused);
        },
      };
      const { files, uow } = buildTestServices(database, { fileStore: racingStore });
      const png = await buildPng(8, 8, 2);
      const first = await files.storeImage(alice.id, png);
      reupload = async () => {
        reupload = null;
        const image = await files.prepareImage(png);
        await uow.withTransaction(async (tx) => {
          await files.saveImage(tx, alice.id, image);
          await tx.db
            .updateTable('users')
            .set({ avatar_file_id: image.id })
            .where('id', '=', alice.id)
            .execute();
        });
      };

      await files.discardIfUnused(first.id);

      const opened = await files.open(first.id);
      expect(opened?.data.length).toBe(first.bytes);
    });

    it('an upload committed after a discard finished stores the bytes anew', async () => {
      database = await createTestDatabase(target);
      const dir = await tempDir();
      const { files } = buildTestServices(database, { fileStore: diskFileStore(dir) });
      const png = await buildPng(8, 8, 3);
      const first = await files.storeImage(null, png);
      await files.discardIfUnused(first.id);
      expect(await files.open(first.id)).toBeNull();
      await files.storeImage(null, png);
      expect((await files.open(first.id))?.data.length).toBe(first.bytes);
    });

    it('an upload whose transaction rolls back leaves neither row nor bytes (disk)', async () => {
      database = await createTestDatabase(target);
      const dir = await tempDir();
      const disk = diskFileStore(dir);
      const { files, uow } = buildTestServices(database, { fileStore: disk });
      const image = await files.prepareImage(await buildPng(8, 8, 4));
      await expect(
        uow.withTransaction(async (tx) => {
          await files.saveImage(tx, null, image);
          throw new Error('the drive row was refused');
        }),
      ).rejects.toThrow('the drive row was refused');
      expect(await files.open(image.id)).toBeNull();
      expect(await disk.get(image.id)).toBeNull();
    });
  });
});
