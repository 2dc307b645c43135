import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES, IMAGE_UPLOAD, fileUrl } from '../../../contract/files';
import {
  buildBombPng,
  buildJpeg,
  buildPng,
  corruptJpeg,
  hasGpsExif,
  multipartBody,
  textFileBytes,
} from '../../../tests/support/images';
import { databaseTargets, type DatabaseTarget } from '../../../tests/support/test-database';
import { image, UPLOAD_URL, useTempDirs, useUploadApp } from './files-test-kit';
import { MULTIPART_MESSAGES } from './multipart';

describe.each(databaseTargets)('files on $name', (target: DatabaseTarget) => {
  const tempDir = useTempDirs();
  const kit = useUploadApp(target);
  const { start, upload } = kit;

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

      const served = await kit.app.inject({ method: 'GET', url: file.url });
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
      const res = await kit.app.inject({ method: 'POST', url: UPLOAD_URL, payload: { a: 1 } });
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
      const res = await kit.app.inject({
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
      const res = await kit.app.inject({
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
      const app = await start({ fileStorage: 'disk', dataDir });
      const res = await upload([image(await buildPng(12, 12, 9), 'a.png', 'image/png')]);
      expect(res.statusCode).toBe(200);
      const { id } = res.json().file;
      const onDisk = path.join(dataDir, 'files', id.slice(0, 2), id.slice(2, 4), `${id}.webp`);
      expect((await fs.stat(onDisk)).size).toBe(res.json().file.bytes);
      expect(await app.database.db.selectFrom('file_blobs').selectAll().execute()).toHaveLength(0);
      const served = await kit.app.inject({ method: 'GET', url: fileUrl(id) });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(await fs.readFile(onDisk))).toBe(true);
    });
  });
});
