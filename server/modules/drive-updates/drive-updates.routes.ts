import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/common';
import {
  DRIVE_UPDATE_MESSAGES,
  DRIVE_UPDATE_PHOTO_FIELD,
  driveUpdateCreatedResponseSchema,
  driveUpdateFormSchema,
  driveUpdateListQuerySchema,
  driveUpdateListResponseSchema,
} from '../../../contract/drive-updates';
import { driveParamsSchema } from '../../../contract/drives';
import type { AppContext } from '../../context';
import { documentBody } from '../../plugins/api-docs';
import { readUpdateForm } from './update-form';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export const driveUpdatesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, driveUpdates } = ctx;

    app.get(
      '/api/drives/:id/updates',
      {
        config: { access: 'member' },
        schema: {
          tags: ['drives'],
          summary:
            'A drive’s field updates, newest first (`before` = the previous page’s `nextCursor`), and whether the caller may post',
          params: driveParamsSchema,
          querystring: driveUpdateListQuerySchema,
          response: { 200: driveUpdateListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const page = await driveUpdates.list(user, request.params.id, request.query);
        return {
          success: true as const,
          data: page.updates,
          nextCursor: page.nextCursor,
          canPost: page.canPost,
        };
      },
    );

    app.post(
      '/api/drives/:id/updates',
      {
        config: {
          // The organiser side of the drive; a supplying nursery too (checked by the service).
          access: { owner: 'drive' },
          rateLimit: { max: 30, timeWindow: '15 minutes' },
          swaggerTransform: documentBody(driveUpdateFormSchema, {
            field: DRIVE_UPDATE_PHOTO_FIELD,
            description:
              'A photo; repeat the field for up to 4 (JPEG, PNG, WebP or GIF, 5 MB each).',
          }),
        },
        schema: {
          tags: ['drives'],
          summary:
            'Post a field update to a drive (its organiser, their team’s owners and admins, or a nursery that supplied it): multipart `text` and up to 4 `photos`',
          consumes: ['multipart/form-data'],
          params: driveParamsSchema,
          response: {
            201: driveUpdateCreatedResponseSchema,
            ...errors,
            413: errorResponseSchema,
            415: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        // Who may post is settled before the upload is read.
        const author = await driveUpdates.requireAuthor(user, request.params.id);
        const update = await driveUpdates.post(author, await readUpdateForm(request));
        return reply.status(201).send({
          success: true as const,
          message: DRIVE_UPDATE_MESSAGES.posted,
          data: update,
        });
      },
    );
  };
