import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contract/common';
import {
  careDuePageQuerySchema,
  careDuePageResponseSchema,
  corporateDashboardQuerySchema,
  corporateDashboardResponseSchema,
  impactReportQuerySchema,
  individualDashboardResponseSchema,
} from '../../../contract/dashboards';
import type { AppContext } from '../../context';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};

/** Binary and text bodies bypass the serializer; this only describes them in OpenAPI. */
const reportBody = {
  description: 'The impact report: a tagged PDF, or CSV (one table, a section column per row)',
  content: {
    'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) },
    'text/csv': { schema: z.any().meta({ type: 'string' }) },
  },
};

export const dashboardsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, dashboards } = ctx;

    app.get(
      '/api/dashboard/individual',
      {
        config: { access: 'individual' },
        schema: {
          tags: ['dashboards'],
          summary:
            'My dashboard: living trees, CO₂ stored (low–high), care due, drives ahead, donations, history, replanting',
          response: { 200: individualDashboardResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        reply.header('cache-control', 'private, no-store');
        return { success: true as const, data: await dashboards.individual(user) };
      },
    );

    app.get(
      '/api/dashboard/care-due',
      {
        config: { access: 'individual' },
        schema: {
          tags: ['dashboards'],
          summary:
            "My care list's due tasks after `after` (the dashboard's or an earlier page's nextCursor), by due date",
          querystring: careDuePageQuerySchema,
          response: { 200: careDuePageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        reply.header('cache-control', 'private, no-store');
        return {
          success: true as const,
          data: await dashboards.careDuePage(user, request.query),
        };
      },
    );

    app.get(
      '/api/dashboard/corporate',
      {
        config: { access: 'corporate' },
        schema: {
          tags: ['dashboards'],
          summary:
            "My organisation's drives, participants, volunteer hours, trees and their survival, donations received and months (optionally for a period)",
          querystring: corporateDashboardQuerySchema,
          response: { 200: corporateDashboardResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        const { from, to } = request.query;
        const period = from && to ? { from, to } : undefined;
        reply.header('cache-control', 'private, no-store');
        return {
          success: true as const,
          data: await dashboards.corporateDashboard(
            user,
            request.query.organisation ?? (await ctx.teams.defaultOrganisationOf(user)),
            period,
          ),
        };
      },
    );

    app.get(
      '/api/reports/impact',
      {
        config: { access: 'member', rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          tags: ['dashboards'],
          summary: "My organisation's impact report for a period, as PDF or CSV",
          querystring: impactReportQuerySchema,
          response: { 200: reportBody, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        const organisationId =
          request.query.organisation ?? (await ctx.teams.defaultOrganisationOf(user));
        const file = await dashboards.impactReport(user, organisationId, request.query);
        return reply
          .headers({
            'content-type': file.type,
            'content-disposition': `attachment; filename="${file.filename}"`,
            'cache-control': 'private, no-store',
          })
          .send(file.body);
      },
    );
  };
