import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryMailer } from '../../../tests/support/memory-mailer';
import { createTestDatabase, databaseTargets } from '../../../tests/support/test-database';
import type { DatabaseHandle } from '../../db/database';
import { createUnitOfWork } from '../../db/unit-of-work';
import type { JobQueue } from '../../jobs/jobs-port';
import { createJobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import { composeMail, type Mailer } from '../../lib/mailer';
import { devMailPage, linkify } from './mail-page';
import { MAIL_JOB, MAIL_RETRY_MS, mailOutbox, mailService } from './mail.service';

const HOUR = 3_600_000;
const welcome = (to: string) =>
  composeMail(to, 'Welcome to Canopy', ['Hello.', 'Plant a tree: https://canopy.example/app']);
const spyLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
function movableClock(iso: string) {
  let current = Date.parse(iso);
  return {
    now: () => new Date(current),
    advance: (ms: number) => void (current += ms),
  };
}

describe.each(databaseTargets)('the mail outbox on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  let queue: JobQueue | undefined;
  afterEach(async () => {
    await queue?.stop();
    queue = undefined;
    await handle?.close();
    handle = undefined;
  });

  const setup = async (options: { mailer: Mailer; clock: Clock; devMail?: boolean }) => {
    handle = await createTestDatabase(target);
    const log = spyLog();
    queue = createJobQueue({ database: handle, clock: options.clock, log, pollMs: 20 });
    const uow = createUnitOfWork(handle.db, (err) => {
      throw err;
    });
    const mail = mailOutbox({ jobs: queue.jobs, clock: options.clock });
    const outbox = mailService({
      db: handle.db,
      mailer: options.mailer,
      clock: options.clock,
      log,
      config: { devMail: options.devMail ?? false },
    });
    await queue.start({ [MAIL_JOB]: outbox.deliver }, []);
    return { db: handle.db, uow, mail, outbox, log, queue };
  };

  it('sends a mail queued in a committed transaction once, and none from a rolled-back one', async () => {
    const mailer = memoryMailer();
    const { db, uow, mail, queue } = await setup({ mailer, clock: { now: () => new Date() } });
    await uow.withTransaction((tx) => mail.send(tx, welcome('asha@example.org')));
    await expect(
      uow.withTransaction(async (tx) => {
        await mail.send(tx, welcome('ghost@example.org'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow();
    expect((await mailer.next('asha@example.org')).subject).toBe('Welcome to Canopy');
    await queue.idle();
    expect(mailer.sent.map((m) => m.to)).toEqual(['asha@example.org']);
    const rows = await db.selectFrom('mails').selectAll().execute();
    expect(rows).toHaveLength(1);
    // Sent: the bodies (codes, links) are not kept where mail goes out over SMTP.
    expect(rows[0]).toMatchObject({
      status: 'sent',
      attempts: 1,
      text_body: null,
      html_body: null,
    });
  });

  it('sends a keyed mail once, however often it is queued', async () => {
    const mailer = memoryMailer();
    const { uow, mail, queue } = await setup({ mailer, clock: { now: () => new Date() } });
    for (let i = 0; i < 3; i++)
      await uow.withTransaction((tx) =>
        mail.send(tx, welcome('asha@example.org'), { key: 'welcome:asha' }),
      );
    await mailer.next('asha@example.org');
    await uow.withTransaction((tx) =>
      mail.send(tx, welcome('asha@example.org'), { key: 'welcome:asha' }),
    );
    await queue.idle();
    expect(mailer.sent).toHaveLength(1);
  });

  it('keeps the bodies for /dev/mail when mail is kept (no SMTP, not production)', async () => {
    const mailer = memoryMailer();
    const { uow, mail, outbox, queue } = await setup({
      mailer,
      clock: { now: () => new Date() },
      devMail: true,
    });
    await uow.withTransaction((tx) => mail.send(tx, welcome('asha@example.org')));
    await uow.withTransaction((tx) => mail.send(tx, welcome('ben@example.org')));
    await queue.idle();
    const newest = await outbox.newest();
    expect(newest.map((m) => m.to_address)).toEqual(['ben@example.org', 'asha@example.org']);
    expect(newest[0]).toMatchObject({ status: 'sent', subject: 'Welcome to Canopy' });
    expect(newest[0]!.text_body).toContain('https://canopy.example/app');
    expect(newest[0]!.html_body).toContain('<html>');
  });
});

describe('mail that keeps failing (SQLite, with a clock the test moves)', () => {
  let handle: DatabaseHandle | undefined;
  let queue: JobQueue | undefined;
  afterEach(async () => {
    await queue?.stop();
    await handle?.close();
  });

  it('is retried with backoff for 24 hours, then marked failed, logged with its reason and counted', async () => {
    handle = await createTestDatabase({ name: 'sqlite' });
    const clock = movableClock('2026-06-01T10:00:00.000Z');
    const log = spyLog();
    queue = createJobQueue({ database: handle, clock, log, pollMs: 10 });
    const tries: number[] = [];
    const mailer: Mailer = {
      async send() {
        tries.push(clock.now().getTime());
        throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      },
    };
    const outbox = mailService({ db: handle.db, mailer, clock, log, config: { devMail: false } });
    const uow = createUnitOfWork(handle.db, (err) => {
      throw err;
    });
    await queue.start({ [MAIL_JOB]: outbox.deliver }, []);
    await uow.withTransaction((tx) =>
      mailOutbox({ jobs: queue!.jobs, clock }).send(tx, welcome('asha@example.org')),
    );
    const queuedAt = clock.now().getTime();
    for (;;) {
      await queue.idle();
      const job = await handle.db.selectFrom('jobs').selectAll().executeTakeFirst();
      if (!job) break;
      clock.advance(Math.max(0, Date.parse(job.run_at) - clock.now().getTime()));
    }
    // The first retries come within a minute or two (a code must arrive while someone waits).
    expect(tries[1]! - tries[0]!).toBeLessThan(5000);
    expect(tries[4]! - tries[0]!).toBeLessThan(2 * 60_000);
    expect(tries.at(-1)! - queuedAt).toBeGreaterThanOrEqual(MAIL_RETRY_MS);
    expect(tries.at(-2)! - queuedAt).toBeLessThan(MAIL_RETRY_MS);
    expect(tries.at(-1)! - queuedAt).toBeLessThan(MAIL_RETRY_MS + 7 * HOUR);
    const [row] = await handle.db.selectFrom('mails').selectAll().execute();
    expect(row).toMatchObject({
      status: 'failed',
      attempts: tries.length,
      last_error: 'connect ECONNREFUSED 127.0.0.1:2525',
    });
    expect(await outbox.failedCount()).toBe(1);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({
        to: 'asha@example.org',
        reason: 'connect ECONNREFUSED 127.0.0.1:2525',
      }),
      'mail failed for good',
    );
    // Failed mail is the operator's to see for 30 days, then pruned.
    expect(await outbox.prune(clock.now())).toBe(0);
    expect(await outbox.prune(new Date(clock.now().getTime() + 31 * 24 * HOUR))).toBe(1);
  });
});

describe('the /dev/mail page', () => {
  const row = (overrides: Partial<Parameters<typeof devMailPage>[0][number]> = {}) => ({
    id: '1',
    key: null,
    to_address: 'asha@example.org',
    subject: 'Your Canopy verification code: 123456',
    text_body: 'Your code: 123456\n\nOpen https://canopy.example/verify?x=1&y=2',
    html_body: '<p onclick="alert(1)">Hi <a href="https://canopy.example/">open</a></p>',
    status: 'sent' as const,
    attempts: 1,
    last_error: null,
    created_at: '2026-06-01T10:00:00.000Z',
    sent_at: '2026-06-01T10:00:01.000Z',
    ...overrides,
  });

  it('shows subject, recipient, text with clickable links, and the HTML in a sandboxed frame', () => {
    const page = devMailPage([row()]);
    expect(page).toContain('Your Canopy verification code: 123456');
    expect(page).toContain('asha@example.org');
    expect(page).toContain(
      '<a href="https://canopy.example/verify?x=1&amp;y=2" target="_blank" rel="noopener">',
    );
    // The mail's HTML is only ever an attribute of a sandboxed iframe (no scripts, no same origin).
    expect(page).toMatch(/<iframe [^>]*sandbox="allow-popups allow-popups-to-escape-sandbox"/);
    expect(page).not.toContain('<p onclick');
    expect(page).toContain('srcdoc="&lt;base target=&quot;_blank&quot;&gt;&lt;p onclick=');
  });

  it('escapes what a subject or address could inject', () => {
    const page = devMailPage([row({ subject: '<script>alert(1)</script>', to_address: '"<b>' })]);
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(linkify('a <b> http://x.test/?q="1"')).toBe(
      'a &lt;b&gt; <a href="http://x.test/?q=" target="_blank" rel="noopener">http://x.test/?q=</a>&quot;1&quot;',
    );
  });
});
