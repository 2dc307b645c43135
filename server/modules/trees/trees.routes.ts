import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, messageResponseSchema } from '../../../contract/common';
import { speciesResponseSchema } from '../../../contract/tree-care';
import {
  registeredTreesQuerySchema,
  registeredTreesResponseSchema,
  TREE_IMAGE_FIELD,
  TREE_MESSAGES,
  treeExportQuerySchema,
  treeGeoJsonSchema,
  treeFormSchema,
  treeMapQuerySchema,
  treeMapResponseSchema,
  treeParamsSchema,
  treeResponseSchema,
  treeUpdateFormSchema,
  memberTreesResponseSchema,
} from '../../../contract/trees';
import type { AppContext } from '../../context';
import { documentBody, documentResponse } from '../../plugins/api-docs';
import { readTreeForm, readTreeUpdate } from './tree-form';

/** How many trees a public profile lists (the newest). */
const MEMBER_TREES_SHOWN = 12;

export const treeErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
/** Form endpoints name the field at fault, and can refuse an upload as too large or not an image. */
export const treeFormErrors = {
  ...treeErrors,
  413: errorResponseSchema,
  415: errorResponseSchema,
  429: errorResponseSchema,
};

/** Registering, listing, viewing, editing, deleting, the map, exports and the species table. */
export const treesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, trees } = ctx;

    app.get(
      '/api/trees/member/:id',
      {
        config: { access: 'member' },
        schema: {
          tags: ['trees'],
          summary: "A member's trees for their public profile, newest first (no coordinates)",
          params: treeParamsSchema,
          response: { 200: memberTreesResponseSchema, ...treeErrors },
        },
      },
      async (request) => {
        await sessions.requireUser(request);
        const { data, total } = await trees.mine(request.params.id, {
          page: 1,
          limit: MEMBER_TREES_SHOWN,
        });
        return {
          success: true as const,
          data: data.map((t) => ({
            id: t.id,
            name: t.name,
            species: t.species.label,
            count: t.count,
            status: t.status,
            plantedAt: t.plantedAt,
          })),
          total,
        };
      },
    );

    app.post(
      '/api/trees',
      {
        config: {
          access: 'member',
          rateLimit: { max: 60, timeWindow: '15 minutes' },
          idempotent: true,
          swaggerTransform: documentBody(treeFormSchema, { field: TREE_IMAGE_FIELD }),
        },
        schema: {
          tags: ['trees'],
          summary: 'Register a tree (multipart form; optional photo under "treeImage")',
          consumes: ['multipart/form-data'],
          response: { 201: treeResponseSchema, ...treeFormErrors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        const tree = await trees.register(user, await readTreeForm(request));
        return reply
          .code(201)
          .send({ success: true as const, message: TREE_MESSAGES.saved, data: { tree } });
      },
    );

    app.get(
      '/api/trees/registeredtree',
      {
        config: { access: 'member' },
        schema: {
          tags: ['trees'],
          summary:
            'My registered trees, newest first (species and status filter them); follow nextCursor with cursor= for the next page',
          querystring: registeredTreesQuerySchema,
          response: { 200: registeredTreesResponseSchema, ...treeErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, ...(await trees.mine(user.id, request.query)) };
      },
    );

    app.get(
      '/api/trees/species',
      {
        config: { access: 'public' },
        schema: {
          tags: ['trees'],
          summary: 'Every species with its wood density, growth curves and the sources (public)',
          response: { 200: speciesResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return { success: true as const, data: trees.species() };
      },
    );

    app.get(
      '/api/trees/map',
      {
        config: { access: 'member' },
        schema: {
          tags: ['trees'],
          summary:
            'Every member’s trees in a box, rounded to 3 decimals: grid clusters below zoom 16, trees from it',
          querystring: treeMapQuerySchema,
          response: { 200: treeMapResponseSchema, ...treeErrors },
        },
      },
      async (request) => {
        await sessions.requireUser(request);
        return { success: true as const, ...(await trees.map(request.query)) };
      },
    );

    app.get(
      '/api/trees/export',
      {
        config: {
          access: 'member',
          swaggerTransform: documentResponse(200, 'The trees, as the format asks', {
            'text/csv': { type: 'string', description: 'UTF-8 with a byte-order mark, header row' },
            'application/geo+json': treeGeoJsonSchema,
          }),
        },
        schema: {
          tags: ['trees'],
          summary: 'My trees as CSV (header row) or GeoJSON (RFC 7946 FeatureCollection)',
          querystring: treeExportQuerySchema,
          produces: ['text/csv', 'application/geo+json'],
          // Sent as text: Fastify serialises only JSON content types.
          response: { 200: z.string().describe('CSV or GeoJSON text'), ...treeErrors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        // A stream of keyset batches (tree-export.ts): sent as it is read, never whole in memory.
        const file = await trees.exportFile(user.id, request.query.format);
        return (reply as FastifyReply)
          .header('content-type', file.type)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'private, no-store')
          .send(file.body);
      },
    );

    app.get(
      '/api/trees/:id',
      {
        config: { access: 'member' },
        schema: {
          tags: ['trees'],
          summary: 'One tree (any member; exact coordinates for the owner only)',
          params: treeParamsSchema,
          response: { 200: treeResponseSchema, ...treeErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          data: { tree: await trees.get(user.id, request.params.id) },
        };
      },
    );

    app.patch(
      '/api/trees/:id',
      {
        config: {
          access: { owner: 'tree' },
          rateLimit: { max: 120, timeWindow: '15 minutes' },
          swaggerTransform: documentBody(treeUpdateFormSchema, { field: TREE_IMAGE_FIELD }),
        },
        schema: {
          tags: ['trees'],
          summary: 'Edit my tree (multipart; fields sent change, a new photo is optional)',
          consumes: ['multipart/form-data'],
          params: treeParamsSchema,
          response: { 200: treeResponseSchema, ...treeFormErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        // Who may edit is known before the upload is read.
        await trees.requireOwn(user, request.params.id);
        const tree = await trees.update(user, request.params.id, await readTreeUpdate(request));
        return { success: true as const, message: TREE_MESSAGES.updated, data: { tree } };
      },
    );

    app.delete(
      '/api/trees/:id',
      {
        config: { access: { owner: 'tree' } },
        schema: {
          tags: ['trees'],
          summary: 'Delete my tree with its measurements and care log',
          params: treeParamsSchema,
          response: { 200: messageResponseSchema, ...treeErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        await trees.remove(user, request.params.id);
        return { success: true, message: TREE_MESSAGES.deleted };
      },
    );
  };
