import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARE_MESSAGES,
  careRequestSchema,
  healthRequestSchema,
  measurementFormSchema,
  MEASUREMENT_PHOTO_FIELD,
} from '../../contract/tree-care';
import { TREE_IMAGE_FIELD, treeFormSchema } from '../../contract/trees';
import { signedInUser } from '../../tests/support/signed-in';
import { buildTestApp, type TestApp } from '../../tests/support/test-app';

type Media = { schema: { properties?: Record<string, { type?: string; format?: string }> } };
type Operation = { requestBody?: { content: Record<string, Media> } };
type Doc = { paths: Record<string, Record<string, Operation>> };

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
});
