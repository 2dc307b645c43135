import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/common';
import { forestQuerySchema, forestResponseSchema } from '../../../contract/forest';
import type { AppContext } from '../../context';

export const forestRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, forest } = ctx;

    app.get(
      '/api/forest',
      {
        config: { access: 'member' },
        schema: {
          tags: ['trees'],
          summary:
            'The caller’s forest: totals, their paid tree gifts and what became of them, the trees they registered or their gifts paid for, and field updates of those drives (each list paged by its `next` cursor)',
          querystring: forestQuerySchema,
          response: {
            200: forestResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, data: await forest.forest(user.id, request.query) };
      },
    );
  };
