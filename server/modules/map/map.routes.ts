import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAP_DEFAULTS, mapConfigResponseSchema } from '../../../contract/map';
import type { AppContext } from '../../context';

export const mapRoutes =
  (deps: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/map-config',
      {
        config: { access: 'public' },
        schema: {
          tags: ['geo'],
          summary: 'Map tile address and attribution for the browser',
          response: { 200: mapConfigResponseSchema },
        },
      },
      async (_request, reply) => {
        // Changes only with a redeploy; a short cache spares a request per map.
        void reply.header('cache-control', 'public, max-age=300');
        return {
          success: true as const,
          data: {
            tileUrl: deps.config.tileUrl,
            attribution: deps.config.tileAttribution,
            tileSize: MAP_DEFAULTS.tileSize,
            maxZoom: MAP_DEFAULTS.maxZoom,
          },
        };
      },
    );
  };
