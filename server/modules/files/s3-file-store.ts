import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config';
import type { FileStore } from './file-store';

type S3Module = typeof S3Sdk;

// As in file-store.ts (not imported from there: that module imports this one).
const isFileId = (id: string): boolean => /^[a-f0-9]{64}$/.test(id);

/** The object key of a file: one prefix, so the bucket may hold other things beside. */
export const s3KeyOf = (id: string): string => `files/${id}.webp`;

/**
 * Bytes as objects in an S3 (or S3-compatible) bucket, so several app servers see them all
 * without the database carrying them. The SDK is loaded on first use: servers on disk or
 * database storage never pay for it at start.
 */
export function s3FileStore(settings: S3Settings): FileStore {
  let loaded: Promise<{ sdk: S3Module; client: S3Sdk.S3Client }> | undefined;
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        credentials: {
          accessKeyId: settings.accessKeyId,
          secretAccessKey: settings.secretAccessKey,
        },
      }),
    })));
  const Bucket = settings.bucket;

  /** The object as a stream with its length, or null when there is none. */
  async function getObject(id: string): Promise<{ stream: Readable; size: number } | null> {
    if (!isFileId(id)) return null;
    const { sdk, client } = await s3();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: s3KeyOf(id) }));
      // In Node.js the body is the HTTP response itself: read as it arrives, never held whole.
      return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function putObject(id: string, data: Buffer): Promise<void> {
    const { sdk, client } = await s3();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket,
        Key: s3KeyOf(id),
        Body: data,
        ContentLength: data.length,
        ContentType: 'image/webp',
      }),
    );
  }

  async function get(id: string): Promise<Buffer | null> {
    const object = await getObject(id);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  return {
    outsideDatabase: true,
    async put(id, data) {
      if (!isFileId(id)) throw new Error(`Invalid file id: ${JSON.stringify(id)}`);
      // Same key, same bytes: a second put replaces the object with itself.
      await putObject(id, data);
    },
    get,
    open: getObject,
    async remove(id, stillUnused) {
      if (!isFileId(id)) return;
      // S3 has no rename: the bytes are kept in memory while out of reach (images are small),
      // so a re-upload of the same content meanwhile (stillUnused false) gets them back.
      const bytes = await get(id);
      if (!bytes) return;
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: s3KeyOf(id) }));
      if (!(await stillUnused())) await putObject(id, bytes);
    },
  };
}

/** NoSuchKey / NotFound, by name or by status (S3-compatible servers differ). */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
