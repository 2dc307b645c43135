import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';

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

type JsonObjectSchema = { properties?: Record<string, unknown>; required?: string[] };

/**
 * The request body in the docs of a route whose handler parses it itself (a multipart form, or
 * JSON whose refusal names its field, which route-schema validation does not): `body` is the
 * contract schema the handler parses with (null: no text fields). Fastify never sees it, so
 * nothing is validated twice and every answer stays as it was. One entry per media type in the
 * route's `consumes` (JSON when none); the multipart one also carries `file` as binary.
 * Use as the route's `config.swaggerTransform`.
 */
export function documentBody(
  body: z.ZodType | null,
  file?: { field: string; required?: boolean; description?: string },
): SwaggerTransform {
  return (input) => {
    const consumes = (input.schema as { consumes?: string[] }).consumes ?? ['application/json'];
    const out = jsonSchemaTransform(body ? { ...input, schema: { ...input.schema, body } } : input);
    const fields = (out.schema.body ?? { type: 'object', properties: {} }) as JsonObjectSchema;
    const form: JsonObjectSchema = file
      ? {
          ...fields,
          properties: {
            ...fields.properties,
            [file.field]: {
              type: 'string',
              format: 'binary',
              ...(file.description ? { description: file.description } : {}),
            },
          },
          ...(file.required ? { required: [...(fields.required ?? []), file.field] } : {}),
        }
      : fields;
    const content = Object.fromEntries(
      consumes.map((type) => [type, { schema: type === 'multipart/form-data' ? form : fields }]),
    );
    return { ...out, schema: { ...out.schema, body: { content } } };
  };
}
