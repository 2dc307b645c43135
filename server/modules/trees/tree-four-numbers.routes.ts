import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { driveParamsSchema } from '../../../contract/drives';
import { driveFourNumbersResponseSchema } from '../../../contract/tree-figures';
import type { AppContext } from '../../context';
import { treeErrors } from './trees.routes';

/** A drive's four honest numbers (issue 21 §3): funded, planted, alive at last check, verified. */
export const treeFourNumbersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, trees } = ctx;

    app.get(
      '/api/drives/:id/four-numbers',
      {
        config: { access: 'member' },
        schema: {
          tags: ['trees'],
          summary: "A drive's trees: funded, planted, alive at last check (12 months) and verified",
          params: driveParamsSchema,
          response: { 200: driveFourNumbersResponseSchema, ...treeErrors },
        },
      },
      async (request) => {
        await sessions.requireUser(request);
        return {
          success: true as const,
          data: await trees.driveFourNumbers(request.params.id),
        };
      },
    );
  };
