import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/common';
import {
  markReadResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationParamsSchema,
  unreadCountResponseSchema,
} from '../../../contract/notifications';
import type { AppContext } from '../../context';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const notificationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { notifications, sessions } = ctx;

    app.get(
      '/api/notifications',
      {
        config: { access: 'member' },
        schema: {
          tags: ['notifications'],
          summary: 'My notifications, newest first, with total and unread counts',
          querystring: notificationListQuerySchema,
          response: { 200: notificationListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const { page, limit } = request.query;
        return { success: true as const, ...(await notifications.list(user.id, page, limit)) };
      },
    );

    app.get(
      '/api/notifications/unread-count',
      {
        config: { access: 'member' },
        schema: {
          tags: ['notifications'],
          summary: 'How many of my notifications are unread (for the bell)',
          response: { 200: unreadCountResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          data: { unread: await notifications.unreadCount(user.id) },
        };
      },
    );

    app.post(
      '/api/notifications/read-all',
      {
        config: { access: 'member' },
        schema: {
          tags: ['notifications'],
          summary: 'Mark all my notifications read',
          response: { 200: markReadResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          data: { unread: await notifications.markAllRead(user.id) },
        };
      },
    );

    app.post(
      '/api/notifications/:id/read',
      {
        config: { access: { owner: 'notification' } },
        schema: {
          tags: ['notifications'],
          summary: 'Mark one of my notifications read',
          params: notificationParamsSchema,
          response: { 200: markReadResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const unread = await notifications.markRead(user.id, request.params.id);
        return { success: true as const, data: { unread } };
      },
    );
  };
