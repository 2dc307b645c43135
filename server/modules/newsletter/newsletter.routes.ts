import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/common';
import {
  newsletterSubscribeRequestSchema,
  newsletterSubscribeResponseSchema,
} from '../../../contract/newsletter';
import type { AppContext } from '../../context';

export const newsletterRoutes =
  (deps: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = deps.newsletter;
    app.post(
      '/api/newsletter',
      {
        config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: {
          tags: ['newsletter'],
          summary: 'Subscribe an email address to the Canopy newsletter',
          body: newsletterSubscribeRequestSchema,
          response: {
            200: newsletterSubscribeResponseSchema,
            400: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => ({
        success: true as const,
        message: await service.subscribe(request.body.email),
      }),
    );
  };
