import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  apiTokenListResponseSchema,
  apiTokenParamsSchema,
  createApiTokenRequestSchema,
  createApiTokenResponseSchema,
} from '../../../contract/api-tokens';
import { errorResponseSchema, messageResponseSchema } from '../../../contract/common';
import type { AppContext } from '../../context';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};
const SESSION_ONLY =
  'Needs a signed-in session (x-auth-token); API tokens are refused here with a 403.';

export const apiTokensRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { apiTokens, sessions } = ctx;
    // The token endpoints never accept an API token: a leaked token cannot mint or keep others.
    const requireSession = (request: Parameters<typeof sessions.requireUser>[0]) =>
      sessions.requireUser(request, { apiTokens: false });

    app.get(
      '/api/api-tokens',
      {
        config: { access: 'member' },
        schema: {
          tags: ['api-tokens'],
          summary: 'My personal API tokens (never their secrets), newest first',
          description: SESSION_ONLY,
          security: [{ sessionToken: [] }],
          response: { 200: apiTokenListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await requireSession(request);
        return {
          success: true as const,
          data: await apiTokens.list(user),
          maxLive: API_TOKEN_LIMITS.maxLive,
        };
      },
    );

    app.post(
      '/api/api-tokens',
      {
        config: { access: 'member', rateLimit: { max: 20, timeWindow: '15 minutes' } },
        schema: {
          tags: ['api-tokens'],
          summary: 'Create a read-only personal API token (its secret is in this answer only)',
          description: `${SESSION_ONLY} The token works as \`Authorization: Bearer <token>\` on GET and HEAD requests under /api; any other method answers 403.`,
          security: [{ sessionToken: [] }],
          body: createApiTokenRequestSchema,
          response: { 201: createApiTokenResponseSchema, 409: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await requireSession(request);
        const created = await apiTokens.create(user, request.body);
        return reply
          .code(201)
          .header('cache-control', 'no-store')
          .send({ success: true as const, message: API_TOKEN_MESSAGES.created, data: created });
      },
    );

    app.delete(
      '/api/api-tokens/:id',
      {
        config: {
          access: { owner: 'api-token' },
          rateLimit: { max: 60, timeWindow: '15 minutes' },
        },
        schema: {
          tags: ['api-tokens'],
          summary: 'Revoke one of my API tokens (it stops working at once)',
          description: SESSION_ONLY,
          security: [{ sessionToken: [] }],
          params: apiTokenParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await requireSession(request);
        await apiTokens.revoke(user, request.params.id);
        return { success: true, message: API_TOKEN_MESSAGES.revoked };
      },
    );
  };
