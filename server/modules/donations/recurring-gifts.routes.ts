import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/common';
import {
  createRecurringRequestSchema,
  createRecurringResponseSchema,
  RECURRING_MESSAGES,
  recurringListResponseSchema,
  recurringParamsSchema,
  recurringPortalResponseSchema,
  updateRecurringRequestSchema,
  updateRecurringResponseSchema,
} from '../../../contract/recurring-gifts';
import type { AppContext } from '../../context';
import { checkoutGuard } from './checkout-guard';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};

/** Issue 22: monthly and yearly gifts, started, listed and managed by their donor. */
export const recurringGiftsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, donations } = ctx;

    app.post(
      '/api/donations/recurring',
      {
        config: { access: 'member', rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags: ['donations'],
          summary:
            'Start a monthly or yearly gift (general fund or an organisation); answers the first payment’s checkout',
          body: createRecurringRequestSchema,
          response: { 200: createRecurringResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const guard = checkoutGuard(ctx, request, user);
        return {
          success: true as const,
          message: RECURRING_MESSAGES.started,
          data: await donations.recurring.create(user, request.body, guard),
        };
      },
    );

    app.get(
      '/api/donations/recurring',
      {
        config: { access: 'member' },
        schema: {
          tags: ['donations'],
          summary: 'My recurring gifts, newest first, with their latest periods',
          response: { 200: recurringListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          data: await donations.recurring.list(user),
          portal: donations.recurring.portal(),
        };
      },
    );

    app.patch(
      '/api/donations/recurring/:id',
      {
        config: { access: 'member', rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          tags: ['donations'],
          summary:
            'Pause until a day, change the trees or amount (from the next period), cancel (now or at the period end), resume, or choose one yearly statement',
          params: recurringParamsSchema,
          body: updateRecurringRequestSchema,
          response: { 200: updateRecurringResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const { gift, message } = await donations.recurring.update(
          user,
          request.params.id,
          request.body,
        );
        return { success: true as const, message, data: gift };
      },
    );

    app.post(
      '/api/donations/recurring/portal',
      {
        config: { access: 'member', rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags: ['donations'],
          summary: "Stripe's Customer Portal for my cards and invoices (Stripe only)",
          response: { 200: recurringPortalResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, data: { url: await donations.recurring.portalUrl(user) } };
      },
    );
  };
