import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contract/common';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/errors';
import { documentResponse } from '../../plugins/api-docs';

export const metricsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { metrics, queue } = ctx;
    app.get(
      '/api/metrics',
      {
        // The secret is METRICS_TOKEN as a bearer token; without it never a success.
        config: {
          access: 'secret',
          swaggerTransform: documentResponse(200, 'Prometheus text exposition format 0.0.4', {
            'text/plain': { type: 'string' },
          }),
        },
        schema: {
          tags: ['health'],
          summary:
            'Prometheus metrics (requests by route and status, jobs, mail, database pool, memory, event-loop lag); off (404) unless METRICS_TOKEN is set, then only with `Authorization: Bearer <METRICS_TOKEN>`',
          response: {
            200: z.string().describe('Prometheus text'),
            401: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        if (!metrics.enabled) throw notFound();
        if (!metrics.authorized(request.headers.authorization))
          throw new AppError(401, 'UNAUTHENTICATED', 'The metrics token is missing or wrong.', {
            headers: { 'www-authenticate': 'Bearer realm="metrics"' },
          });
        const { contentType, body } = await metrics.render(queue);
        return (reply as FastifyReply)
          .header('content-type', contentType)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  };
