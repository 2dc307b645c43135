import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentUserResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  otpMatchRequestSchema,
  otpMatchResponseSchema,
  otpRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '../../../contract/auth';
import { errorResponseSchema, messageResponseSchema } from '../../../contract/common';
import type { AppContext } from '../../context';
import { toCurrentUser } from '../users/current-user';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '15 minutes' } });

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth, sessions } = ctx;

    app.post(
      '/api/users/register',
      {
        config: { access: 'public', ...perIp(20) },
        schema: {
          tags: ['auth'],
          summary: 'Create an unverified account and email a 6-digit code',
          body: registerRequestSchema,
          response: { 201: messageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { username, email, password, role, locale } = request.body;
        const message = await auth.register({
          username,
          email,
          password,
          profileType: role,
          locale: locale ?? null,
        });
        return reply.code(201).send({ success: true, message });
      },
    );

    app.post(
      '/api/users/creatotp',
      {
        config: { access: 'public', ...perIp(30) },
        schema: {
          tags: ['auth'],
          summary: 'Send a new verification code (same answer whether or not the account exists)',
          body: otpRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => ({ success: true, message: await auth.requestOtp(request.body.email) }),
    );

    app.post(
      '/api/users/users-otpmatch',
      {
        config: { access: 'public', ...perIp(60) },
        schema: {
          tags: ['auth'],
          summary: 'Verify the emailed code; signs the user in',
          body: otpMatchRequestSchema,
          response: { 200: otpMatchResponseSchema, ...errors },
        },
      },
      async (request) => auth.verifyOtp(request.body.email, request.body.otpCode),
    );

    app.post(
      '/api/users/login',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Sign in',
          body: loginRequestSchema,
          response: { 200: loginResponseSchema, ...errors },
        },
      },
      async (request) => auth.login(request.body.email, request.body.password, request.ip),
    );

    app.post(
      '/api/users/forgotpassword',
      {
        config: { access: 'public', ...perIp(10) },
        schema: {
          tags: ['auth'],
          summary: 'Email a password reset link (same answer whether or not the account exists)',
          body: forgotPasswordRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true,
        message: await auth.forgotPassword(request.body.email),
      }),
    );

    app.post(
      '/api/users/resetpassword',
      {
        config: { access: 'secret', ...perIp(20) },
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a mailed reset token; ends every session',
          body: resetPasswordRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { email, token, password } = request.body;
        return { success: true, message: await auth.resetPassword(email, token, password) };
      },
    );

    app.get(
      '/api/users/currentuser',
      {
        config: { access: 'member' },
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          security: [{ sessionToken: [] }],
          response: { 200: currentUserResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, user: toCurrentUser(user) };
      },
    );

    app.post(
      '/api/users/logout',
      {
        config: { access: 'member' },
        schema: {
          tags: ['auth'],
          summary: 'End the current session',
          security: [{ sessionToken: [] }],
          response: { 200: messageResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => {
        const { sessionId } = await sessions.requireUser(request);
        return { success: true, message: await auth.logout(sessionId) };
      },
    );
  };
