import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '../../../contract/common';
import {
  NURSERY_MESSAGES,
  stockListQuerySchema,
  stockListResponseSchema,
  stockParamsSchema,
  stockRequestSchema,
  stockResponseSchema,
  stockUpdateRequestSchema,
} from '../../../contract/nursery';
import type { AppContext } from '../../context';

export const nurseryErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/** A nursery's sapling stock: the nursery writes its own, every member finds and reads. */
export const stockRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions } = ctx;
    const stock = ctx.nursery.stock;
    const writeLimit = { rateLimit: { max: 60, timeWindow: '10 minutes' } };

    app.get(
      '/api/nursery/stock',
      {
        config: { access: 'member' },
        schema: {
          tags: ['nursery'],
          summary:
            'Sapling stock: nearest first at any distance with near=<lat>,<lng> (radiusKm narrows it; after=<nextCursor> goes on), by species, or scope=mine',
          querystring: stockListQuerySchema,
          response: { 200: stockListResponseSchema, ...nurseryErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, ...(await stock.list(user.id, request.query)) };
      },
    );

    app.get(
      '/api/nursery/stock/:id',
      {
        config: { access: 'member' },
        schema: {
          tags: ['nursery'],
          summary: 'One stock line',
          params: stockParamsSchema,
          response: { 200: stockResponseSchema, ...nurseryErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, data: await stock.get(user.id, request.params.id) };
      },
    );

    app.post(
      '/api/nursery/stock',
      {
        config: { access: 'nursery', ...writeLimit },
        schema: {
          tags: ['nursery'],
          summary: 'Add a stock line (partner nursery accounts)',
          body: stockRequestSchema,
          response: { 201: stockResponseSchema, ...nurseryErrors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        const data = await stock.create(user, request.body);
        return reply
          .code(201)
          .send({ success: true as const, message: NURSERY_MESSAGES.stockSaved, data });
      },
    );

    app.patch(
      '/api/nursery/stock/:id',
      {
        config: { access: { owner: 'stock' }, ...writeLimit },
        schema: {
          tags: ['nursery'],
          summary: 'Change one of my stock lines (only the fields sent)',
          params: stockParamsSchema,
          body: stockUpdateRequestSchema,
          response: { 200: stockResponseSchema, ...nurseryErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const data = await stock.update(user, request.params.id, request.body);
        return { success: true as const, message: NURSERY_MESSAGES.stockSaved, data };
      },
    );

    app.delete(
      '/api/nursery/stock/:id',
      {
        config: { access: { owner: 'stock' }, ...writeLimit },
        schema: {
          tags: ['nursery'],
          summary: 'Delete one of my stock lines (refused while reservations are open)',
          params: stockParamsSchema,
          response: { 200: messageResponseSchema, ...nurseryErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        await stock.remove(user, request.params.id);
        return { success: true, message: NURSERY_MESSAGES.stockDeleted };
      },
    );
  };
