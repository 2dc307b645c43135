import fs from 'node:fs/promises';
import { S3Client } from '@aws-sdk/client-s3';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// s3rver ships no types; the few members used here are declared in tests/support/s3rver.d.ts.
import S3rver from 's3rver';
import type { S3Settings } from '../../server/config';

/** Where a started S3-compatible server answers, and how to stop it (see `startS3Server`). */
export interface S3Server {
  /** e.g. http://127.0.0.1:41234 — use it with path-style addressing (S3_FORCE_PATH_STYLE=true). */
  endpoint: string;
  /** A bucket that exists when the server has started. */
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The same as the app's parsed S3 settings (what `s3FileStore` takes). */
  settings: S3Settings;
  /** An S3 client for this server (tests look inside the bucket with it). */
  client(): S3Client;
  /** The settings an operator would give a server to store files here (FILE_STORAGE=s3, S3_*). */
  env: Record<string, string>;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, offline) on an ephemeral loopback port with its own temp
 * directory and one bucket; requests need the returned access key id.
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<S3Server> {
  const bucket = options.bucket ?? 'canopy-test';
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'canopy-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  let address: AddressInfo;
  try {
    address = await server.run();
  } catch (error) {
    await fs.rm(directory, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  const endpoint = `http://127.0.0.1:${address.port}`;
  // s3rver's fixed credentials: another access key id is refused.
  const [region, accessKeyId, secretAccessKey] = ['us-east-1', 'S3RVER', 'S3RVER'];
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    settings: { endpoint, region, bucket, accessKeyId, secretAccessKey, forcePathStyle: true },
    client: () =>
      new S3Client({
        endpoint,
        region,
        forcePathStyle: true,
        credentials: { accessKeyId, secretAccessKey },
      }),
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
