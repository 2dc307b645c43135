import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQueryFields } from '../../../contract/common';
import { driveParamsSchema } from '../../../contract/drives';
import {
  createReservationRequestSchema,
  driveChainResponseSchema,
  NURSERY_MESSAGES,
  nurseryDashboardResponseSchema,
  reservationActionParamsSchema,
  reservationListQuerySchema,
  reservationListResponseSchema,
  reservationParamsSchema,
  reservationResponseSchema,
  treeProvenanceResponseSchema,
} from '../../../contract/nursery';
import { treeParamsSchema } from '../../../contract/trees';
import type { AppContext } from '../../context';
import { nurseryErrors } from './stock.routes';

const driveReservationsQuerySchema = z.object(pagingQueryFields(50));

/** Reservations of saplings for drives, the chain of custody, and the nursery dashboard. */
export const reservationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, drives, nursery } = ctx;
    const { reservations } = nursery;

    app.post(
      '/api/drives/:id/reservations',
      {
        config: { access: { owner: 'drive' }, rateLimit: { max: 60, timeWindow: '10 minutes' } },
        schema: {
          tags: ['nursery'],
          summary:
            "Reserve saplings from a nursery's stock for a drive I organise or manage through its team (the stock drops at once)",
          params: driveParamsSchema,
          body: createReservationRequestSchema,
          response: { 201: reservationResponseSchema, ...nurseryErrors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        const drive = await drives.requireOwnDrive(user, request.params.id);
        const data = await reservations.reserve(user, drive, request.body);
        return reply
          .code(201)
          .send({ success: true as const, message: NURSERY_MESSAGES.reserved, data });
      },
    );

    app.get(
      '/api/drives/:id/reservations',
      {
        config: { access: 'member' },
        schema: {
          tags: ['nursery'],
          summary: "A drive's sapling reservations, newest first",
          params: driveParamsSchema,
          querystring: driveReservationsQuerySchema,
          response: { 200: reservationListResponseSchema, ...nurseryErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        await drives.detail(user.id, request.params.id);
        const { page, limit } = request.query;
        return {
          success: true as const,
          ...(await reservations.listForDrive(user, request.params.id, page, limit)),
        };
      },
    );

    app.get(
      '/api/drives/:id/chain',
      {
        config: { access: 'member' },
        schema: {
          tags: ['nursery'],
          summary: "A drive's chain of custody: saplings reserved, delivered, planted, alive today",
          params: driveParamsSchema,
          response: { 200: driveChainResponseSchema, ...nurseryErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        await drives.detail(user.id, request.params.id);
        return { success: true as const, data: await nursery.driveChain(request.params.id) };
      },
    );

    app.get(
      '/api/nursery/reservations',
      {
        config: { access: 'nursery' },
        schema: {
          tags: ['nursery'],
          summary: "My nursery's reservations, newest first (status=open: requested or confirmed)",
          querystring: reservationListQuerySchema,
          response: { 200: reservationListResponseSchema, ...nurseryErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          ...(await reservations.listForNursery(user, request.query)),
        };
      },
    );

    app.get(
      '/api/nursery/reservations/:id',
      {
        config: { access: { owner: 'reservation' } },
        schema: {
          tags: ['nursery'],
          summary:
            "One reservation (its nursery, or the drive's organiser and its team's owners and admins)",
          params: reservationParamsSchema,
          response: { 200: reservationResponseSchema, ...nurseryErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, data: await reservations.get(user, request.params.id) };
      },
    );

    app.post(
      '/api/nursery/reservations/:id/:action',
      {
        config: {
          access: { owner: 'held-reservation' },
          rateLimit: { max: 120, timeWindow: '10 minutes' },
        },
        schema: {
          tags: ['nursery'],
          summary:
            "Move a reservation on: confirm, decline, deliver (the nursery) or cancel (the nursery or the drive's side, before delivery)",
          params: reservationActionParamsSchema,
          response: { 200: reservationResponseSchema, ...nurseryErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const { reservation, message } = await reservations.act(
          user,
          request.params.id,
          request.params.action,
        );
        return { success: true as const, message, data: reservation };
      },
    );

    app.get(
      '/api/trees/:id/provenance',
      {
        config: { access: 'member' },
        schema: {
          tags: ['nursery'],
          summary: "A tree's provenance: nursery, drive, donors (unless anonymous), planter",
          params: treeParamsSchema,
          response: { 200: treeProvenanceResponseSchema, ...nurseryErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          data: await nursery.provenance(user.id, request.params.id),
        };
      },
    );

    app.get(
      '/api/dashboard/nursery',
      {
        config: { access: 'nursery' },
        schema: {
          tags: ['nursery'],
          summary:
            'The nursery dashboard: stock by species, open reservations, deliveries, drives supplied, per month',
          response: { 200: nurseryDashboardResponseSchema, ...nurseryErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, data: await nursery.dashboard(user) };
      },
    );
  };
