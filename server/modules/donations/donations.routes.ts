import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contract/common';
import {
  billingProfileResponseSchema,
  billingProfileSchema,
  cancelDonationResponseSchema,
  createDonationRequestSchema,
  createDonationResponseSchema,
  DONATION_MESSAGES,
  donationCheckoutResponseSchema,
  donatedTreesQuerySchema,
  donatedTreesResponseSchema,
  donationListQuerySchema,
  donationListResponseSchema,
  donationOptionsQuerySchema,
  donationOptionsResponseSchema,
  donationParamsSchema,
  donationResponseSchema,
  driveDonationsResponseSchema,
} from '../../../contract/donations';
import type { AppContext } from '../../context';
import { checkoutGuard } from './checkout-guard';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};

/** Binary and text bodies bypass the serializer; these only describe them in OpenAPI. */
/** A member's own PDF (receipt, certificate) as a download nobody caches. */
const sendPdf = (reply: FastifyReply, { filename, pdf }: { filename: string; pdf: Buffer }) =>
  reply
    .headers({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    })
    .send(pdf);

const fileBody = (description: string, type: string) => ({
  description,
  content: { [type]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
});

export const donationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, donations } = ctx;

    app.get(
      '/api/donations/options',
      {
        config: { access: 'public' },
        schema: {
          tags: ['donations'],
          summary:
            "Currency, tree price, limits and categories: every amount comes from here (driveId: that drive's nursery price)",
          querystring: donationOptionsQuerySchema,
          response: { 200: donationOptionsResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: request.query.driveId
          ? await donations.optionsFor(request.query.driveId)
          : donations.options(),
      }),
    );

    app.post(
      '/api/donations',
      {
        config: { access: 'member', rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags: ['donations'],
          summary: 'Start a donation of trees or cash; answers the checkout address to pay at',
          body: createDonationRequestSchema,
          response: { 200: createDonationResponseSchema, ...errors, 403: errorResponseSchema },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const guard = checkoutGuard(ctx, request, user);
        return {
          success: true as const,
          data: await donations.create(user, request.body, undefined, guard),
        };
      },
    );

    app.get(
      '/api/donations',
      {
        config: { access: 'member' },
        schema: {
          tags: ['donations'],
          summary: 'My donations, newest first (optionally one status)',
          querystring: donationListQuerySchema,
          response: { 200: donationListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, ...(await donations.list(user, request.query)) };
      },
    );

    app.get(
      '/api/donations/export.csv',
      {
        config: { access: 'member', rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          tags: ['donations'],
          summary: 'My donations as CSV (the Transactions page download)',
          response: { 200: fileBody('CSV, one row per donation', 'text/csv'), ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        const csv = await donations.exportCsv(user);
        return reply
          .headers({
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="canopy-donations.csv"',
            'cache-control': 'no-store',
          })
          .send(csv);
      },
    );

    app.get(
      '/api/donations/billing',
      {
        config: { access: 'member' },
        schema: {
          tags: ['donations'],
          summary: 'My billing name, address and tax id (printed on receipts)',
          response: { 200: billingProfileResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, data: await donations.billing(user) };
      },
    );

    app.put(
      '/api/donations/billing',
      {
        config: { access: 'member' },
        schema: {
          tags: ['donations'],
          summary: 'Save my billing details',
          body: billingProfileSchema,
          response: { 200: billingProfileResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          message: DONATION_MESSAGES.billingSaved,
          data: await donations.saveBilling(user, request.body),
        };
      },
    );

    app.get(
      '/api/donations/:id',
      {
        config: { access: { owner: 'donation' } },
        schema: {
          tags: ['donations'],
          summary: 'One of my donations',
          params: donationParamsSchema,
          response: { 200: donationResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, data: await donations.get(user, request.params.id) };
      },
    );

    app.post(
      '/api/donations/:id/checkout',
      {
        config: { access: { owner: 'donation' }, rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags: ['donations'],
          summary:
            'Pay now for one of my pending donations: its checkout while open, else a new donation with the same choices (this one expires)',
          params: donationParamsSchema,
          response: { 200: donationCheckoutResponseSchema, ...errors, 403: errorResponseSchema },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const guard = checkoutGuard(ctx, request, user);
        return {
          success: true as const,
          data: await donations.checkout(user, request.params.id, guard),
        };
      },
    );

    app.post(
      '/api/donations/:id/cancel',
      {
        config: { access: { owner: 'donation' } },
        schema: {
          tags: ['donations'],
          summary: 'Cancel one of my pending donations (nothing was charged)',
          params: donationParamsSchema,
          response: { 200: cancelDonationResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          message: DONATION_MESSAGES.cancelled,
          data: await donations.cancel(user, request.params.id),
        };
      },
    );

    app.get(
      '/api/donations/:id/receipt',
      {
        config: { access: { owner: 'donation' }, rateLimit: { max: 60, timeWindow: '10 minutes' } },
        schema: {
          tags: ['donations'],
          summary: 'The PDF receipt of one of my paid donations',
          params: donationParamsSchema,
          response: { 200: fileBody('The receipt', 'application/pdf'), ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        return sendPdf(reply, await donations.receipt(user, request.params.id));
      },
    );

    app.get(
      '/api/donations/:id/certificate',
      {
        config: { access: { owner: 'donation' }, rateLimit: { max: 60, timeWindow: '10 minutes' } },
        schema: {
          tags: ['donations'],
          summary:
            'The certificate of a paid tree gift (one landscape A4 page to print, with a QR code to the gift page)',
          params: donationParamsSchema,
          response: { 200: fileBody('The certificate', 'application/pdf'), ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        return sendPdf(reply, await donations.certificate(user, request.params.id));
      },
    );

    app.get(
      '/api/trees/donatedtrees',
      {
        config: { access: 'member' },
        schema: {
          tags: ['donations'],
          summary: 'My paid tree donations: trees, drive, date, amount, receipt number',
          querystring: donatedTreesQuerySchema,
          response: { 200: donatedTreesResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const { page, limit } = request.query;
        return { success: true as const, data: await donations.donatedTrees(user, page, limit) };
      },
    );

    app.get(
      '/api/drives/:id/donations',
      {
        config: { access: 'member' },
        schema: {
          tags: ['donations'],
          summary: 'Trees and money a drive received (paid), with donor names unless anonymous',
          params: donationParamsSchema,
          response: { 200: driveDonationsResponseSchema, ...errors },
        },
      },
      async (request) => {
        await sessions.requireUser(request);
        return {
          success: true as const,
          data: await donations.driveDonations(request.params.id),
        };
      },
    );
  };
