import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDrive, buildUser, insertUser } from '../../tests/support/factories';
import { buildTestServices, movableClock } from '../../tests/support/test-app';
import { createTestDatabase, databaseTargets } from '../../tests/support/test-database';
import { openDatabase, type DatabaseHandle } from '../db/database';
import type { NewDrive } from '../db/tables';
import { newId } from '../lib/ids';
import { dailyPrune } from './index';
import type { JobQueue } from './jobs-port';

const NOW = '2026-06-01T10:00:00.000Z';
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.parse(NOW) + hours * HOUR).toISOString();
const spyLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe.each(databaseTargets)('background jobs on $name', (target) => {
  let handle: DatabaseHandle;
  const extra: DatabaseHandle[] = [];
  const queues: JobQueue[] = [];
  const clock = movableClock(NOW);
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
    for (const h of extra.splice(0)) await h.close();
    await handle?.close();
  });
  const setup = async () => {
    clock.set(NOW);
    handle = await createTestDatabase(target);
    return handle.db;
  };
  /** A second connection pool on the same database, as another app server would have. */
  const secondServer = async (): Promise<DatabaseHandle> => {
    if (target.name === 'sqlite') return handle;
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      handle.db,
    );
    const other = openDatabase({ databaseUrl: target.url, pgSchema: rows[0]!.schema });
    extra.push(other);
    return other;
  };
  /** The services an app server on `on` would have, with the test's clock. */
  const services = (on: DatabaseHandle = handle, log = spyLog()) =>
    buildTestServices(on, { clock, log });
  /** An app server on `on` running the manifests' tasks (the reminder jobs), as main.ts starts it. */
  const worker = async (on: DatabaseHandle = handle) => {
    const app = services(on);
    await app.queue.start(app.background.tasks, []);
    queues.push(app.queue);
    return app;
  };
  /** The reminders schedule run on a server (it enqueues a job per drive due); returns drives enqueued. */
  const sendReminders = (on?: DatabaseHandle) => services(on).drives.sendDueReminders();
  const remindersOf = (userId: string) =>
    handle.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', 'drive_reminder')
      .execute();

  describe('day-before reminders', () => {
    it('tells participants once about drives starting within 24 hours', async () => {
      const db = await setup();
      const organiser = await insertUser(db, { profile_type: 'corporate' });
      // b reads Spanish (issue 26): the same notice, stored in b's language.
      const [a, b] = [await insertUser(db), await insertUser(db, { locale: 'es' })];
      const drive = (hours: number, overrides: Partial<NewDrive> = {}) =>
        buildDrive(organiser.id, { starts_at: at(hours), ...overrides });
      const soon = drive(2, { name: 'Soon', location_text: 'Lodhi Garden' });
      const tomorrow = drive(23.9);
      const later = drive(25);
      const started = drive(-1);
      const done = drive(5, { reminder_sent_at: at(-20) });
      await db.insertInto('drives').values([soon, tomorrow, later, started, done]).execute();
      await db
        .insertInto('drive_participants')
        .values(
          [soon, tomorrow, later, started, done].flatMap((d) => [
            { drive_id: d.id, user_id: a.id, joined_at: NOW },
            { drive_id: d.id, user_id: b.id, joined_at: NOW },
          ]),
        )
        .execute();

      const jobs = await worker();
      expect(await sendReminders()).toBe(2);
      await jobs.queue.idle();
      const notices = await remindersOf(a.id);
      expect(notices.map((n) => n.link).sort()).toEqual(
        [`/app/delive-detail/${soon.id}`, `/app/delive-detail/${tomorrow.id}`].sort(),
      );
      const first = notices.find((n) => n.link?.endsWith(soon.id))!;
      expect(first.title).toBe('Tomorrow: Soon');
      expect(first.body).toBe('"Soon" starts 2026-06-01 at 12:00 UTC at Lodhi Garden.');
      expect(await remindersOf(b.id)).toHaveLength(2);
      const spanish = (await remindersOf(b.id)).find((n) => n.link?.endsWith(soon.id))!;
      expect(spanish.title).toBe('Mañana: Soon');
      expect(spanish.body).toMatch(/^«Soon» empieza el 1 de junio de 2026 .* en Lodhi Garden\.$/);
      // The organiser is not a participant and gets no reminder.
      expect(await remindersOf(organiser.id)).toEqual([]);

      // reminder_sent_at records what was sent: the next tick finds nothing, and a job run
      // again (a retry after its commit) tells nobody.
      expect(await sendReminders()).toBe(0);
      expect(await jobs.drives.sendReminder({ driveId: soon.id, startsAt: soon.starts_at })).toBe(
        0,
      );
      expect(await remindersOf(a.id)).toHaveLength(2);

      clock.advance(2 * HOUR);
      expect(await sendReminders()).toBe(1);
      await jobs.queue.idle();
      expect((await remindersOf(a.id)).map((n) => n.link)).toContain(
        `/app/delive-detail/${later.id}`,
      );
    });

    it('two servers racing send each reminder once', async () => {
      const db = await setup();
      const organiser = await insertUser(db, { profile_type: 'corporate' });
      const people = Array.from({ length: 3 }, () => buildUser());
      await db.insertInto('users').values(people).execute();
      const drives = Array.from({ length: 12 }, (_, i) =>
        buildDrive(organiser.id, { starts_at: at(1 + i) }),
      );
      await db.insertInto('drives').values(drives).execute();
      await db
        .insertInto('drive_participants')
        .values(
          drives.flatMap((d) =>
            people.map((p) => ({ drive_id: d.id, user_id: p.id, joined_at: NOW })),
          ),
        )
        .execute();
      const other = await secondServer();
      // Both servers run jobs (on SQLite one process owns the file: one runner).
      const runners = [await worker()];
      if (other !== handle) runners.push(await worker(other));

      // The queue runs a tick once across servers; even four runs at once enqueue one pending
      // job per drive (its key), and a job run again tells nobody twice.
      const results = await Promise.all([
        sendReminders(),
        sendReminders(other),
        sendReminders(),
        sendReminders(other),
      ]);
      expect(results.every((n) => n <= drives.length)).toBe(true);
      for (const runner of runners) await runner.queue.idle(15_000);
      const sent = await db.selectFrom('drives').select('reminder_sent_at').execute();
      expect(sent.every((d) => d.reminder_sent_at !== null)).toBe(true);
      for (const person of people) {
        const links = (await remindersOf(person.id)).map((n) => n.link);
        expect(links).toHaveLength(drives.length);
        expect(new Set(links).size).toBe(drives.length);
      }
    });
  });

  it('prunes sign-in attempts older than a day', async () => {
    const db = await setup();
    const attempt = (hoursAgo: number) => ({
      id: newId(),
      kind: 'login_failure_ip' as const,
      subject: '127.0.0.1',
      created_at: at(-hoursAgo),
    });
    const recent = attempt(23);
    await db
      .insertInto('auth_attempts')
      .values([attempt(25), attempt(48), recent])
      .execute();
    expect(await dailyPrune(services().hooks, clock)).toBe(2);
    const left = await db.selectFrom('auth_attempts').select('id').execute();
    expect(left).toEqual([{ id: recent.id }]);
  });

  it('the manifests declare the schedules and the mail task the queue runs', async () => {
    await setup();
    const { background } = services();
    expect(background.schedules.map((s) => [s.name, s.cron])).toEqual(
      expect.arrayContaining([
        ['daily prune', expect.any(String)],
        ['drive reminders', expect.any(String)],
        ['tree care reminders', expect.any(String)],
      ]),
    );
    expect(Object.keys(background.tasks)).toEqual(
      expect.arrayContaining(['mail', 'drive reminder', 'tree care notice', 'tree death notice']),
    );
  });

  it('the queue runs a due schedule and logs what it did', async () => {
    const db = await setup();
    const organiser = await insertUser(db, { profile_type: 'corporate' });
    const person = await insertUser(db);
    const drive = buildDrive(organiser.id, { starts_at: at(3) });
    await db.insertInto('drives').values(drive).execute();
    await db
      .insertInto('drive_participants')
      .values({ drive_id: drive.id, user_id: person.id, joined_at: NOW })
      .execute();
    const log = spyLog();
    const app = services(handle, log);
    const reminders = app.background.schedules.filter((s) => s.name === 'drive reminders');
    // On SQLite the minute is the clock's (10:00 matches every drive-reminder pattern we use);
    // on PostgreSQL graphile-worker's crontab waits for the next real minute, so run it directly.
    if (target.name === 'sqlite') {
      await app.queue.start(app.background.tasks, reminders);
      await app.queue.idle();
      await app.queue.stop();
    } else {
      await app.queue.start(app.background.tasks, []);
      await reminders[0]!.run();
      await app.queue.idle();
      await app.queue.stop();
    }
    expect(await remindersOf(person.id)).toHaveLength(1);
    if (target.name === 'sqlite')
      expect(log.info).toHaveBeenCalledWith(
        { job: 'drive reminders', count: 1 },
        'background job done',
      );
  });
});
