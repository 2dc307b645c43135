import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { FILE_MESSAGES, IMAGE_UPLOAD, fileUrl } from '../../../contract/files';
import { buildUser } from '../../../tests/support/factories';
import {
  buildBombPng,
  buildJpeg,
  buildPng,
  corruptJpeg,
  hasGpsExif,
  multipartBody,
  textFileBytes,
  type MultipartPart,
} from '../../../tests/support/images';
import { buildTestApp, buildTestServices, type TestApp } from '../../../tests/support/test-app';
import {
  createTestDatabase,
  databaseTargets,
  type DatabaseTarget,
} from '../../../tests/support/test-database';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import { fixedClock } from '../../lib/clock';
import { badRequest } from '../../lib/errors';
import { databaseFileStore, diskFileStore, type FileStore } from './file-store';
import { MULTIPART_MESSAGES, readMultipart } from './multipart';

const UPLOAD_URL = '/test-only/upload';

async function tempDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'canopy-files-'));
}

describe.each(databaseTargets)('files on $name', (target: DatabaseTarget) => {
  let t: TestApp | undefined;
  const dirs: string[] = [];
  afterEach(async () => {
    await t?.close();
    t = undefined;
    await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
  });

  /** An app with a test-only upload route: readMultipart → files.storeImage, like the avatar will. */
  async function start(config: Partial<Config> = {}): Promise<TestApp> {
    const app = await buildTestApp(target, {
      config: { fileStorage: 'database', dataDir: '/nonexistent', ...config },
      beforeReady: (fastify) => {
        fastify.post(UPLOAD_URL, async (request) => {
          const form = await readMultipart(request, { fileField: 'image' });
          if (!form.file) throw badRequest(FILE_MESSAGES.missing);
          // The app's own files service, over the same database and configuration.
          const { files } = fastify.services;
          return {
            success: true,
            fields: form.fields,
            file: await files.storeImage(null, form.file),
          };
        });
      },
    }).then((built) => {
      t = built;
      return built;
    });
    return app;
  }

  const upload = (parts: MultipartPart[]) => {
    const { payload, headers } = multipartBody(parts);
    return t!.app.inject({ method: 'POST', url: UPLOAD_URL, payload, headers });
  };
  const image = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') => ({
    name: 'image',
    filename,
    contentType,
    data,
  });

  describe('upload through the multipart reader', () => {
    it('stores a JPEG with GPS EXIF as WebP without any EXIF', async () => {
      await start();
      const jpeg = await buildJpeg({ width: 160, height: 90, gps: true });
      expect(hasGpsExif((await sharp(jpeg).metadata()).exif)).toBe(true);

      const res = await upload([image(jpeg)]);
      expect(res.statusCode).toBe(200);
      const file = res.json().file;
      expect(file).toMatchObject({ mime: 'image/webp', width: 160, height: 90 });
      expect(file.id).toMatch(/^[a-f0-9]{64}$/);
      expect(file.url).toBe(fileUrl(file.id));

      const served = await t!.app.inject({ method: 'GET', url: file.url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.length).toBe(file.bytes);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('CanopyCam'))).toBe(false);
    });

    it('collects text fields, repeated names as arrays', async () => {
      await start();
      const res = await upload([
        { name: 'name', value: 'Oak grove' },
        { name: 'treeTypes', value: '3' },
        image(await buildPng(20, 20), 'a.png', 'image/png'),
        { name: 'treeTypes', value: '7' },
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json().fields).toEqual({ name: ['Oak grove'], treeTypes: ['3', '7'] });
    });

    it('refuses a text file named .png', async () => {
      await start();
      const res = await upload([image(textFileBytes(), 'cat.png', 'image/png')]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'BAD_REQUEST',
        message: FILE_MESSAGES.notImage,
      });
    });

    it('refuses more than 5 MB with 413', async () => {
      await start();
      const big = Buffer.concat([
        await buildJpeg({ width: 8, height: 8 }),
        Buffer.alloc(IMAGE_UPLOAD.maxBytes),
      ]);
      const res = await upload([image(big)]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        success: false,
        code: 'PAYLOAD_TOO_LARGE',
        message: FILE_MESSAGES.tooLarge,
      });
    });

    it('refuses a decompression bomb with 400', async () => {
      await start();
      const res = await upload([image(buildBombPng(), 'bomb.png', 'image/png')]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: FILE_MESSAGES.tooManyPixels });
    });

    it('refuses a corrupt JPEG with 400', async () => {
      await start();
      const res = await upload([image(corruptJpeg())]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: FILE_MESSAGES.unreadable });
    });

    it('stores the same image once: same id, one row, one blob', async () => {
      const app = await start();
      const png = await buildPng(40, 30, 2);
      const [a, b] = await Promise.all([
        upload([image(png, 'a.png', 'image/png')]),
        upload([image(png, 'b.png', 'image/png')]),
      ]);
      const c = await upload([image(png, 'c.png', 'image/png')]);
      expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
      expect(b.json().file).toEqual(a.json().file);
      expect(c.json().file).toEqual(a.json().file);
      const { db } = app.database;
      expect(await db.selectFrom('files').select('id').execute()).toEqual([
        { id: a.json().file.id },
      ]);
      expect(await db.selectFrom('file_blobs').select('file_id').execute()).toHaveLength(1);
    });

    it('refuses a file under another field name', async () => {
      await start();
      const res = await upload([{ ...image(await buildPng(5, 5)), name: 'avatar' }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please send the image in the "image" field.');
    });

    it('refuses two files', async () => {
      await start();
      const png = await buildPng(5, 5);
      const res = await upload([image(png), image(png)]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MULTIPART_MESSAGES.oneFile);
    });

    it('treats an empty, unnamed file part as no file', async () => {
      await start();
      const res = await upload([{ name: 'name', value: 'x' }, image(Buffer.alloc(0), '')]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(FILE_MESSAGES.missing);
    });

    it('refuses an overlong text field with 413', async () => {
      await start();
      const res = await upload([{ name: 'description', value: 'x'.repeat(11 * 1024) }]);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(MULTIPART_MESSAGES.fieldTooLong);
    });

    it('refuses too many fields with 413', async () => {
      await start();
      const parts = Array.from({ length: 70 }, (_, i) => ({ name: `f${i}`, value: 'v' }));
      const res = await upload(parts);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(MULTIPART_MESSAGES.tooManyFields);
    });

    it('answers JSON with 415 and a clear message', async () => {
      await start();
      const res = await t!.app.inject({ method: 'POST', url: UPLOAD_URL, payload: { a: 1 } });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        success: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: MULTIPART_MESSAGES.notMultipart,
      });
    });

    it.each([
      ['a body cut off mid-part', (body: Buffer) => body.subarray(0, body.length - 40)],
      ['garbage', () => Buffer.from('this is not multipart at all')],
    ])('answers %s with 400, never a 5xx', async (_name, mangle) => {
      await start();
      const { payload, headers } = multipartBody([image(await buildPng(50, 50))]);
      const broken = mangle(payload);
      const res = await t!.app.inject({
        method: 'POST',
        url: UPLOAD_URL,
        payload: broken,
        headers: { ...headers, 'content-length': String(broken.length) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    });

    it('answers multipart without a boundary with 400', async () => {
      await start();
      const res = await t!.app.inject({
        method: 'POST',
        url: UPLOAD_URL,
        payload: 'x',
        headers: { 'content-type': 'multipart/form-data' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MULTIPART_MESSAGES.malformed);
    });

    it('keeps the files on disk when FILE_STORAGE is disk', async () => {
      const dataDir = await tempDir();
      dirs.push(dataDir);
      const app = await start({ fileStorage: 'disk', dataDir });
      const res = await upload([image(await buildPng(12, 12, 9), 'a.png', 'image/png')]);
      expect(res.statusCode).toBe(200);
      const { id } = res.json().file;
      const onDisk = path.join(dataDir, 'files', id.slice(0, 2), id.slice(2, 4), `${id}.webp`);
      expect((await fs.stat(onDisk)).size).toBe(res.json().file.bytes);
      expect(await app.database.db.selectFrom('file_blobs').selectAll().execute()).toHaveLength(0);
      const served = await t!.app.inject({ method: 'GET', url: fileUrl(id) });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(await fs.readFile(onDisk))).toBe(true);
    });
  });

  describe('GET /api/files/:id', () => {
    async function stored(): Promise<string> {
      const res = await upload([image(await buildJpeg({ width: 30, height: 20 }))]);
      expect(res.statusCode).toBe(200);
      return res.json().file.id;
    }

    it('serves the bytes as an immutable, nosniff WebP with the id as ETag', async () => {
      await start();
      const id = await stored();
      const res = await t!.app.inject({ method: 'GET', url: fileUrl(id) });
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline',
        etag: `"${id}"`,
      });
      expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    });

    it('answers 304 when the ETag matches', async () => {
      await start();
      const id = await stored();
      for (const tag of [`"${id}"`, `W/"${id}"`, `"other", "${id}"`, '*']) {
        const res = await t!.app.inject({
          method: 'GET',
          url: fileUrl(id),
          headers: { 'if-none-match': tag },
        });
        expect(res.statusCode).toBe(304);
        expect(res.rawPayload.length).toBe(0);
        expect(res.headers.etag).toBe(`"${id}"`);
      }
      const other = await t!.app.inject({
        method: 'GET',
        url: fileUrl(id),
        headers: { 'if-none-match': '"nope"' },
      });
      expect(other.statusCode).toBe(200);
    });

    it('answers an unknown id with a JSON 404', async () => {
      await start();
      const res = await t!.app.inject({ method: 'GET', url: fileUrl('a'.repeat(64)) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'No such file.' });
    });

    it.each(['abc', 'A'.repeat(64), `${'a'.repeat(64)}.webp`, '..%2F..%2Fetc%2Fpasswd'])(
      'answers the malformed id %j with a 4xx, never a 5xx',
      async (id) => {
        await start();
        const res = await t!.app.inject({ method: 'GET', url: `/api/files/${id}` });
        expect([400, 404]).toContain(res.statusCode);
        expect(res.json()).toMatchObject({ success: false });
      },
    );

    it('needs no session', async () => {
      await start();
      const id = await stored();
      const res = await t!.app.inject({
        method: 'GET',
        url: fileUrl(id),
        headers: { 'x-auth-token': 'not-a-token' },
      });
      expect(res.statusCode).toBe(200);
    });

    it('is described in the OpenAPI document', async () => {
      await start();
      const res = await t!.app.inject({ method: 'GET', url: '/api/docs/json' });
      const operation = res.json().paths['/api/files/{id}'].get;
      expect(operation.tags).toEqual(['files']);
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining(['200', '304', '404']),
      );
    });
  });

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
        dirs.push(dir);
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
      await Promise.all([store.put(id, data, db), store.put(id, data, db), store.put(id, data, db)]);
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
      dirs.push(dir);
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
      dirs.push(dir);
      const { files } = buildTestServices(database, { fileStore: diskFileStore(dir) });
      const png = await buildPng(8, 8, 3);
      const first = await files.storeImage(null, png);
      await files.discardIfUnused(first.id);
      expect(await files.open(first.id)).toBeNull();
      await files.storeImage(null, png);
      expect((await files.open(first.id))?.data.length).toBe(first.bytes);
    });
  });
});
