import { defineModule } from '../module';
import { mailRoutes } from './mail.routes';
import { MAIL_JOB, mailService, type MailService } from './mail.service';

declare module '../module' {
  interface ServiceRegistry {
    outbox: MailService;
  }
}

/**
 * Mail: the `mails` outbox every mail goes through (services call `deps.mail.send(tx, …)`, which
 * context.ts builds with `mailOutbox`), the 'mail' job that delivers it with retries, /dev/mail
 * where mail is kept without SMTP, and the count of failed mail /api/health reports.
 */
export const outboxModule = defineModule({
  name: 'outbox',
  needs: [],
  tables: ['mails'],
  create: ({ db, mailer, clock, log, config, hooks }) =>
    mailService({
      db,
      mailer,
      clock,
      log,
      config,
      attachmentMaker: (kind) =>
        hooks.all('mailAttachments').find((makers) => makers[kind])?.[kind],
    }),
  routes: [mailRoutes],
  hooks: (outbox) => ({ prune: outbox.prune }),
  tasks: (outbox) => ({ [MAIL_JOB]: (payload) => outbox.deliver(payload) }),
});
