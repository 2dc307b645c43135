import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { showcaseDrivesResponseSchema } from '../../../contract/landing';
import type { AppContext } from '../../context';

/** The landing page's newest drives (issue 23): public, no personal data. */
export const driveShowcaseRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/drives/newest',
      {
        config: { access: 'public' },
        schema: {
          tags: ['drives'],
          summary:
            'The next drives to start (then the latest past ones): name, place, date, picture, counts (public, no people)',
          response: { 200: showcaseDrivesResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=30');
        return { success: true as const, data: await ctx.drives.showcaseDrives() };
      },
    );
  };
