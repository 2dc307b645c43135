import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { startS3Server } from '../../../tests/support/s3-server';

describe('startS3Server', () => {
  it('serves a bucket on loopback to its access key, and stops', async () => {
    const s3 = await startS3Server();
    const client = (accessKeyId: string) =>
      new S3Client({
        endpoint: s3.endpoint,
        region: s3.region,
        forcePathStyle: true,
        credentials: { accessKeyId, secretAccessKey: s3.secretAccessKey },
      });
    try {
      expect(s3.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const good = client(s3.accessKeyId);
      await good.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'a', Body: 'hello' }));
      const got = await good.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'a' }));
      expect(await got.Body?.transformToString()).toBe('hello');
      await expect(
        client('wrong').send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'a' })),
      ).rejects.toThrow();
    } finally {
      await s3.stop();
    }
    await expect(fetch(`${s3.endpoint}/${s3.bucket}/a`)).rejects.toThrow();
  });
});
