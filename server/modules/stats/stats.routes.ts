import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { communityChartsResponseSchema } from '../../../contract/charts';
import { statsResponseSchema } from '../../../contract/stats';
import type { AppContext } from '../../context';

export const statsRoutes =
  (deps: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = deps.stats;
    app.get(
      '/api/stats',
      {
        config: { access: 'public' },
        schema: {
          tags: ['stats'],
          summary: "The community's impact: trees, donations, drives, hours, CO₂ and O₂",
          response: { 200: statsResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=30');
        return { success: true as const, data: await service.impact() };
      },
    );

    app.get(
      '/api/stats/charts',
      {
        config: { access: 'public' },
        schema: {
          tags: ['stats'],
          summary:
            "The community's charts: trees registered per month, species mix, CO₂ over time, drives per country",
          response: { 200: communityChartsResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=30');
        return { success: true as const, data: await service.charts() };
      },
    );
  };
