import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '../../../contract/common';
import {
  acceptInviteRequestSchema,
  acceptInviteResponseSchema,
  changeRoleRequestSchema,
  createInviteRequestSchema,
  invitePreviewResponseSchema,
  inviteTokenQuerySchema,
  myTeamsResponseSchema,
  TEAM_MESSAGES,
  teamInviteParamsSchema,
  teamInviteResponseSchema,
  teamInvitesResponseSchema,
  teamListQuerySchema,
  teamMemberParamsSchema,
  teamMemberResponseSchema,
  teamMembersResponseSchema,
  teamParamsSchema,
} from '../../../contract/teams';
import type { AppContext } from '../../context';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const writeLimit = { rateLimit: { max: 60, timeWindow: '15 minutes' } };

export const teamsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, teams } = ctx;

    app.get(
      '/api/teams/mine',
      {
        config: { access: 'member' },
        schema: {
          tags: ['teams'],
          summary:
            "The organisations I belong to and my role in each (a corporate account's own first)",
          response: { 200: myTeamsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, data: await teams.myTeams(user) };
      },
    );

    app.get(
      '/api/teams/invites/preview',
      {
        config: { access: 'secret', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['teams'],
          summary:
            'What an invite link is for (organisation, address, role, state); no sign-in needed',
          querystring: inviteTokenQuerySchema,
          response: { 200: invitePreviewResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await teams.previewInvite(request.query.token),
      }),
    );

    app.post(
      '/api/teams/invites/accept',
      {
        config: { access: 'member', rateLimit: { max: 20, timeWindow: '15 minutes' } },
        schema: {
          tags: ['teams'],
          summary:
            'Accept an invite with the signed-in account it was sent to (each link works once)',
          body: acceptInviteRequestSchema,
          response: { 200: acceptInviteResponseSchema, 410: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request, { apiTokens: false });
        return {
          success: true as const,
          message: TEAM_MESSAGES.accepted,
          data: await teams.acceptInvite(user, request.body.token),
        };
      },
    );

    app.get(
      '/api/teams/:organisationId/members',
      {
        config: { access: { owner: 'team' } },
        schema: {
          tags: ['teams'],
          summary: "An organisation's members with their roles (members of it only)",
          params: teamParamsSchema,
          querystring: teamListQuerySchema,
          response: { 200: teamMembersResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const data = await teams.members(user, request.params.organisationId, request.query);
        return { success: true as const, ...data };
      },
    );

    app.patch(
      '/api/teams/:organisationId/members/:userId',
      {
        config: { access: { owner: 'team' }, ...writeLimit },
        schema: {
          tags: ['teams'],
          summary:
            "Change a member's role (owners: any; admins: not to or from owner); one owner stays",
          params: teamMemberParamsSchema,
          body: changeRoleRequestSchema,
          response: { 200: teamMemberResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const { organisationId, userId } = request.params;
        return {
          success: true as const,
          message: TEAM_MESSAGES.roleChanged,
          data: await teams.changeRole(user, organisationId, userId, request.body.role),
        };
      },
    );

    app.delete(
      '/api/teams/:organisationId/members/:userId',
      {
        config: { access: { owner: 'team' }, ...writeLimit },
        schema: {
          tags: ['teams'],
          summary:
            'Remove a member (owners and admins), or leave (your own id); the last owner stays',
          params: teamMemberParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const { organisationId, userId } = request.params;
        return { success: true, message: await teams.removeMember(user, organisationId, userId) };
      },
    );

    app.get(
      '/api/teams/:organisationId/invites',
      {
        config: { access: { owner: 'team' } },
        schema: {
          tags: ['teams'],
          summary: 'Open invites of an organisation, newest first (owners and admins)',
          params: teamParamsSchema,
          querystring: teamListQuerySchema,
          response: { 200: teamInvitesResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const data = await teams.invites(user, request.params.organisationId, request.query);
        return { success: true as const, ...data };
      },
    );

    app.post(
      '/api/teams/:organisationId/invites',
      {
        config: { access: { owner: 'team' }, rateLimit: { max: 30, timeWindow: '15 minutes' } },
        schema: {
          tags: ['teams'],
          summary: 'Invite an email address with a role; a 7-day, single-use link is mailed',
          params: teamParamsSchema,
          body: createInviteRequestSchema,
          response: { 201: teamInviteResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        const data = await teams.invite(user, request.params.organisationId, request.body);
        return reply
          .code(201)
          .send({ success: true as const, message: TEAM_MESSAGES.invited, data });
      },
    );

    app.post(
      '/api/teams/:organisationId/invites/:inviteId/resend',
      {
        config: { access: { owner: 'team' }, rateLimit: { max: 30, timeWindow: '15 minutes' } },
        schema: {
          tags: ['teams'],
          summary: 'Send an open invite again with a new link (the old link stops working)',
          params: teamInviteParamsSchema,
          response: { 200: teamInviteResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const { organisationId, inviteId } = request.params;
        return {
          success: true as const,
          message: TEAM_MESSAGES.resent,
          data: await teams.resendInvite(user, organisationId, inviteId),
        };
      },
    );

    app.delete(
      '/api/teams/:organisationId/invites/:inviteId',
      {
        config: { access: { owner: 'team' }, ...writeLimit },
        schema: {
          tags: ['teams'],
          summary: 'Withdraw an open invite (its link stops working)',
          params: teamInviteParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const { organisationId, inviteId } = request.params;
        await teams.revokeInvite(user, organisationId, inviteId);
        return { success: true, message: TEAM_MESSAGES.revoked };
      },
    );
  };
