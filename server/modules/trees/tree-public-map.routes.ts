import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/common';
import { publicTreeMapQuerySchema, publicTreeMapResponseSchema } from '../../../contract/landing';
import type { AppContext } from '../../context';

/** The landing page's map of planted trees (issue 23): counts in coarse cells, public. */
export const treePublicMapRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/trees/public-map',
      {
        config: { access: 'public' },
        schema: {
          tags: ['trees'],
          summary:
            'Where trees grow, as counts in grid cells (zoom capped at 8, places rounded to 0.1°): no tree, no owner (public)',
          querystring: publicTreeMapQuerySchema,
          response: { 200: publicTreeMapResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        return { success: true as const, ...(await ctx.trees.publicTreeMap(request.query)) };
      },
    );
  };
