import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  verificationDecisionResponseSchema,
  verificationDecisionSchema,
  verificationQueueQuerySchema,
  verificationQueueResponseSchema,
} from '../../../contract/tree-verification';
import { treeParamsSchema } from '../../../contract/trees';
import type { AppContext } from '../../context';
import { treeErrors } from './trees.routes';

/** Issue 21 §2: verifying a tree, and the verifiers' queue. */
export const treeVerificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, trees } = ctx;

    app.get(
      '/api/trees/verification-queue',
      {
        config: { access: 'member' },
        schema: {
          tags: ['trees'],
          summary:
            'Trees waiting for the caller to verify (drives they organise or manage, saplings their nursery supplied); follow nextCursor with cursor=',
          querystring: verificationQueueQuerySchema,
          response: { 200: verificationQueueResponseSchema, ...treeErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, ...(await trees.verificationQueue(user, request.query)) };
      },
    );

    app.post(
      '/api/trees/:id/verification',
      {
        config: { access: 'member', rateLimit: { max: 300, timeWindow: '15 minutes' } },
        schema: {
          tags: ['trees'],
          summary:
            "Verify or reject a tree (its drive's organiser and organisation managers, or its saplings' nursery; never its planter)",
          params: treeParamsSchema,
          body: verificationDecisionSchema,
          response: { 200: verificationDecisionResponseSchema, ...treeErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          ...(await trees.decideVerification(user, request.params.id, request.body)),
        };
      },
    );
  };
