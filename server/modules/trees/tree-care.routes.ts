import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CARE_DUE_PAGE,
  CARE_MESSAGES,
  careDueQuerySchema,
  careDueResponseSchema,
  careLogResponseSchema,
  careRequestSchema,
  careResponseSchema,
  careSettingsResponseSchema,
  careSettingsSchema,
  growthResponseSchema,
  healthFieldsSchema,
  HEALTH_PHOTO_FIELD,
  healthResponseSchema,
  measurementFormSchema,
  measurementResponseSchema,
  MEASUREMENT_PHOTO_FIELD,
  replantingQuerySchema,
  replantingResponseSchema,
} from '../../../contract/tree-care';
import { treeParamsSchema } from '../../../contract/trees';
import type { AppContext } from '../../context';
import { documentBody } from '../../plugins/api-docs';
import { parseForm, readHealth, readMeasurement } from './tree-form';
import { treeErrors, treeFormErrors } from './trees.routes';

const writeLimit = { rateLimit: { max: 120, timeWindow: '15 minutes' } };

/** Measurements, care, health, what is due, replanting, growth and reminder settings. */
export const treeCareRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, trees } = ctx;

    app.get(
      '/api/trees/care-due',
      {
        config: { access: 'member' },
        schema: {
          tags: ['trees'],
          summary:
            'My trees’ due care tasks (water, weed, mulch, measure), most overdue first: a page with the totals and nextCursor; treeId keeps one tree’s',
          querystring: careDueQuerySchema,
          response: { 200: careDueResponseSchema, ...treeErrors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        const { after, limit, treeId } = request.query;
        const list = await trees.careList(user.id, {
          limit,
          soonDays: CARE_DUE_PAGE.soonDays,
          after,
          treeId,
        });
        reply.header('cache-control', 'private, no-store');
        const { tasks, ...totals } = list;
        return { success: true as const, data: tasks, ...totals };
      },
    );

    app.get(
      '/api/trees/replanting',
      {
        config: { access: 'member' },
        schema: {
          tags: ['trees'],
          summary:
            'My dead trees not yet replaced, latest death first, a page with the total and nextCursor (register a tree with replacesTreeId to close one)',
          querystring: replantingQuerySchema,
          response: { 200: replantingResponseSchema, ...treeErrors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        const { after, limit } = request.query;
        reply.header('cache-control', 'private, no-store');
        return { success: true as const, ...(await trees.replantingPage(user.id, after, limit)) };
      },
    );

    app.get(
      '/api/trees/care-settings',
      {
        config: { access: 'member' },
        schema: {
          tags: ['trees'],
          summary: 'My care reminder settings (the weekly email digest is opt-in)',
          response: { 200: careSettingsResponseSchema, ...treeErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return { success: true as const, data: await trees.careSettings(user.id) };
      },
    );

    app.put(
      '/api/trees/care-settings',
      {
        config: { access: 'member', ...writeLimit },
        schema: {
          tags: ['trees'],
          summary: 'Turn the weekly email digest of due care on or off',
          body: careSettingsSchema,
          response: { 200: careSettingsResponseSchema, ...treeErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        return {
          success: true as const,
          message: CARE_MESSAGES.settingsSaved,
          data: await trees.saveCareSettings(user.id, request.body),
        };
      },
    );

    app.post(
      '/api/trees/:id/measurements',
      {
        config: {
          access: { owner: 'tree' },
          ...writeLimit,
          idempotent: true,
          swaggerTransform: documentBody(measurementFormSchema, {
            field: MEASUREMENT_PHOTO_FIELD,
            description: 'An optional photo of the tree (multipart only)',
          }),
        },
        schema: {
          tags: ['trees'],
          summary:
            'Add a measurement to my tree (JSON, or multipart with a photo under "photo"); diameter at 1.3 m, at the base while shorter',
          consumes: ['application/json', 'multipart/form-data'],
          params: treeParamsSchema,
          response: { 201: measurementResponseSchema, ...treeFormErrors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        // Who may measure is known before an upload is read.
        await trees.requireOwn(user, request.params.id);
        const input = await readMeasurement(request);
        const data = await trees.addMeasurement(user, request.params.id, input);
        return reply
          .code(201)
          .send({ success: true as const, message: CARE_MESSAGES.measured, data });
      },
    );

    app.post(
      '/api/trees/:id/care',
      {
        config: {
          access: { owner: 'tree' },
          ...writeLimit,
          idempotent: true,
          swaggerTransform: documentBody(careRequestSchema),
        },
        schema: {
          tags: ['trees'],
          summary: 'Log care for my tree (watered, mulched, weeded, pruned, fertilised, protected)',
          params: treeParamsSchema,
          response: { 201: careResponseSchema, ...treeFormErrors },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        const input = parseForm(careRequestSchema, request.body);
        const entry = await trees.logCare(user, request.params.id, input);
        return reply
          .code(201)
          .send({ success: true as const, message: CARE_MESSAGES.careLogged, data: { entry } });
      },
    );

    app.get(
      '/api/trees/:id/care',
      {
        config: { access: 'member' },
        schema: {
          tags: ['trees'],
          summary: "A tree's care log, newest first",
          params: treeParamsSchema,
          response: { 200: careLogResponseSchema, ...treeFormErrors },
        },
      },
      async (request) => {
        await sessions.requireUser(request);
        return { success: true as const, data: await trees.careLog(request.params.id) };
      },
    );

    app.post(
      '/api/trees/:id/health',
      {
        config: {
          access: { owner: 'tree' },
          ...writeLimit,
          idempotent: true,
          swaggerTransform: documentBody(healthFieldsSchema, {
            field: HEALTH_PHOTO_FIELD,
            description: 'An optional photo of what is wrong, when it needs care (multipart only)',
          }),
        },
        schema: {
          tags: ['trees'],
          summary:
            'Report my tree healthy, needing care (what is wrong, optional photo) or dead (a death needs a cause); JSON, or multipart with a photo under "photo"',
          consumes: ['application/json', 'multipart/form-data'],
          params: treeParamsSchema,
          response: { 200: healthResponseSchema, ...treeFormErrors },
        },
      },
      async (request) => {
        const { user } = await sessions.requireUser(request);
        // Who may report is known before an upload is read.
        await trees.requireOwn(user, request.params.id);
        const input = await readHealth(request);
        const tree = await trees.reportHealth(user, request.params.id, input);
        const message =
          input.form.status === 'needs-care'
            ? CARE_MESSAGES.problemReported
            : CARE_MESSAGES.healthSaved;
        return { success: true as const, message, data: { tree } };
      },
    );

    app.get(
      '/api/trees/:id/growth',
      {
        config: { access: 'member' },
        schema: {
          tags: ['trees'],
          summary: 'Measured points and a yearly prediction for the next 10 years',
          params: treeParamsSchema,
          response: { 200: growthResponseSchema, ...treeErrors },
        },
      },
      async (request) => {
        await sessions.requireUser(request);
        return { success: true as const, data: await trees.growth(request.params.id) };
      },
    );
  };
