import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/common';
import {
  geoReverseQuerySchema,
  geoReverseResponseSchema,
  geoSearchQuerySchema,
  geoSearchResponseSchema,
} from '../../../contract/geo';
import type { AppContext } from '../../context';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};
// Each upstream request costs the whole app a second, so one visitor gets a fair share only.
const rateLimit = { max: 60, timeWindow: '1 minute' };

export const geoRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = ctx.geo;

    app.get(
      '/api/geo/search',
      {
        config: { access: 'member', rateLimit },
        schema: {
          tags: ['geo'],
          summary: 'Find the best-matching place for a location text (null when none)',
          querystring: geoSearchQuerySchema,
          response: { 200: geoSearchResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await ctx.sessions.requireUser(request);
        return { success: true as const, data: await service.search(request.query.q, user.id) };
      },
    );

    app.get(
      '/api/geo/reverse',
      {
        config: { access: 'member', rateLimit },
        schema: {
          tags: ['geo'],
          summary: 'The name of the place at a point (null when it has none)',
          querystring: geoReverseQuerySchema,
          response: { 200: geoReverseResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await ctx.sessions.requireUser(request);
        const { lat, lon } = request.query;
        return { success: true as const, data: await service.reverse(lat, lon, user.id) };
      },
    );
  };
