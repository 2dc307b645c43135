import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/common';
import { onboardingResponseSchema } from '../../../contract/onboarding';
import type { AppContext } from '../../context';

export const onboardingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { onboarding, sessions } = ctx;

    app.get(
      '/api/onboarding',
      {
        config: { access: 'member' },
        schema: {
          tags: ['onboarding'],
          summary: 'My getting-started checklist for my kind of account, with what is done',
          security: [{ sessionToken: [] }],
          response: {
            200: onboardingResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, data: await onboarding.checklist(user) };
      },
    );
  };
