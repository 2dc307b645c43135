import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fileUrl } from '../../../contract/files';
import { buildJpeg } from '../../../tests/support/images';
import { databaseTargets, type DatabaseTarget } from '../../../tests/support/test-database';
import { image, useUploadApp } from './files-test-kit';

describe.each(databaseTargets)('files on $name', (target: DatabaseTarget) => {
  const kit = useUploadApp(target);
  const { start, upload } = kit;

  describe('GET /api/files/:id', () => {
    async function stored(): Promise<string> {
      const res = await upload([image(await buildJpeg({ width: 30, height: 20 }))]);
      expect(res.statusCode).toBe(200);
      return res.json().file.id;
    }

    it('serves the bytes as an immutable, nosniff WebP with the id as ETag', async () => {
      await start();
      const id = await stored();
      const res = await kit.app.inject({ method: 'GET', url: fileUrl(id) });
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
        const res = await kit.app.inject({
          method: 'GET',
          url: fileUrl(id),
          headers: { 'if-none-match': tag },
        });
        expect(res.statusCode).toBe(304);
        expect(res.rawPayload.length).toBe(0);
        expect(res.headers.etag).toBe(`"${id}"`);
      }
      const other = await kit.app.inject({
        method: 'GET',
        url: fileUrl(id),
        headers: { 'if-none-match': '"nope"' },
      });
      expect(other.statusCode).toBe(200);
    });

    it('answers an unknown id with a JSON 404', async () => {
      await start();
      const res = await kit.app.inject({ method: 'GET', url: fileUrl('a'.repeat(64)) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'No such file.' });
    });

    it.each(['abc', 'A'.repeat(64), `${'a'.repeat(64)}.webp`, '..%2F..%2Fetc%2Fpasswd'])(
      'answers the malformed id %j with a 4xx, never a 5xx',
      async (id) => {
        await start();
        const res = await kit.app.inject({ method: 'GET', url: `/api/files/${id}` });
        expect([400, 404]).toContain(res.statusCode);
        expect(res.json()).toMatchObject({ success: false });
      },
    );

    it('needs no session', async () => {
      await start();
      const id = await stored();
      const res = await kit.app.inject({
        method: 'GET',
        url: fileUrl(id),
        headers: { 'x-auth-token': 'not-a-token' },
      });
      expect(res.statusCode).toBe(200);
    });

    it('is described in the OpenAPI document', async () => {
      await start();
      const res = await kit.app.inject({ method: 'GET', url: '/api/docs/json' });
      const operation = res.json().paths['/api/files/{id}'].get;
      expect(operation.tags).toEqual(['files']);
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining(['200', '304', '404']),
      );
    });
  });
});
