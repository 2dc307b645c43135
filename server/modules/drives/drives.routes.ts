import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, messageResponseSchema } from '../../../contract/common';
import {
  calendarQuerySchema,
  calendarResponseSchema,
  corporateUsersResponseSchema,
  DRIVE_MESSAGES,
  driveCreatedResponseSchema,
  driveDetailResponseSchema,
  driveFormErrorSchema,
  driveFormSchema,
  driveListQuerySchema,
  driveListResponseSchema,
  driveMapQuerySchema,
  driveMapResponseSchema,
  driveParamsSchema,
  driveUpdatedResponseSchema,
  memberDrivesResponseSchema,
  myDrivesQuerySchema,
  myDrivesResponseSchema,
  participationResponseSchema,
} from '../../../contract/drives';
import { driveOrganiserQuerySchema } from '../../../contract/teams';
import type { AppContext } from '../../context';
import { documentBody } from '../../plugins/api-docs';
import { readDriveForm } from './drive-form';
import { DRIVE_IMAGE_FIELD } from './drives.service';

/** How many organised (and joined) drives a public profile lists. */
const MEMBER_DRIVES_SHOWN = 12;

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
/** Form endpoints name the field at fault, and can refuse an upload as too large or not an image. */
const formErrors = {
  ...errors,
  400: driveFormErrorSchema,
  413: driveFormErrorSchema,
  415: errorResponseSchema,
  429: errorResponseSchema,
};

export const drivesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, drives } = ctx;

    app.post(
      '/api/add_drivetreeinfo',
      {
        config: {
          access: 'corporate',
          rateLimit: { max: 30, timeWindow: '15 minutes' },
          swaggerTransform: documentBody(driveFormSchema, {
            field: DRIVE_IMAGE_FIELD,
            required: true,
          }),
        },
        schema: {
          tags: ['drives'],
          summary:
            'Create a tree drive (corporate accounts; multipart form with the image under "treedriveImage")',
          consumes: ['multipart/form-data'],
          querystring: driveOrganiserQuerySchema,
          response: { 201: driveCreatedResponseSchema, ...formErrors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        // Checked before the upload is read; `?organisation=` creates it for a team's organisation.
        const organisation = await drives.organiserFor(user, request.query.organisation);
        const drive = await drives.create(user, await readDriveForm(request), organisation);
        return reply.code(201).send({
          success: true as const,
          message: DRIVE_MESSAGES.saved,
          data: { data: drive },
        });
      },
    );

    app.get(
      '/api/users/coporateuser',
      {
        config: { access: 'member' },
        schema: {
          tags: ['drives'],
          summary: 'Corporate members for "Land Donated By" (label and value)',
          response: { 200: corporateUsersResponseSchema, ...errors },
        },
      },
      async (request) => {
        await sessions.requireUser(request);
        return { success: true as const, data: await drives.corporateOptions() };
      },
    );

    app.get(
      '/api/trees/geteventdetail',
      {
        config: { access: 'member' },
        schema: {
          tags: ['drives'],
          summary: 'Plantations: drives by date (upcoming or past), country, date range and name',
          querystring: driveListQuerySchema,
          response: { 200: driveListResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        // Already JSON, checked against driveListResponseSchema when the shared page was read: the
        // schema above documents the answer; validating 12 drives again per request was the cost.
        const body = await drives.listBody(user.id, request.query);
        // Bytes are sent as they are (the typed reply only knows the schema's object form).
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
      },
    );

    app.get(
      '/api/drives/map',
      {
        config: { access: 'member' },
        schema: {
          tags: ['drives'],
          summary:
            "The drives map for a view (`bbox`, `zoom`): clusters (count and centre) below a street zoom, drives one by one closer in; the list's filters. Without `zoom`: the drives themselves, capped",
          querystring: driveMapQuerySchema,
          response: { 200: driveMapResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await sessions.requireUser(request);
        // Already JSON, checked against driveMapResponseSchema once per shared read (mapBody).
        const { bbox, zoom, cursor: _cursor, ...filters } = request.query;
        const body = await drives.mapBody(filters, { bbox, zoom });
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
      },
    );

    app.get(
      '/api/drives/mine',
      {
        config: { access: 'member' },
        schema: {
          tags: ['drives'],
          summary:
            'My Plantations: a page of the drives I organise and of those I joined (or of one, `part`), keyset paged by `cursor`',
          querystring: myDrivesQuerySchema,
          response: { 200: myDrivesResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, ...(await drives.mine(user.id, request.query)) };
      },
    );

    app.get(
      '/api/drives/member/:id',
      {
        config: { access: 'member' },
        schema: {
          tags: ['drives'],
          summary:
            "A member's drives for their public profile: organised and joined, upcoming then recent",
          params: driveParamsSchema,
          response: { 200: memberDrivesResponseSchema, ...errors },
        },
      },
      async (request) => {
        await sessions.requireUser(request);
        // Only what any member may see of a drive: no caller flags.
        const data = await drives.memberDrives(request.params.id, MEMBER_DRIVES_SHOWN);
        return { success: true as const, data };
      },
    );

    app.get(
      '/api/drives/calendar',
      {
        config: { access: 'member' },
        schema: {
          tags: ['drives'],
          summary: 'My drives (organised or joined) starting between two dates, for the calendar',
          querystring: calendarQuerySchema,
          response: { 200: calendarResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const { from, to } = request.query;
        return { success: true as const, data: await drives.calendar(user.id, from, to) };
      },
    );

    app.get(
      '/api/drives/:id',
      {
        config: { access: 'member' },
        schema: {
          tags: ['drives'],
          summary: 'One drive with its participants',
          params: driveParamsSchema,
          response: { 200: driveDetailResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, data: await drives.detail(user.id, request.params.id) };
      },
    );

    app.put(
      '/api/drives/:id',
      {
        config: {
          access: { owner: 'drive' },
          rateLimit: { max: 60, timeWindow: '15 minutes' },
          swaggerTransform: documentBody(driveFormSchema, { field: DRIVE_IMAGE_FIELD }),
        },
        schema: {
          tags: ['drives'],
          summary: 'Edit a drive (organiser only; same form, the image is optional)',
          consumes: ['multipart/form-data'],
          params: driveParamsSchema,
          response: { 200: driveUpdatedResponseSchema, ...formErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const drive = await drives.requireOwnDrive(user, request.params.id);
        const input = await readDriveForm(request);
        return {
          success: true as const,
          message: DRIVE_MESSAGES.updated,
          data: { data: await drives.update(user, drive, input) },
        };
      },
    );

    app.delete(
      '/api/drives/:id',
      {
        config: { access: { owner: 'drive' } },
        schema: {
          tags: ['drives'],
          summary: 'Delete a drive (organiser only); everyone who joined is told',
          params: driveParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        await drives.remove(await drives.requireOwnDrive(user, request.params.id));
        return { success: true, message: DRIVE_MESSAGES.deleted };
      },
    );

    app.post(
      '/api/drives/:id/participants',
      {
        config: { access: 'member' },
        schema: {
          tags: ['drives'],
          summary: 'Join a drive (joining twice is fine)',
          params: driveParamsSchema,
          response: { 200: participationResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          message: DRIVE_MESSAGES.joined,
          data: await drives.join(user, request.params.id),
        };
      },
    );

    app.delete(
      '/api/drives/:id/participants',
      {
        config: { access: 'member' },
        schema: {
          tags: ['drives'],
          summary: 'Leave a drive (leaving twice is fine)',
          params: driveParamsSchema,
          response: { 200: participationResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          message: DRIVE_MESSAGES.left,
          data: await drives.leave(user, request.params.id),
        };
      },
    );

    app.get(
      '/api/drives/:id/ics',
      {
        config: { access: 'member' },
        schema: {
          tags: ['drives'],
          summary: 'The drive as an iCalendar (.ics) file to add to a calendar',
          params: driveParamsSchema,
          produces: ['text/calendar'],
          // Sent as text: Fastify serialises only JSON content types.
          response: { 200: z.string().describe('iCalendar (RFC 5545) text'), ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        const { filename, body } = await drives.ics(request.params.id, user.locale);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'private, no-cache')
          .send(body);
      },
    );
  };
