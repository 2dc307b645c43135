import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryMailer } from '../../../tests/support/memory-mailer';
import { createTestDatabase, databaseTargets } from '../../../tests/support/test-database';
import type { DatabaseHandle } from '../../db/database';
import { createUnitOfWork } from '../../db/unit-of-work';
import type { JobQueue, MailAttachmentMaker } from '../../jobs/jobs-port';
import { createJobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import { composeMail, type Mailer } from '../../lib/mailer';
import { MAIL_JOB, MAIL_RETRY_MS, mailOutbox, mailService } from './mail.service';

const receipt = (to: string) => composeMail(to, 'Your Canopy receipt', ['Thank you.']);
const spyLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const certificate = (id: string) => ({
  filename: `certificate-${id}.pdf`,
  contentType: 'application/pdf',
  content: Buffer.from(`%PDF- certificate ${id}`),
});

describe.each(databaseTargets)('mail attachments on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  let queue: JobQueue | undefined;
  afterEach(async () => {
    await queue?.stop();
    queue = undefined;
    await handle?.close();
    handle = undefined;
  });

  const setup = async (options: {
    mailer: Mailer;
    clock?: Clock;
    makers: Record<string, MailAttachmentMaker>;
  }) => {
    handle = await createTestDatabase(target);
    const clock = options.clock ?? { now: () => new Date() };
    const log = spyLog();
    queue = createJobQueue({ database: handle, clock, log, pollMs: 10 });
    const uow = createUnitOfWork(handle.db, (err) => {
      throw err;
    });
    const outbox = mailService({
      db: handle.db,
      mailer: options.mailer,
      clock,
      log,
      config: { devMail: false },
      attachmentMaker: (kind) => options.makers[kind],
    });
    await queue.start({ [MAIL_JOB]: outbox.deliver }, []);
    const mail = mailOutbox({ jobs: queue.jobs, clock });
    return { db: handle.db, uow, mail, log, queue };
  };

  it('makes the files a queued mail names when it is sent, and leaves out one that no longer applies', async () => {
    const mailer = memoryMailer();
    const made: string[] = [];
    const { uow, mail } = await setup({
      mailer,
      makers: {
        certificate: async (id) => (made.push(id), id === 'refunded' ? null : certificate(id)),
      },
    });
    await uow.withTransaction((tx) =>
      mail.send(tx, receipt('asha@example.org'), {
        key: 'receipt:gift-1',
        attachments: [{ kind: 'certificate', id: 'gift-1' }],
      }),
    );
    // Nothing is made while queueing: the queue holds references, not bytes.
    const sent = await mailer.next('asha@example.org');
    expect(sent.attachments).toEqual([certificate('gift-1')]);
    expect(made).toEqual(['gift-1']);

    await uow.withTransaction((tx) =>
      mail.send(tx, receipt('ben@example.org'), {
        attachments: [{ kind: 'certificate', id: 'refunded' }],
      }),
    );
    const plain = await mailer.next('ben@example.org');
    expect(plain.attachments).toBeUndefined();
    expect(plain.subject).toBe('Your Canopy receipt');
  });

  it('retries a mail whose attachment could not be made, and sends it with the file once it can', async () => {
    const mailer = memoryMailer();
    let failures = 1;
    const { db, uow, mail, queue } = await setup({
      mailer,
      makers: {
        certificate: async (id) => {
          if (failures-- > 0) throw new Error('database busy');
          return certificate(id);
        },
      },
    });
    await uow.withTransaction((tx) =>
      mail.send(tx, receipt('asha@example.org'), {
        attachments: [{ kind: 'certificate', id: 'gift-1' }],
      }),
    );
    const sent = await mailer.next('asha@example.org', 10_000);
    expect(sent.attachments).toEqual([certificate('gift-1')]);
    await queue.idle();
    expect(mailer.sent).toHaveLength(1);
    const row = await db.selectFrom('mails').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 2,
      last_error: null,
    });
  });
});

describe('a mail whose attachment keeps failing (SQLite, with a clock the test moves)', () => {
  let handle: DatabaseHandle | undefined;
  let queue: JobQueue | undefined;
  afterEach(async () => {
    await queue?.stop();
    await handle?.close();
  });

  it('goes without it after the retry window (the mail matters more), logged', async () => {
    handle = await createTestDatabase({ name: 'sqlite' });
    let now = Date.parse('2026-06-01T10:00:00.000Z');
    const clock = { now: () => new Date(now) };
    const log = spyLog();
    queue = createJobQueue({ database: handle, clock, log, pollMs: 10 });
    const mailer = memoryMailer();
    const outbox = mailService({
      db: handle.db,
      mailer,
      clock,
      log,
      config: { devMail: false },
      attachmentMaker: () => async () => {
        throw new Error('no such font');
      },
    });
    const uow = createUnitOfWork(handle.db, (err) => {
      throw err;
    });
    await queue.start({ [MAIL_JOB]: outbox.deliver }, []);
    await uow.withTransaction((tx) =>
      mailOutbox({ jobs: queue!.jobs, clock }).send(tx, receipt('asha@example.org'), {
        attachments: [{ kind: 'certificate', id: 'gift-1' }],
      }),
    );
    const queuedAt = now;
    for (;;) {
      await queue.idle();
      const job = await handle.db.selectFrom('jobs').selectAll().executeTakeFirst();
      if (!job) break;
      now = Math.max(now, Date.parse(job.run_at));
    }
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.attachments).toBeUndefined();
    expect(now - queuedAt).toBeGreaterThanOrEqual(MAIL_RETRY_MS);
    const row = await handle.db.selectFrom('mails').selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ to: 'asha@example.org', reason: 'attachment: no such font' }),
      'mail sent without its attachment',
    );
  });
});
