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
          summary:
            'ok, degraded (mail failing, jobs given up on) or down (503: the database does not answer); the details only with `Authorization: Bearer <METRICS_TOKEN>`',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (request, reply) => {
        // Anyone may ask whether the server is up; what is wrong is for the operator.
        const operator = deps.metrics.authorized(request.headers.authorization);
        const report = await deps.metrics.report(deps.queue, { details: operator });
        if (report.status === 'down') request.log.error('health check: database unreachable');
        const up = report.status !== 'down';
        reply.code(up ? 200 : 503).header('cache-control', 'no-store');
        if (!operator) return { success: up, status: report.status };
        return {
          success: up,
          status: report.status,
          database: report.database,
          dialect: deps.database.dialect,
          uptimeSeconds: Math.round(process.uptime()),
          reasons: report.reasons,
          ...(report.mail
            ? {
                details: {
                  failedMail: report.mail.failed,
                  mail: report.mail,
                  ...(report.jobs ? { jobs: report.jobs } : {}),
                  ...(report.databaseBytes !== undefined
                    ? { databaseBytes: report.databaseBytes }
                    : {}),
                },
              }
            : {}),
        };
      },
    );
  };
