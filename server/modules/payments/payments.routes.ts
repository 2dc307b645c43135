import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, messageResponseSchema } from '../../../contract/common';
import {
  DONATION_MESSAGES,
  testPaymentRequestSchema,
  testPaymentResponseSchema,
  testReversalRequestSchema,
} from '../../../contract/donations';
import type { AppContext } from '../../context';
import { documentBody } from '../../plugins/api-docs';
import type { FulfilResult } from './payments.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  402: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  415: errorResponseSchema,
  429: errorResponseSchema,
};

// For the docs only: Stripe's event as Stripe sends it; the handler verifies the signed bytes.
const stripeEventDoc = z
  .looseObject({
    id: z.string(),
    type: z.string(),
    data: z.looseObject({ object: z.looseObject({}) }),
  })
  .describe('A Stripe event, signed in the Stripe-Signature header');

const acknowledgement = (result: FulfilResult): string => {
  if (result.duplicate) return 'Event already handled.';
  if (result.outcome === 'refused') return 'Event refused: it does not match the donation.';
  if (result.outcome === 'unmatched') return 'Event acknowledged: no donation matches it.';
  return result.outcome === 'applied' ? 'Event handled.' : 'Event acknowledged.';
};

export const paymentsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, payments } = ctx;

    // Its own scope: JSON arrives as the exact bytes, which the signature covers.
    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
        done(null, body),
      );
      webhook.post(
        '/api/payments/stripe/webhook',
        {
          config: { access: 'secret', swaggerTransform: documentBody(stripeEventDoc) },
          schema: {
            tags: ['payments'],
            summary: 'Stripe events (signed); each event is handled once, fulfilment is idempotent',
            // 503: Stripe could not be asked what the event leaves out; Stripe delivers it again.
            response: { 200: messageResponseSchema, ...errors, 503: errorResponseSchema },
          },
        },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const result = await payments.stripeWebhook(
            body,
            typeof signature === 'string' ? signature : undefined,
          );
          return { success: true, message: acknowledgement(result) };
        },
      );
    });

    app.post(
      '/api/payments/test/reverse',
      {
        config: { access: 'member', rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          tags: ['payments'],
          summary:
            'Refund or dispute a paid test-mode donation (test mode only), as Stripe’s charge.refunded and charge.dispute.created do',
          body: testReversalRequestSchema,
          response: { 200: testPaymentResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const data = await payments.reverseTestPayment(user, request.body);
        return {
          success: true as const,
          message:
            request.body.reason === 'dispute'
              ? 'The payment is disputed.'
              : 'The payment is refunded.',
          data,
        };
      },
    );

    app.post(
      '/api/payments/test/confirm',
      {
        config: { access: 'member', rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          tags: ['payments'],
          summary: 'Pay a pending donation with a test card (test mode only; nothing is charged)',
          body: testPaymentRequestSchema,
          response: { 200: testPaymentResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          message: DONATION_MESSAGES.paymentStarted,
          data: await payments.confirmTestPayment(user, request.body),
        };
      },
    );
  };
