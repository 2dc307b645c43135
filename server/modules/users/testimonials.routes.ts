import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/common';
import {
  myTestimonialResponseSchema,
  testimonialRequestSchema,
  testimonialsResponseSchema,
} from '../../../contract/testimonials';
import type { AppContext } from '../../context';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

/**
 * Testimonials (issue 23): the landing page's public list, and each member's own one (always the
 * session's member: there is no id to name someone else's).
 */
export const testimonialsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, users } = ctx;

    app.get(
      '/api/testimonials',
      {
        config: { access: 'public' },
        schema: {
          tags: ['users'],
          summary:
            'The newest testimonials members chose to show on the home page: name, account type, quote, photo (public)',
          response: { 200: testimonialsResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=30');
        return { success: true as const, data: await users.shownTestimonials() };
      },
    );

    app.get(
      '/api/users/me/testimonial',
      {
        config: { access: 'member' },
        schema: {
          tags: ['users'],
          summary: 'My testimonial and whether the home page may show it (null when none)',
          response: { 200: myTestimonialResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        reply.header('cache-control', 'private, no-store');
        return { success: true as const, data: await users.myTestimonial(user.id) };
      },
    );

    app.put(
      '/api/users/me/testimonial',
      {
        config: { access: 'member', rateLimit: { max: 30, timeWindow: '15 minutes' } },
        schema: {
          tags: ['users'],
          summary:
            "Write my testimonial (≤ 280 characters) and choose whether Canopy's home page shows it",
          body: testimonialRequestSchema,
          response: { 200: myTestimonialResponseSchema, ...errors, 429: errorResponseSchema },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, ...(await users.saveTestimonial(user.id, request.body)) };
      },
    );

    app.delete(
      '/api/users/me/testimonial',
      {
        config: { access: 'member' },
        schema: {
          tags: ['users'],
          summary: 'Delete my testimonial (it leaves the home page at once)',
          response: { 200: myTestimonialResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const message = await users.deleteTestimonial(user.id);
        return { success: true as const, message, data: null };
      },
    );
  };
