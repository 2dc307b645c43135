import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/common';
import {
  forestVisibilityBodySchema,
  forestVisibilityResponseSchema,
  publicForestParamsSchema,
  publicForestResponseSchema,
  publicGiftParamsSchema,
  publicGiftResponseSchema,
} from '../../../contract/forest-sharing';
import type { AppContext } from '../../context';
import { documentResponse } from '../../plugins/api-docs';
import { withShareMeta } from './share-meta';

/** Public reads are cheap aggregates; card images cost a render, so fewer. */
const publicLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };
const cardLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
/**
 * The JSON is revalidated on every read, so making a forest private takes effect at once; the card
 * image (counts only, fetched by many link previews at once) may be kept ten minutes.
 */
const PUBLIC_CACHE = 'no-cache';
const CARD_CACHE = 'public, max-age=600';

export const forestSharingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, forest: forestSharing, config } = ctx;

    app.get(
      '/api/forest/visibility',
      {
        config: { access: 'member' },
        schema: {
          tags: ['trees'],
          summary: 'Whether the caller’s forest is public, and its handle',
          response: { 200: forestVisibilityResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, data: await forestSharing.visibility(user.id) };
      },
    );

    app.put(
      '/api/forest/visibility',
      {
        config: { access: 'member', rateLimit: { max: 30, timeWindow: '15 minutes' } },
        schema: {
          tags: ['trees'],
          summary:
            'Makes the caller’s forest public at /forest/{handle} (a handle of 3–30 lower-case letters, digits and hyphens) or private again',
          body: forestVisibilityBodySchema,
          response: {
            200: forestVisibilityResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const { message, ...data } = await forestSharing.setVisibility(user.id, request.body);
        return { success: true as const, message, data };
      },
    );

    app.get(
      '/api/public/forests/:handle',
      {
        config: { access: 'public', ...publicLimit },
        schema: {
          tags: ['trees'],
          summary:
            'A public forest: counts, species, the latest trees (places rounded to about 100 m) and their CO₂; 404 when private',
          params: publicForestParamsSchema,
          response: { 200: publicForestResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const data = await forestSharing.publicForest(request.params.handle);
        reply.header('cache-control', PUBLIC_CACHE);
        return { success: true as const, data };
      },
    );

    app.get(
      '/api/public/gifts/:id',
      {
        config: { access: 'public', ...publicLimit },
        schema: {
          tags: ['donations'],
          summary:
            'One paid tree gift: trees, what was planted, species, rounded places and CO₂; the donor’s name unless anonymous',
          params: publicGiftParamsSchema,
          response: { 200: publicGiftResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const data = await forestSharing.publicGift(request.params.id);
        reply.header('cache-control', PUBLIC_CACHE);
        return { success: true as const, data };
      },
    );

    const sendPng = (reply: FastifyReply, png: Buffer) =>
      reply.header('cache-control', CARD_CACHE).type('image/png').send(png);

    app.get(
      '/api/public/forests/:handle/card.png',
      {
        config: {
          access: 'public',
          ...cardLimit,
          swaggerTransform: documentResponse(200, 'The PNG image', {
            'image/png': { type: 'string', format: 'binary' },
          }),
        },
        schema: {
          tags: ['trees'],
          summary: 'The public forest’s 1200×630 link-preview image (PNG)',
          params: publicForestParamsSchema,
          response: { 404: errorResponseSchema },
        },
      },
      async (request, reply) =>
        sendPng(reply, await forestSharing.forestCard(request.params.handle)),
    );

    app.get(
      '/api/public/gifts/:id/card.png',
      {
        config: {
          access: 'public',
          ...cardLimit,
          swaggerTransform: documentResponse(200, 'The PNG image', {
            'image/png': { type: 'string', format: 'binary' },
          }),
        },
        schema: {
          tags: ['donations'],
          summary: 'A tree gift’s 1200×630 link-preview image (PNG)',
          params: publicGiftParamsSchema,
          response: { 404: errorResponseSchema },
        },
      },
      async (request, reply) => sendPng(reply, await forestSharing.giftCard(request.params.id)),
    );

    // The web app's page for these two addresses, with Open Graph and Twitter card tags of the
    // forest or gift, so a link shared on a messenger shows it. Private or unknown: the plain
    // app page with 404 (the app shows its not-found screen).
    const indexFile = path.join(config.webDistDir, 'index.html');
    const page = async (
      reply: FastifyReply,
      meta: Awaited<ReturnType<typeof forestSharing.forestMeta>>,
    ) => {
      const html = await fs.readFile(indexFile, 'utf8').catch(() => null);
      if (html === null)
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send(
            'The Canopy web app has not been built yet. Run `npm run build` (npm start does this).',
          );
      return reply
        .code(meta ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(meta ? withShareMeta(html, meta) : html);
    };
    app.get<{ Params: { handle: string } }>(
      '/forest/:handle',
      { config: { access: 'public', ...publicLimit }, schema: { hide: true } },
      async (request, reply) =>
        page(reply, await forestSharing.forestMeta(String(request.params.handle).slice(0, 64))),
    );
    app.get<{ Params: { id: string } }>(
      '/gift/:id',
      { config: { access: 'public', ...publicLimit }, schema: { hide: true } },
      async (request, reply) =>
        page(reply, await forestSharing.giftMeta(String(request.params.id).slice(0, 64))),
    );
  };
