import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDrive, buildUser, insertUser } from '../../tests/support/factories';
import { buildTestServices, movableClock } from '../../tests/support/test-app';
import { createTestDatabase, databaseTargets } from '../../tests/support/test-database';
import { openDatabase, type DatabaseHandle } from '../db/database';
import type { NewDrive } from '../db/tables';
import { newId } from '../lib/ids';
import { dailyPrune } from './index';

const NOW = '2026-06-01T10:00:00.000Z';
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.parse(NOW) + hours * HOUR).toISOString();
const spyLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe.each(databaseTargets)('background jobs on $name', (target) => {
  let handle: DatabaseHandle;
  const extra: DatabaseHandle[] = [];
  const clock = movableClock(NOW);
  afterEach(async () => {
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
      const [a, b] = [await insertUser(db), await insertUser(db)];
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

      expect(await sendReminders()).toBe(2);
      const notices = await remindersOf(a.id);
      expect(notices.map((n) => n.link).sort()).toEqual(
        [`/app/delive-detail/${soon.id}`, `/app/delive-detail/${tomorrow.id}`].sort(),
      );
      const first = notices.find((n) => n.link?.endsWith(soon.id))!;
      expect(first.title).toBe('Tomorrow: Soon');
      expect(first.body).toBe('"Soon" starts 2026-06-01 at 12:00 UTC at Lodhi Garden.');
      expect(await remindersOf(b.id)).toHaveLength(2);
      // The organiser is not a participant and gets no reminder.
      expect(await remindersOf(organiser.id)).toEqual([]);

      expect(await sendReminders()).toBe(0);
      expect(await remindersOf(a.id)).toHaveLength(2);

      clock.advance(2 * HOUR);
      expect(await sendReminders()).toBe(1);
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

      const results = await Promise.all([
        sendReminders(),
        sendReminders(other),
        sendReminders(),
        sendReminders(other),
      ]);
      expect(results.reduce((sum, n) => sum + n, 0)).toBe(drives.length);
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
    expect(Object.keys(background.tasks)).toContain('mail');
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
      await app.queue.start({}, reminders);
      await app.queue.idle();
      await app.queue.stop();
    } else await reminders[0]!.run();
    expect(await remindersOf(person.id)).toHaveLength(1);
    if (target.name === 'sqlite')
      expect(log.info).toHaveBeenCalledWith(
        { job: 'drive reminders', count: 1 },
        'background job done',
      );
  });
});
