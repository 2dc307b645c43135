import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_TOKEN_MESSAGES } from '../../../contract/api-tokens';
import { errorResponseSchema } from '../../../contract/common';
import { calendarFeedResponseSchema } from '../../../contract/drives';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};
const FEED_NOT_FOUND = 'This calendar address does not exist or was replaced by a new one.';

export const calendarFeedRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions } = ctx;
    const { drives, calendarFeeds: feeds } = ctx;

    app.get(
      '/api/calendar/feed',
      {
        config: { access: 'member' },
        schema: {
          tags: ['calendar'],
          summary: 'My personal calendar feed address (created on first use)',
          response: { 200: calendarFeedResponseSchema, ...errors },
        },
      },
      async (request) => {
        // Tokens get no feed address: it would outlive the token's revocation (issue 25).
        const { user } = await sessions.requireUser(request, {
          apiTokens: false,
          refusal: API_TOKEN_MESSAGES.noFeedAddress,
        });
        return { success: true as const, data: { url: await feeds.url(user.id) } };
      },
    );

    app.post(
      '/api/calendar/feed/rotate',
      {
        config: { access: 'member', rateLimit: { max: 20, timeWindow: '15 minutes' } },
        schema: {
          tags: ['calendar'],
          summary: 'Replace my calendar feed address (the old one stops working)',
          response: { 200: calendarFeedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, data: { url: await feeds.rotate(user.id) } };
      },
    );

    app.get(
      '/api/calendar/feed/:token.ics',
      {
        // Public by design (calendar apps send no session); the secret address is the key.
        config: { access: 'secret', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['calendar'],
          summary: 'A personal calendar feed (iCalendar), for calendar apps to subscribe to',
          params: z.object({ token: z.string() }),
          produces: ['text/calendar'],
          // Sent as text: Fastify serialises only JSON content types.
          response: { 200: z.string().describe('iCalendar (RFC 5545) text'), ...errors },
        },
      },
      async (request, reply) => {
        const owner = await feeds.feedOwner(request.params.token);
        if (!owner) throw notFound(FEED_NOT_FOUND);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('cache-control', 'private, max-age=300')
          .send(await drives.feed(owner.userId, owner.locale));
      },
    );
  };
