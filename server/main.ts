import fs from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrateToLatest, openDatabase, sqliteFileIn, type DatabaseHandle } from './db/database';
import { startEventLoopReport } from './lib/event-loop-report';
import { resolveSessionSecret } from './lib/secrets';
import { applyServerTimeouts } from './lib/server-timeouts';

/** A start-up failure a person can act on: one line, no stack trace. */
function fail(message: string): never {
  process.stderr.write(`canopy: ${message}\n`);
  process.exit(1);
}

function describeStartupError(error: unknown, port: number, host: string): string {
  const err = error as NodeJS.ErrnoException & { errors?: unknown[] };
  if (err?.code === 'EADDRINUSE')
    return `port ${port} on ${host} is already in use; set PORT to a free port`;
  if (err?.code === 'EACCES')
    return `not allowed to listen on ${host}:${port}; choose a PORT above 1024`;
  if (err?.code === 'EADDRNOTAVAIL') return `HOST ${host} is not an address of this machine`;
  if (err?.code === 'ECONNREFUSED' || err?.errors)
    return 'cannot reach the database at DATABASE_URL (connection refused)';
  if (err?.code === 'ENOTFOUND') return 'cannot resolve the database host in DATABASE_URL';
  if (err?.code === '28P01')
    return 'the database rejected the user name or password in DATABASE_URL';
  if (err?.code === '3D000') return 'the database named in DATABASE_URL does not exist';
  return err instanceof Error ? err.message.split('\n')[0]! : String(error);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
  } catch {
    fail(`cannot create the data directory ${config.dataDir}`);
  }
  const sessionSecret = resolveSessionSecret(config.dataDir, config.sessionSecret);
  config = { ...config, sessionSecret };

  let database: DatabaseHandle | undefined;
  try {
    database = openDatabase({
      databaseUrl: config.databaseUrl,
      sqliteFile: sqliteFileIn(config.dataDir),
    });
    await migrateToLatest(database);
    const app = await buildApp({ config, database });
    // Slow or stalled clients are cut off instead of holding a connection open.
    applyServerTimeouts(app.server);
    const { queue, background } = app.services;
    const eventLoop = config.eventLoopReport ? startEventLoopReport() : undefined;
    const close = async (signal: string) => {
      app.log.info({ signal }, 'shutting down');
      eventLoop?.stop();
      // A second signal, or a stuck close, must not hang the process forever.
      setTimeout(() => process.exit(1), 10_000).unref();
      await queue.stop();
      await app.close();
      await database?.close();
      process.exit(0);
    };
    process.once('SIGTERM', () => void close('SIGTERM'));
    process.once('SIGINT', () => void close('SIGINT'));
    await app.listen({ port: config.port, host: config.host });
    // Jobs (mail, and any left by a crash) and the schedules start once the server is up.
    await queue.start(background.tasks, config.scheduledJobs ? background.schedules : []);
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    app.log.info(
      `Canopy is running on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port} (${database.dialect})`,
    );
  } catch (error) {
    await database?.close().catch(() => undefined);
    fail(describeStartupError(error, config.port, config.host));
  }
}

void main();
