import { DeleteObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUrl } from '../../../contract/files';
import { buildJpeg } from '../../../tests/support/images';
import { startS3Server, type S3Server } from '../../../tests/support/s3-server';
import { databaseTargets, type DatabaseTarget } from '../../../tests/support/test-database';
import { loadConfig } from '../../config';
import { image, useTempDirs, useUploadApp } from './files-test-kit';
import { s3KeyOf } from './s3-file-store';

/** The headers a client and a cache see, without the ones that change per answer. */
const served = (headers: Record<string, unknown>) => {
  const { date: _date, 'request-id': _id, 'x-request-id': _xid, ...rest } = headers;
  return rest;
};

describe.each(databaseTargets)('files in S3 on $name', (target: DatabaseTarget) => {
  const kit = useUploadApp(target);
  const tempDir = useTempDirs();
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.stop();
  });

  /** The configuration FILE_STORAGE=s3 and S3_* make, as an operator would set them. */
  const s3Config = () => loadConfig(s3.env);

  const bucket = () => s3.client();

  async function uploadAndGet(headers: Record<string, string> = {}) {
    const res = await kit.upload([image(await buildJpeg({ width: 40, height: 30 }))]);
    expect(res.statusCode).toBe(200);
    const id: string = res.json().file.id;
    return { id, res: await kit.app.inject({ method: 'GET', url: fileUrl(id), headers }) };
  }

  it('stores an upload in the bucket and serves it with the same headers as the disk store', async () => {
    const { fileStorage, s3: settings } = s3Config();
    const first = await kit.start({ fileStorage, s3: settings });
    const fromS3 = await uploadAndGet();
    expect(fromS3.res.statusCode).toBe(200);
    expect(fromS3.res.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      etag: `"${fromS3.id}"`,
    });
    expect((await sharp(fromS3.res.rawPayload).metadata()).format).toBe('webp');
    // The bytes are an object in the bucket, not a blob in the database.
    const object = await bucket().send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: s3KeyOf(fromS3.id) }),
    );
    expect(object.ContentLength).toBe(fromS3.res.rawPayload.length);
    expect(await kit.app.services.uow.db.selectFrom('file_blobs').selectAll().execute()).toEqual(
      [],
    );
    const notModified = await kit.app.inject({
      method: 'GET',
      url: fileUrl(fromS3.id),
      headers: { 'if-none-match': `"${fromS3.id}"` },
    });
    expect(notModified.statusCode).toBe(304);
    // HEAD and many GETs at once: every stream opened from the bucket is read to its end.
    const head = await kit.app.inject({ method: 'HEAD', url: fileUrl(fromS3.id) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(fromS3.res.rawPayload.length));
    const many = await Promise.all(
      Array.from({ length: 60 }, () => kit.app.inject({ method: 'GET', url: fileUrl(fromS3.id) })),
    );
    expect(many.every((res) => res.rawPayload.equals(fromS3.res.rawPayload))).toBe(true);

    await first.close();
    await kit.start({ fileStorage: 'disk', dataDir: await tempDir() });
    const fromDisk = await uploadAndGet();
    expect(fromDisk.id).toBe(fromS3.id);
    expect(fromDisk.res.rawPayload.equals(fromS3.res.rawPayload)).toBe(true);
    expect(served(fromS3.res.headers)).toEqual(served(fromDisk.res.headers));
  });

  it('answers 404 when the bucket lost the bytes of a described file', async () => {
    const { fileStorage, s3: settings } = s3Config();
    await kit.start({ fileStorage, s3: settings });
    const res = await kit.upload([image(await buildJpeg({ width: 20, height: 20 }))]);
    const id: string = res.json().file.id;
    await bucket().send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: s3KeyOf(id) }));
    const gone = await kit.app.inject({ method: 'GET', url: fileUrl(id) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
