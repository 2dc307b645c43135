import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARE_MESSAGES,
  careRequestSchema,
  healthRequestSchema,
  measurementFormSchema,
  MEASUREMENT_PHOTO_FIELD,
} from '../../contract/tree-care';
import { TREE_IMAGE_FIELD, treeFormSchema, treeGeoJsonSchema } from '../../contract/trees';
import { treesGeoJson } from '../modules/trees/tree-export';
import { signedInUser } from '../../tests/support/signed-in';
import { buildTestApp, type TestApp } from '../../tests/support/test-app';
import { requiresSession } from './route-access';

type Media = { schema: { properties?: Record<string, { type?: string; format?: string }> } };
type Operation = {
  requestBody?: { content: Record<string, Media> };
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  servers?: Array<{ url: string }>;
  components: { schemas?: Record<string, unknown> };
};

/** Write operations that take no body at all (everything else must document the one it reads). */
const BODILESS = new Set([
  'POST /api/users/logout',
  'POST /api/notifications/read-all',
  'POST /api/notifications/{id}/read',
  'POST /api/drives/{id}/participants',
  'POST /api/drives/{id}/check-ins/{userId}/out',
  'POST /api/calendar/feed/rotate',
  'POST /api/nursery/reservations/{id}/{action}',
  'POST /api/teams/{organisationId}/invites/{inviteId}/resend',
  'POST /api/donations/{id}/checkout',
  'POST /api/donations/{id}/cancel',
  'POST /api/gifts/{code}/claim',
  'POST /api/donations/recurring/portal',
]);

/** Routes whose handler reads the body itself (documented by documentBody), each as signed out. */
const HAND_READ = [
  {
    method: 'POST',
    path: '/api/trees/{id}/measurements',
    types: ['application/json', 'multipart/form-data'],
  },
  { method: 'POST', path: '/api/trees/{id}/care', types: ['application/json'] },
  {
    method: 'POST',
    path: '/api/trees/{id}/health',
    types: ['application/json', 'multipart/form-data'],
  },
  { method: 'POST', path: '/api/trees', types: ['multipart/form-data'] },
  { method: 'PATCH', path: '/api/trees/{id}', types: ['multipart/form-data'] },
  { method: 'POST', path: '/api/add_drivetreeinfo', types: ['multipart/form-data'] },
  { method: 'PUT', path: '/api/drives/{id}', types: ['multipart/form-data'] },
  { method: 'PUT', path: '/api/users/me/avatar', types: ['multipart/form-data'] },
] as const;

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await buildTestApp({ name: 'sqlite' });
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method, path, op })),
    );
  const ruleOf = (method: string, path: string) =>
    t.app.routeTable.routes.find(
      (route) =>
        route.method === method.toUpperCase() && route.url.replace(/:(\w+)/g, '{$1}') === path,
    )?.access;
  afterAll(() => t.close());
  const body = (method: string, path: string) =>
    doc.paths[path]?.[method.toLowerCase()]?.requestBody?.content;
  const fieldsOf = (media: Media | undefined) => Object.keys(media?.schema.properties ?? {});

  it('describes care, health and measurement bodies with the contract schemas', () => {
    const care = body('POST', '/api/trees/{id}/care');
    expect(Object.keys(care ?? {})).toEqual(['application/json']);
    expect(fieldsOf(care?.['application/json'])).toEqual(Object.keys(careRequestSchema.shape));
    expect(care?.['application/json']?.schema).toMatchObject({ required: ['action'] });

    const health = body('POST', '/api/trees/{id}/health');
    expect(fieldsOf(health?.['application/json'])).toEqual(Object.keys(healthRequestSchema.shape));
    expect(health?.['application/json']?.schema).toMatchObject({ required: ['status'] });

    const measurement = body('POST', '/api/trees/{id}/measurements');
    const fields = Object.keys(measurementFormSchema.shape);
    expect(fieldsOf(measurement?.['application/json'])).toEqual(fields);
    expect(fieldsOf(measurement?.['multipart/form-data'])).toEqual([
      ...fields,
      MEASUREMENT_PHOTO_FIELD,
    ]);
    expect(
      measurement?.['multipart/form-data']?.schema.properties?.[MEASUREMENT_PHOTO_FIELD],
    ).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('describes every form read by hand, with its file as binary', () => {
    for (const { method, path, types } of HAND_READ)
      expect(Object.keys(body(method, path) ?? {}), `${method} ${path}`).toEqual(types);
    const register = body('POST', '/api/trees')?.['multipart/form-data'];
    expect(fieldsOf(register)).toEqual([...Object.keys(treeFormSchema.shape), TREE_IMAGE_FIELD]);
    expect(register?.schema.properties?.[TREE_IMAGE_FIELD]).toMatchObject({ format: 'binary' });
    expect(body('PUT', '/api/users/me/avatar')?.['multipart/form-data']?.schema).toMatchObject({
      properties: { avatar: { type: 'string', format: 'binary' } },
      required: ['avatar'],
    });
    expect(body('POST', '/api/payments/stripe/webhook')?.['application/json']).toBeDefined();
  });

  it('leaves no write operation with a body undescribed', () => {
    const undescribed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method, op]) => ['post', 'put', 'patch'].includes(method) && !op.requestBody)
        .map(([method]) => `${method.toUpperCase()} ${path}`)
        .filter((op) => !BODILESS.has(op)),
    );
    expect(undescribed).toEqual([]);
  });

  it('still refuses a signed-out caller before reading the body, and names the field after', async () => {
    for (const { method, path } of HAND_READ) {
      const url = path.replace(/\{\w+\}/g, 'no-such-id');
      const res = await t.app.inject({ method, url, payload: { action: 42, status: 'x' } });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    const me = await signedInUser(t.app, t.database.db);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/trees/no-such-id/care',
      headers: me.headers,
      payload: { action: 'danced' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      field: 'action',
      message: CARE_MESSAGES.actionRequired,
    });
  });

  it('names every operation once, by its module, method and path', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/drives/{id}']?.get?.operationId).toBe('drives.getDrivesById');
    expect(doc.paths['/api/trees/export']?.get?.operationId).toBe('trees.getTreesExport');
  });

  it('declares each operation’s security from its access rule', () => {
    for (const { method, path, op } of operations()) {
      const rule = ruleOf(method, path);
      const schemes = (op.security ?? []).flatMap(Object.keys);
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.security, where).toBeDefined();
      if (!requiresSession(rule)) expect(schemes, where).toEqual([]);
      else {
        expect(schemes, where).toContain('sessionToken');
        // API tokens only read: a write never lists them.
        if (method !== 'get') expect(schemes, where).not.toContain('apiToken');
      }
    }
    // The token endpoints refuse API tokens; their own declaration stays.
    expect(doc.paths['/api/api-tokens']?.get?.security).toEqual([{ sessionToken: [] }]);
  });

  it('documents the 4xx answers each route can give, with the error envelope', () => {
    for (const { method, path, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      const statuses = Object.keys(op.responses);
      if (requiresSession(ruleOf(method, path))) expect(statuses, where).toContain('401');
      if (/\{\w+\}/.test(path)) expect(statuses, where).toContain('404');
      if (method !== 'get') expect(statuses, where).toEqual(expect.arrayContaining(['400', '403']));
    }
    expect(doc.paths['/api/drives/{id}']?.get?.responses['401']).toBeDefined();
    expect(doc.components.schemas?.ErrorResponse).toMatchObject({
      required: ['success', 'message', 'code'],
    });
  });

  it('names the server and documents the GeoJSON export as a FeatureCollection', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'http://localhost:5000' })]);
    const exported = doc.paths['/api/trees/export']?.get?.responses['200']?.content;
    expect(Object.keys(exported ?? {})).toEqual(['text/csv', 'application/geo+json']);
    expect(exported?.['application/geo+json']?.schema).toMatchObject({
      type: 'object',
      properties: { type: { enum: ['FeatureCollection'] }, features: { type: 'array' } },
    });
    // The schema is what the export writes.
    const written = treesGeoJson([]);
    expect(treeGeoJsonSchema.parse(written)).toEqual(written);
    expect(
      doc.paths['/api/public/forests/{handle}/card.png']?.get?.responses['200']?.content,
    ).toHaveProperty('image/png');
  });

  it('passes Redocly’s recommended rules with no error', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'canopy-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await fs.writeFile(file, JSON.stringify(doc));
      // Its own config in an empty folder: no redocly.yaml is looked up, nothing is fetched.
      await fs.writeFile(path.join(dir, 'redocly.yaml'), 'extends:\n  - recommended\n');
      const bin = path.resolve(import.meta.dirname, '../../node_modules/.bin/redocly');
      const run = await promisify(execFile)(
        bin,
        ['lint', file, '--format=json', '--max-problems=1000'],
        {
          cwd: dir,
          env: {
            ...process.env,
            REDOCLY_TELEMETRY: 'off',
            REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
            NO_UPDATE_NOTIFIER: '1',
          },
          maxBuffer: 32 * 1024 * 1024,
        },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(run.stdout) as {
        totals: { errors: number };
        problems: Array<{ severity: string; ruleId: string; message: string }>;
      };
      const errors = report.problems.filter((p) => p.severity === 'error');
      expect(errors.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
