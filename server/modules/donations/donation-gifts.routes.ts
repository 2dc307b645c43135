import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/common';
import { createDonationResponseSchema, donationParamsSchema } from '../../../contract/donations';
import {
  batchGiftRequestSchema,
  claimGiftResponseSchema,
  donationGiftsQuerySchema,
  donationGiftsResponseSchema,
  GIFT_MESSAGES,
  giftCodeParamsSchema,
  giftPreviewResponseSchema,
  resendGiftRequestSchema,
  resendGiftResponseSchema,
} from '../../../contract/gifts';
import type { AppContext } from '../../context';
import { forbidden } from '../../lib/errors';
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

/** Trees given to someone (issue 19 §5): claim links, the giver's view, corporate batches. */
export const donationGiftsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, donations } = ctx;

    app.get(
      '/api/gifts/:code',
      {
        // The code in the path is the key; without it nothing is found.
        config: { access: 'secret', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['gifts'],
          summary:
            'Preview a gift from its claim link (no sign-in): recipient, trees, message, giver unless anonymous, drive, planting',
          params: giftCodeParamsSchema,
          response: { 200: giftPreviewResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await donations.gifts.preview(request.params.code),
      }),
    );

    app.post(
      '/api/gifts/:code/claim',
      {
        config: { access: 'member', rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags: ['gifts'],
          summary: "Claim a gift: its trees move into the caller's forest (once)",
          params: giftCodeParamsSchema,
          response: { 200: claimGiftResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          message: GIFT_MESSAGES.claimed,
          data: await donations.gifts.claim(user, request.params.code),
        };
      },
    );

    app.get(
      '/api/donations/:id/gifts',
      {
        config: { access: { owner: 'donation' } },
        schema: {
          tags: ['gifts'],
          summary:
            'The recipients of one of my donations, claimed or not (keyset pages; the link only for gifts without an email)',
          params: donationParamsSchema,
          querystring: donationGiftsQuerySchema,
          response: { 200: donationGiftsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          data: await donations.gifts.listGifts(user, request.params.id, request.query),
        };
      },
    );

    app.post(
      '/api/donations/:id/gift/resend',
      {
        config: {
          access: { owner: 'donation' },
          rateLimit: { max: 10, timeWindow: '10 minutes' },
        },
        schema: {
          tags: ['gifts'],
          summary:
            "Send a gift's mail again with a new link (the old one stops working); only while unclaimed",
          params: donationParamsSchema,
          body: resendGiftRequestSchema.optional(),
          response: { 200: resendGiftResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          message: GIFT_MESSAGES.resent,
          data: await donations.gifts.resend(user, request.params.id, request.body?.giftId),
        };
      },
    );

    app.post(
      '/api/donations/gifts/batch',
      {
        config: { access: 'corporate', rateLimit: { max: 10, timeWindow: '10 minutes' } },
        schema: {
          tags: ['gifts'],
          summary:
            'A corporate gift: the same trees to each of up to 500 recipients (rows of a name,email CSV), one payment',
          body: batchGiftRequestSchema,
          response: { 200: createDonationResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        if (user.profile_type !== 'corporate') throw forbidden(GIFT_MESSAGES.batchCorporate);
        return {
          success: true as const,
          data: await donations.createGiftBatch(
            user,
            request.body,
            checkoutGuard(ctx, request, user),
          ),
        };
      },
    );
  };
