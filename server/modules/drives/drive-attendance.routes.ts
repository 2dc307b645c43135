import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTENDANCE_MESSAGES,
  attendanceChangeResponseSchema,
  attendanceClaimResponseSchema,
  attendanceClaimSchema,
  attendanceCorrectionSchema,
  attendanceParamsSchema,
  attendanceResponseSchema,
  checkInRequestSchema,
  drivePassResponseSchema,
  volunteerCertificateQuerySchema,
} from '../../../contract/attendance';
import { errorResponseSchema } from '../../../contract/common';
import { driveParamsSchema } from '../../../contract/drives';
import type { AppContext } from '../../context';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const pdfBody = {
  description: 'The volunteer certificate (PDF)',
  content: { 'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
};

/**
 * Check-in at a drive (issue 21 §1). The attendance routes are for the drive's organiser and its
 * organisation's owners and admins (403 for anyone else); a pass is for the organiser and the
 * drive's participants (the access rule names the organiser; the service admits participants).
 */
export const attendanceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, drives } = ctx;
    const { attendance } = drives;

    app.get(
      '/api/drives/:id/pass',
      {
        config: { access: { owner: 'drive' } },
        schema: {
          tags: ['attendance'],
          summary: "My pass for a drive I joined (or organise): its code and the code's QR as SVG",
          params: driveParamsSchema,
          response: { 200: drivePassResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        reply.header('cache-control', 'private, no-store');
        return { success: true as const, data: await attendance.pass(user, request.params.id) };
      },
    );

    app.get(
      '/api/drives/:id/attendance',
      {
        config: { access: { owner: 'drive' } },
        schema: {
          tags: ['attendance'],
          summary:
            "The drive's people (participants, walk-ins, the organiser) with check-in, check-out and hours; counts and the check-in window",
          params: driveParamsSchema,
          response: { 200: attendanceResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        reply.header('cache-control', 'private, no-store');
        return {
          success: true as const,
          data: await attendance.attendance(user, request.params.id),
        };
      },
    );

    app.post(
      '/api/drives/:id/check-ins',
      {
        config: {
          access: { owner: 'drive' },
          rateLimit: { max: 600, timeWindow: '15 minutes' },
          idempotent: true,
        },
        schema: {
          tags: ['attendance'],
          summary:
            'Check someone in: by pass `{ code }`, a participant `{ userId }`, or a walk-in `{ walkIn: { name, email } }`; twice is one attendance',
          params: driveParamsSchema,
          body: checkInRequestSchema,
          response: { 200: attendanceChangeResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const data = await attendance.checkIn(user, request.params.id, request.body);
        const message = request.body.walkIn
          ? data.alreadyCheckedIn
            ? ATTENDANCE_MESSAGES.alreadyCheckedIn
            : data.person.walkIn
              ? ATTENDANCE_MESSAGES.walkInInvited
              : ATTENDANCE_MESSAGES.checkedIn
          : data.alreadyCheckedIn
            ? ATTENDANCE_MESSAGES.alreadyCheckedIn
            : ATTENDANCE_MESSAGES.checkedIn;
        return { success: true as const, message, data };
      },
    );

    app.post(
      '/api/drives/:id/check-ins/:userId/out',
      {
        config: { access: { owner: 'drive' } },
        schema: {
          tags: ['attendance'],
          summary: 'Check someone out (a member or a walk-in, by the id the attendance list gives)',
          params: attendanceParamsSchema,
          response: { 200: attendanceChangeResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const { id, userId } = request.params;
        const data = await attendance.checkOut(user, id, userId);
        return { success: true as const, message: ATTENDANCE_MESSAGES.checkedOut, data };
      },
    );

    app.patch(
      '/api/drives/:id/attendance/:userId',
      {
        config: { access: { owner: 'drive' } },
        schema: {
          tags: ['attendance'],
          summary: "Correct someone's hours at the drive (0–24); the correction replaces the count",
          params: attendanceParamsSchema,
          body: attendanceCorrectionSchema,
          response: { 200: attendanceChangeResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const { id, userId } = request.params;
        const data = await attendance.correct(user, id, userId, request.body.hours);
        return { success: true as const, message: ATTENDANCE_MESSAGES.corrected, data };
      },
    );

    app.post(
      '/api/drives/:id/attendance/claim',
      {
        config: { access: 'member', rateLimit: { max: 30, timeWindow: '15 minutes' } },
        schema: {
          tags: ['attendance'],
          summary:
            "Claim a walk-in's attendance with the emailed link's token (signed in with the invited email)",
          params: driveParamsSchema,
          body: attendanceClaimSchema,
          response: { 200: attendanceClaimResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const data = await attendance.claim(user, request.params.id, request.body.token);
        return { success: true as const, message: ATTENDANCE_MESSAGES.claimed, data };
      },
    );

    app.get(
      '/api/users/me/volunteer-certificate',
      {
        config: { access: 'member' },
        schema: {
          tags: ['attendance'],
          summary: 'My volunteer certificate for a year (PDF): attended drives, hours, organisers',
          querystring: volunteerCertificateQuerySchema,
          produces: ['application/pdf'],
          response: { 200: pdfBody, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        const file = await drives.volunteerCertificate(user, request.query.year);
        return reply
          .headers({
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="${file.filename}"`,
            'cache-control': 'private, no-store',
          })
          .send(file.body);
      },
    );
  };
