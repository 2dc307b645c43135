import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../contract/health';
import type { AppContext } from '../../context';

export const healthRoutes =
  (deps: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['health'],
          summary: 'Liveness, database check and the count of failed mail',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (request, reply) => {
        let up = true;
        try {
          await sql`select 1`.execute(deps.database.db);
        } catch (err) {
          request.log.error({ err }, 'health check: database unreachable');
          up = false;
        }
        // Counted for the operator; a failed mail does not make the server unhealthy.
        const failedMail = up ? await deps.outbox.failedCount().catch(() => undefined) : undefined;
        return reply.code(up ? 200 : 503).send({
          success: up,
          status: up ? 'ok' : 'degraded',
          database: up ? 'up' : 'down',
          dialect: deps.database.dialect,
          uptimeSeconds: Math.round(process.uptime()),
          ...(failedMail === undefined ? {} : { details: { failedMail } }),
        });
      },
    );
  };
