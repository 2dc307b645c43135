import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the zod schemas on every route, browsable at /api/docs. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Canopy API',
        description: 'Plant, nurture and track trees together.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          sessionToken: { type: 'apiKey', in: 'header', name: 'x-auth-token' },
          // Personal API tokens (Integration page): read-only, GET and HEAD under /api only.
          apiToken: { type: 'http', scheme: 'bearer', description: 'cnp_… personal API token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
