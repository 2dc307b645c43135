import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// s3rver ships no types; the few members used here are declared in tests/support/s3rver.d.ts.
import S3rver from 's3rver';

/** Where a started S3-compatible server answers, and how to stop it (see `startS3Server`). */
export interface S3Server {
  /** e.g. http://127.0.0.1:41234 — use it with path-style addressing (S3_FORCE_PATH_STYLE=true). */
  endpoint: string;
  /** A bucket that exists when the server has started. */
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
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
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    region: 'us-east-1',
    // s3rver's fixed credentials: another access key id is refused.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
