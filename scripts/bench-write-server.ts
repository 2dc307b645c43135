import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { buildConfig } from '../server/config';
import { migrateToLatest, openDatabase, sqliteFileIn } from '../server/db/database';

/**
 * The app for `npm run bench`'s write scenario, on a fresh SQLite file with the sync level given
 * (`FULL`, the server's, or `NORMAL`, for comparison): `bench-write-server.ts <port> <FULL|NORMAL>`.
 */
const port = Number(process.argv[2] ?? 0);
const synchronous = process.argv[3] === 'NORMAL' ? 'NORMAL' : 'FULL';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-bench-writes-'));
const database = openDatabase({ sqliteFile: sqliteFileIn(dataDir), synchronous });
await migrateToLatest(database);
const app = await buildApp({
  config: buildConfig({
    env: 'production',
    logLevel: 'error',
    dataDir,
    sessionSecret: 'bench-secret-'.padEnd(40, 'x'),
    webDistDir: '/nonexistent-canopy-web',
    // One address sends every request: the per-IP limits would otherwise answer most of them.
    rateLimitMultiplier: 1_000_000,
  }),
  database,
});
await app.listen({ port, host: '127.0.0.1' });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
const stop = async () => {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
