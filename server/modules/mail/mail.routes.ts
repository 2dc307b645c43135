import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { DEV_MAIL_CSP, devMailPage } from './mail-page';
import type { MailService } from './mail.service';

/**
 * /dev/mail, only when mail is kept (no SMTP_URL, NODE_ENV not production): the kept mail as one
 * server-rendered page. In production the route does not exist.
 */
export const mailRoutes =
  (ctx: { config: Pick<Config, 'devMail'>; outbox: MailService }): FastifyPluginAsyncZod =>
  async (app) => {
    if (!ctx.config.devMail) return;
    app.get(
      '/dev/mail',
      { config: { access: 'public' }, schema: { hide: true } },
      async (_request, reply) =>
        reply
          .header('content-security-policy', DEV_MAIL_CSP)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(devMailPage(await ctx.outbox.newest())),
    );
  };
