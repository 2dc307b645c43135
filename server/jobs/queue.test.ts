import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, databaseTargets } from '../../tests/support/test-database';
import type { DatabaseHandle } from '../db/database';
import { createUnitOfWork } from '../db/unit-of-work';
import { systemClock, type Clock } from '../lib/clock';
import { retryDelayMs } from './backoff';
import type { JobQueue, Schedule } from './jobs-port';
import { createJobQueue } from './queue';

const quietLog = () => ({ info: () => {}, warn: () => {}, error: () => {} });
/** A clock the test moves (test-app's movableClock, without importing the whole app). */
function movableClock(iso: string) {
  let current = Date.parse(iso);
  return {
    now: () => new Date(current),
    set: (next: string) => void (current = Date.parse(next)),
    advance: (ms: number) => void (current += ms),
  };
}
const spyLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe.each(databaseTargets)('the jobs queue on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  const queues: JobQueue[] = [];
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
    await handle?.close();
    handle = undefined;
  });

  const setup = async (clock: Clock = systemClock, log = quietLog()) => {
    handle ??= await createTestDatabase(target);
    const queue = createJobQueue({ database: handle, clock, log, pollMs: 50 });
    queues.push(queue);
    const uow = createUnitOfWork(handle.db, (err) => {
      throw err;
    });
    return { queue, uow, db: handle.db };
  };

  it('runs a job enqueued in a committed transaction, and never one rolled back', async () => {
    const { queue, uow } = await setup();
    const seen: unknown[] = [];
    await queue.start({ note: async (payload) => void seen.push(payload) }, []);
    await uow.withTransaction((tx) => queue.jobs.enqueue(tx, 'note', { n: 1 }));
    await expect(
      uow.withTransaction(async (tx) => {
        await queue.jobs.enqueue(tx, 'note', { n: 2 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await vi.waitFor(() => expect(seen).toEqual([{ n: 1 }]));
    await queue.idle();
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('a job key keeps one pending job: the last enqueue replaces the others', async () => {
    const { queue, uow } = await setup();
    const seen: unknown[] = [];
    await uow.withTransaction(async (tx) => {
      await queue.jobs.enqueue(tx, 'note', { n: 1 }, { key: 'k' });
      await queue.jobs.enqueue(tx, 'note', { n: 2 }, { key: 'k' });
    });
    await uow.withTransaction((tx) => queue.jobs.enqueue(tx, 'note', { n: 3 }, { key: 'k' }));
    await uow.withTransaction((tx) => queue.jobs.enqueue(tx, 'note', { n: 4 }, { key: 'other' }));
    await queue.start({ note: async (payload) => void seen.push(payload) }, []);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    await queue.idle();
    expect(seen).toEqual(expect.arrayContaining([{ n: 3 }, { n: 4 }]));
    expect(seen).toHaveLength(2);
  });

  it('waits for runAt', async () => {
    const { queue, uow } = await setup();
    const ran: number[] = [];
    await queue.start({ later: async () => void ran.push(Date.now()) }, []);
    const runAt = new Date(Date.now() + 1200);
    await uow.withTransaction((tx) => queue.jobs.enqueue(tx, 'later', {}, { runAt }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(ran).toEqual([]);
    await vi.waitFor(() => expect(ran).toHaveLength(1), { timeout: 5000 });
    expect(ran[0]!).toBeGreaterThanOrEqual(runAt.getTime() - 50);
  });

  it('retries a failing job after a backoff, and it then succeeds', async () => {
    const log = spyLog();
    const { queue, uow } = await setup(systemClock, log);
    const attempts: number[] = [];
    await queue.start(
      {
        flaky: async () => {
          attempts.push(Date.now());
          if (attempts.length === 1) throw new Error('SMTP is down');
        },
      },
      [],
    );
    await uow.withTransaction((tx) => queue.jobs.enqueue(tx, 'flaky', {}));
    await vi.waitFor(() => expect(attempts).toHaveLength(2), { timeout: 8000, interval: 50 });
    // e^1 seconds after the first attempt (graphile-worker's backoff, and ours on SQLite).
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(retryDelayMs(1) - 300);
    await queue.idle();
    expect(attempts).toHaveLength(2);
  }, 15_000);
});

describe('the jobs queue on SQLite', () => {
  let handle: DatabaseHandle | undefined;
  const queues: JobQueue[] = [];
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
    await handle?.close();
    handle = undefined;
  });
  const setup = async (clock: Clock, log = quietLog()) => {
    handle ??= await createTestDatabase({ name: 'sqlite' });
    const queue = createJobQueue({ database: handle, clock, log, pollMs: 10 });
    queues.push(queue);
    const uow = createUnitOfWork(handle.db, (err) => {
      throw err;
    });
    return { queue, uow, db: handle.db };
  };

  it('backs off exponentially and marks a job failed after its last attempt, logging why', async () => {
    const clock = movableClock('2026-06-01T10:00:00.000Z');
    const log = spyLog();
    const { queue, uow, db } = await setup(clock, log);
    let calls = 0;
    await queue.start(
      {
        broken: async () => {
          calls++;
          throw new Error('550 mailbox unavailable');
        },
      },
      [],
    );
    await uow.withTransaction((tx) => queue.jobs.enqueue(tx, 'broken', { to: 'x' }));
    const waits: number[] = [];
    for (;;) {
      await queue.idle();
      const row = await db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
      if (row.status === 'failed') break;
      expect(row.status).toBe('pending');
      expect(row.last_error).toBe('550 mailbox unavailable');
      waits.push(Date.parse(row.run_at) - clock.now().getTime());
      clock.advance(Date.parse(row.run_at) - clock.now().getTime());
    }
    expect(calls).toBe(25);
    expect(waits.slice(0, 4)).toEqual([1, 2, 3, 4].map(retryDelayMs));
    // From the tenth failure on, about six hours each; 24 h are passed after the 13th.
    expect(waits.at(-1)).toBe(retryDelayMs(10));
    const total = waits.reduce((sum, w) => sum + w, 0);
    expect(total).toBeGreaterThan(24 * 3_600_000);
    const failed = await db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: 'failed', attempts: 25 });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'broken', attempts: 25 }),
      'job failed for good',
    );
  });

  it('a job left running by a crash runs again on start', async () => {
    const clock = movableClock('2026-06-01T10:00:00.000Z');
    const { queue, uow, db } = await setup(clock);
    await uow.withTransaction((tx) => queue.jobs.enqueue(tx, 'note', { n: 1 }));
    await db.updateTable('jobs').set({ status: 'running', attempts: 1 }).execute();
    const seen: unknown[] = [];
    await queue.start({ note: async (payload) => void seen.push(payload) }, []);
    await queue.idle();
    expect(seen).toEqual([{ n: 1 }]);
    expect(await db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('runs a schedule once per matching minute, also across a restart', async () => {
    const clock = movableClock('2026-06-01T10:00:20.000Z');
    const runs: string[] = [];
    const schedule = (cron: string, name = 'tick'): Schedule => ({
      name,
      cron,
      run: async () => {
        runs.push(`${name} ${clock.now().toISOString()}`);
        return 1;
      },
    });
    const first = await setup(clock);
    await first.queue.start({}, [schedule('* * * * *'), schedule('0 4 * * *', 'daily')]);
    await first.queue.idle();
    expect(runs).toEqual(['tick 2026-06-01T10:00:20.000Z']);
    await first.queue.stop();

    // A restart within the same minute does not run its tick again.
    clock.advance(10_000);
    const second = await setup(clock);
    await second.queue.start({}, [schedule('* * * * *'), schedule('0 4 * * *', 'daily')]);
    await second.queue.idle();
    expect(runs).toHaveLength(1);
    await second.queue.stop();

    clock.set('2026-06-02T04:00:05.000Z');
    const third = await setup(clock);
    await third.queue.start({}, [schedule('* * * * *'), schedule('0 4 * * *', 'daily')]);
    await third.queue.idle();
    expect(runs.slice(1).sort()).toEqual([
      'daily 2026-06-02T04:00:05.000Z',
      'tick 2026-06-02T04:00:05.000Z',
    ]);
  });
  // The PostgreSQL queue passes the same signal (graphile-worker's crontab fires on the wall
  // clock's next minute, too slow for this test); SQLite runs the matching minute at start.
  it('stopping the queue aborts a running schedule between its batches (SIGTERM)', async () => {
    const { queue } = await setup(systemClock);
    let batches = 0;
    let aborted: unknown;
    const long: Schedule = {
      name: 'long pass',
      cron: '* * * * *',
      run: async (signal) => {
        try {
          for (;;) {
            signal?.throwIfAborted();
            batches++;
            await new Promise((resolve) => setImmediate(resolve));
          }
        } catch (err) {
          aborted = err;
          throw err;
        }
      },
    };
    await queue.start({}, [long]);
    await vi.waitFor(() => expect(batches).toBeGreaterThan(10));
    const stopping = performance.now();
    await queue.stop();
    expect(performance.now() - stopping).toBeLessThan(1000);
    expect(aborted).toEqual(new Error('the jobs queue is stopping'));
  });
});
