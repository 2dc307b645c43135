import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../contract/common';
import { requiresSession, type RouteAccess } from './route-access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The module whose manifest registered the route (app.ts): the first word of its operationId. */
    module?: string;
  }
}

/** Session tokens (either header) and personal API tokens; routes name theirs from their rule. */
const SECURITY_SCHEMES = {
  sessionToken: {
    type: 'apiKey',
    in: 'header',
    name: 'x-auth-token',
    description: 'The session token sign-in returns',
  },
  sessionBearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'The same session token as `Authorization: Bearer …`',
  },
  // Personal API tokens (Integration page): read-only, GET and HEAD under /api only.
  apiToken: { type: 'http', scheme: 'bearer', description: 'cnp_… personal API token' },
} as const;

const ERROR_REF = { $ref: '#/components/schemas/ErrorResponse' };
const WRITES = new Set(['post', 'put', 'patch', 'delete']);

type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
};
type OpenApiDoc = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

/** Fastify's `/api/drives/:id` as OpenAPI's `/api/drives/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

const pascal = (word: string) =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/**
 * `<module>.<method><Path>`, e.g. `drives.getDrivesById` for GET /api/drives/{id}: stable (it
 * changes only when the route's module, method or path does) and unique (method and path are).
 */
export function operationIdOf(module: string, method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      return param ? `By${pascal(param[1]!)}` : pascal(segment);
    });
  return `${module}.${method}${words.join('') || 'Root'}`;
}

/** Who may send what, from the route's declared rule (plugins/route-access.ts). */
export function securityOf(
  access: RouteAccess | undefined,
  method: string,
): Array<Record<string, string[]>> {
  if (!requiresSession(access)) return [];
  const session: Array<Record<string, string[]>> = [{ sessionToken: [] }, { sessionBearer: [] }];
  return WRITES.has(method) ? session : [...session, { apiToken: [] }];
}

/**
 * The 4xx answers a route can give, from how it is declared: 400 when it reads input, 401 when its
 * rule needs a session, 403 when its rule names an account type or owner (or it writes: API tokens
 * only read), 404 for a path naming an object, 409 for a repeated Idempotency-Key, 429 for a limit.
 */
export function clientErrorsOf(
  route: Pick<RouteOptions, 'config'>,
  method: string,
  path: string,
  operation: Operation,
): Record<string, string> {
  const config = route.config as
    { access?: RouteAccess; idempotent?: true; rateLimit?: unknown } | undefined;
  const access = config?.access;
  const writes = WRITES.has(method);
  const errors: Record<string, string> = {};
  if (writes || (operation.parameters?.length ?? 0) > 0 || operation.requestBody)
    errors['400'] = 'The input is not valid';
  if (requiresSession(access)) errors['401'] = 'No valid session (or API token)';
  if (writes || (requiresSession(access) && access !== 'member'))
    errors['403'] = 'Not allowed for this account (or an API token, which only reads)';
  if (/\{\w+\}/.test(path)) errors['404'] = 'Not found';
  if (config?.idempotent) errors['409'] = 'The Idempotency-Key is in use by another request';
  if (config?.rateLimit) errors['429'] = 'Too many requests; see Retry-After';
  return errors;
}

/** Adds operationId, security and the derived 4xx answers to every operation that lacks them. */
function describeOperations(doc: OpenApiDoc, routes: Map<string, RouteOptions>): OpenApiDoc {
  doc.components = {
    ...doc.components,
    schemas: {
      ...doc.components?.schemas,
      ErrorResponse: z.toJSONSchema(errorResponseSchema, { target: 'openapi-3.0' }),
    },
  };
  for (const [path, operations] of Object.entries(doc.paths ?? {}))
    for (const [method, operation] of Object.entries(operations)) {
      const route = routes.get(`${method} ${path}`);
      if (!route) continue;
      const config = route.config as { access?: RouteAccess; module?: string } | undefined;
      operation.operationId ??= operationIdOf(config?.module ?? 'app', method, path);
      operation.security ??= securityOf(config?.access, method);
      const responses = (operation.responses ??= {});
      for (const [status, description] of Object.entries(
        clientErrorsOf(route, method, path, operation),
      ))
        responses[status] ??= {
          description,
          content: { 'application/json': { schema: ERROR_REF } },
        };
    }
  return doc;
}

/** OpenAPI generated from the zod schemas on every route, browsable at /api/docs. */
export async function registerApiDocs(
  app: FastifyInstance,
  options: { appUrl: string },
): Promise<void> {
  // Every route by its OpenAPI method and path; read when the document is built, by then each
  // route's config is final (rate limits scaled, module named).
  const routes = new Map<string, RouteOptions>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      routes.set(`${method.toLowerCase()} ${openApiPath(route.url)}`, route);
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Canopy API',
        description: 'Plant, nurture and track trees together.',
        version: '1.0.0',
      },
      servers: [{ url: options.appUrl, description: 'This Canopy server (APP_URL)' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document
        ? (describeOperations(
            document.openapiObject as OpenApiDoc,
            routes,
          ) as typeof document.openapiObject)
        : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/**
 * Documents a route's success answer whose body is not JSON (a PNG, CSV or GeoJSON text): one
 * entry per media type, each a zod schema or a plain JSON schema. Use as `config.swaggerTransform`.
 */
export function documentResponse(
  status: number,
  description: string,
  content: Record<string, z.ZodType | Record<string, unknown>>,
): SwaggerTransform {
  return (input) => {
    const out = jsonSchemaTransform(input);
    const media = Object.fromEntries(
      Object.entries(content).map(([type, schema]) => [
        type,
        {
          schema:
            schema instanceof z.ZodType
              ? z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output' })
              : schema,
        },
      ]),
    );
    const response = (out.schema.response ?? {}) as Record<string, unknown>;
    return {
      ...out,
      schema: {
        ...out.schema,
        response: { ...response, [status]: { description, content: media } },
      },
    };
  };
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
