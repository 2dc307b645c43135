import type { DatabaseHandle } from '../db/database';
import type { Clock } from '../lib/clock';
import type { Log } from '../lib/log';
import { createGraphileQueue } from './graphile-queue';
import type { JobQueue } from './jobs-port';
import { createSqliteQueue } from './sqlite-queue';

/**
 * The one jobs queue for the database in use: graphile-worker on PostgreSQL, the `jobs` table
 * drained in-process on SQLite. `jobs` is the port services enqueue on; main.ts (and test apps)
 * `start` it with every manifest's tasks and schedules.
 */
export function createJobQueue(options: {
  database: DatabaseHandle;
  clock: Clock;
  log: Log;
  /** How often to look for jobs that became due without a wake-up (retries, runAt). */
  pollMs?: number;
  concurrency?: number;
}): JobQueue {
  const { database, clock, log, pollMs, concurrency } = options;
  const tuning = {
    ...(pollMs !== undefined ? { pollMs } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
  };
  return database.dialect === 'postgres'
    ? createGraphileQueue({ database, log, ...tuning })
    : createSqliteQueue({ db: database.db, clock, log, ...tuning });
}
