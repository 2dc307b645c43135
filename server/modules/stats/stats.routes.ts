import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statsResponseSchema } from '../../../contract/stats';
import type { AppDeps } from '../../app';
import { statsRepository } from './stats.repository';
import { statsService } from './stats.service';

export const statsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = statsService(statsRepository(deps.database.db), deps.clock);
    app.get(
      '/api/stats',
      {
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
  };
