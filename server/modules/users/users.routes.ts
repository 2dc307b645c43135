import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '../../../contract/common';
import {
  changePasswordRequestSchema,
  currentUserUpdateResponseSchema,
  deleteAccountRequestSchema,
  PROFILE_MESSAGES,
  profileParamsSchema,
  profileSearchQuerySchema,
  profileSearchResponseSchema,
  publicProfileResponseSchema,
  updateLocaleRequestSchema,
  updateProfileRequestSchema,
} from '../../../contract/users';
import type { AppContext } from '../../context';
import { documentBody } from '../../plugins/api-docs';
import { readMultipart } from '../files/multipart';

/** The multipart field that carries a new profile photo. */
const AVATAR_FIELD = 'avatar';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  429: errorResponseSchema,
};

export const usersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions } = ctx;
    const { users } = ctx;

    app.get(
      '/api/trees/user-profile',
      {
        config: { access: 'member' },
        schema: {
          tags: ['users'],
          summary: 'Search other members by username or name (from 3 characters, at most 10)',
          querystring: profileSearchQuerySchema,
          response: { 200: profileSearchResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, data: await users.search(user.id, request.query.key) };
      },
    );

    app.get(
      '/api/users/:id/profile',
      {
        config: { access: 'member' },
        schema: {
          tags: ['users'],
          summary: "A member's public profile",
          params: profileParamsSchema,
          response: { 200: publicProfileResponseSchema, ...errors },
        },
      },
      async (request) => {
        await sessions.requireUser(request);
        return { success: true as const, data: await users.publicProfile(request.params.id) };
      },
    );

    app.patch(
      '/api/users/me',
      {
        config: { access: 'member' },
        schema: {
          tags: ['users'],
          summary: 'Edit my name, username, bio, location and language',
          body: updateProfileRequestSchema,
          response: { 200: currentUserUpdateResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          message: PROFILE_MESSAGES.profileSaved,
          user: await users.updateProfile(user, request.body),
        };
      },
    );

    app.put(
      '/api/users/me/locale',
      {
        config: { access: 'member' },
        schema: {
          tags: ['users'],
          summary: 'Save my language (null: follow the browser)',
          body: updateLocaleRequestSchema,
          response: { 200: currentUserUpdateResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          message: PROFILE_MESSAGES.languageSaved,
          user: await users.setLocale(user, request.body.locale),
        };
      },
    );

    app.put(
      '/api/users/me/avatar',
      {
        config: {
          access: 'member',
          rateLimit: { max: 30, timeWindow: '15 minutes' },
          swaggerTransform: documentBody(null, { field: AVATAR_FIELD, required: true }),
        },
        schema: {
          tags: ['users'],
          summary: 'Upload my profile photo (multipart, one image under "avatar")',
          consumes: ['multipart/form-data'],
          response: { 200: currentUserUpdateResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        const { file } = await readMultipart(request, { fileField: AVATAR_FIELD });
        return {
          success: true as const,
          message: PROFILE_MESSAGES.avatarSaved,
          user: await users.setAvatar(user, file),
        };
      },
    );

    app.delete(
      '/api/users/me/avatar',
      {
        config: { access: 'member' },
        schema: {
          tags: ['users'],
          summary: 'Remove my profile photo',
          response: { 200: currentUserUpdateResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          message: PROFILE_MESSAGES.avatarRemoved,
          user: await users.removeAvatar(user),
        };
      },
    );

    app.post(
      '/api/users/me/password',
      {
        config: { access: 'member', rateLimit: { max: 20, timeWindow: '15 minutes' } },
        schema: {
          tags: ['users'],
          summary: 'Change my password (other sessions end)',
          body: changePasswordRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user, sessionId } = await sessions.requireUser(request);
        return {
          success: true,
          message: await ctx.auth.changePassword(user, sessionId, request.body),
        };
      },
    );

    app.delete(
      '/api/users/me',
      {
        config: { access: 'member', rateLimit: { max: 20, timeWindow: '15 minutes' } },
        schema: {
          tags: ['users'],
          summary: 'Delete my account (password and the word DELETE required)',
          body: deleteAccountRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true, message: await users.deleteAccount(user, request.body.password) };
      },
    );
  };
