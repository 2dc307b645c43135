import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDrive, buildTree } from '../../tests/support/factories';
import { signedInUser } from '../../tests/support/signed-in';
import { startGeocoderStub, type GeocoderStub } from '../../tests/support/geocoder-stub';
import { createTestDatabase, databaseTargets } from '../../tests/support/test-database';
import { buildApp } from '../app';
import { buildConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { treesRepository } from '../modules/trees/trees.repository';
import { fuzzConfig } from './fuzz-config';

/**
 * Every operation in the server's own OpenAPI document, called with random and malformed input
 * (path parameters, query, JSON bodies shaped by the schema and garbage: wrong types, huge and
 * unicode strings, nulls, extra fields, malformed JSON, wrong content types), signed in with a
 * session of each account type, with an API token, with a bad token and signed out: no answer
 * may be a server error.
 */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  $ref?: string;
};
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | undefined;
}
type Who = 'nobody' | 'individual' | 'corporate' | 'nursery' | 'api-token' | 'bad-token';

/** Operations that end the caller's session or account run last (nothing after depends on it). */
const LAST = ['POST /api/users/me/password', 'DELETE /api/users/me', 'POST /api/users/logout'];

const huge = fc.constantFrom('x'.repeat(20_000), '9'.repeat(400), '😀'.repeat(3_000));
const nasty = fc.constantFrom(
  '',
  ' ',
  '..',
  '../../etc/passwd',
  '%',
  '%00',
  '\u0000',
  'null',
  'undefined',
  '-1',
  '0',
  '1e309',
  'NaN',
  '[]',
  '{}',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '\u202e\ufeff',
  'ﷺ𝕮𝖆𝖓𝖔𝖕𝖞',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
);
const anyString = fc.oneof(
  { weight: 4, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 2, arbitrary: nasty },
  { weight: 1, arbitrary: huge },
);
const anyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), Number.MAX_VALUE),
);
const garbage: fc.Arbitrary<unknown> = fc.oneof(
  anyString,
  anyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(anyString, { maxLength: 3 }),
);

/** Values shaped by a JSON schema, often broken: missing or extra fields, wrong types, nulls. */
function fromSchema(
  schema: Schema | undefined,
  resolve: (s: Schema) => Schema,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return garbage;
  const s = resolve(schema);
  const variants = s.anyOf ?? s.oneOf;
  let shaped: fc.Arbitrary<unknown>;
  if (variants?.length)
    shaped = fc.oneof(...variants.map((v) => fromSchema(v, resolve, depth + 1)));
  else if (s.allOf?.length) shaped = fromSchema(s.allOf[0], resolve, depth + 1);
  else if (s.enum?.length) shaped = fc.constantFrom(...s.enum);
  else {
    const type = Array.isArray(s.type) ? s.type[0] : s.type;
    switch (type) {
      case 'object': {
        const props = Object.entries(s.properties ?? {});
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, value] of props) record[key] = fromSchema(value, resolve, depth + 1);
        shaped = fc
          .tuple(
            fc.record(record, { requiredKeys: s.required?.filter((k) => k in record) ?? [] }),
            fc.dictionary(fc.string({ maxLength: 12 }), garbage, { maxKeys: 2 }),
            fc.boolean(),
          )
          .map(([known, extra, withExtra]) => (withExtra ? { ...extra, ...known } : known));
        break;
      }
      case 'array':
        shaped = fc.array(fromSchema(s.items, resolve, depth + 1), { maxLength: 4 });
        break;
      case 'integer':
        shaped = fc.integer({
          min: Math.max(s.minimum ?? -1e6, -1e9) - 1,
          max: Math.min(s.maximum ?? 1e6, 1e9) + 1,
        });
        break;
      case 'number':
        shaped = fc.double({ min: -1e7, max: 1e7, noNaN: true });
        break;
      case 'boolean':
        shaped = fc.boolean();
        break;
      case 'null':
        shaped = fc.constant(null);
        break;
      case 'string':
        shaped =
          s.format === 'email'
            ? fc.emailAddress()
            : s.format === 'date-time'
              ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
              : fc.string({ maxLength: Math.min(s.maxLength ?? 40, 200) });
        break;
      default:
        shaped = garbage;
    }
  }
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: garbage });
}

/** How a body is sent: JSON from the schema, JSON garbage, malformed text, wrong type, nothing. */
function bodyArbitrary(op: Operation, resolve: (s: Schema) => Schema) {
  const json = (value: unknown) => ({
    contentType: 'application/json',
    payload: JSON.stringify(value) ?? 'null',
  });
  return fc.oneof(
    { weight: 6, arbitrary: fromSchema(op.body, resolve).map(json) },
    { weight: 1, arbitrary: garbage.map(json) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":', '[1,', '{"x":1}}', '\u0000', 'nul', '{"__proto__":{"x":1}}')
        .map((payload) => ({ contentType: 'application/json', payload })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=xyz',
            'application/xml',
            'application/json; charset=latin1',
          ),
          anyString,
        )
        .map(([contentType, payload]) => ({ contentType, payload })),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

describe.each(databaseTargets)('the API under random and malformed input on $name', (target) => {
  let t: { app: Awaited<ReturnType<typeof buildApp>>; database: DatabaseHandle };
  let geocoder: GeocoderStub;
  let operations: Operation[];
  let resolve: (s: Schema) => Schema;
  const tokens: Record<Exclude<Who, 'nobody'>, string> = {
    individual: '',
    corporate: '',
    nursery: '',
    'api-token': '',
    'bad-token': 'eyJhbGciOiJIUzI1NiJ9.e30.bm90LWEtcmVhbC1zaWduYXR1cmU',
  };
  const known: string[] = [];

  beforeAll(async () => {
    // A local geocoder without the 1 s pace, so location search is fuzzed too, offline.
    geocoder = await startGeocoderStub();
    const database = await createTestDatabase(target);
    const app = await buildApp({
      config: buildConfig({
        webDistDir: '/nonexistent-canopy-web',
        sessionSecret: 'fuzz-secret-'.padEnd(40, 'x'),
        geocoderUrl: geocoder.url,
        // Thousands of requests from one address: the per-IP limits are tested elsewhere.
        rateLimitMultiplier: 1000,
      }),
      database,
      geo: { intervalMs: 0 },
    });
    await app.ready();
    t = { app, database };
    // A session of each account type; the corporate one owns the objects and the API token.
    for (const type of ['individual', 'nursery'] as const)
      tokens[type] = (await signedInUser(t.app, t.database.db, { profile_type: type })).token;
    const member = await signedInUser(t.app, t.database.db, { profile_type: 'corporate' });
    tokens.corporate = member.token;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: member.headers,
      payload: { name: 'fuzz' },
    });
    tokens['api-token'] = (created.json() as { data: { secret: string } }).data.secret;
    // Real ids among the random ones, so handlers get past "not found" now and then.
    const drive = buildDrive(member.user.id);
    const tree = buildTree(member.user.id);
    await t.database.db.insertInto('drives').values(drive).execute();
    // Through the repository, so the community summary counts it like any registered tree.
    await treesRepository(t.database.db).insert(tree);
    known.push(drive.id, tree.id, member.user.id);

    const doc = t.app.swagger() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: Parameter[];
            requestBody?: { content?: Record<string, { schema?: Schema }> };
          }
        >
      >;
      components?: { schemas?: Record<string, Schema> };
    };
    resolve = (s) => (s.$ref ? (doc.components?.schemas?.[s.$ref.split('/').pop()!] ?? {}) : s);
    operations = Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          parameters: op.parameters ?? [],
          body: op.requestBody?.content?.['application/json']?.schema,
        })),
      )
      .sort(
        (a, b) =>
          LAST.indexOf(`${a.method} ${a.path.replace(/\{(\w+)\}/g, ':$1')}`) -
          LAST.indexOf(`${b.method} ${b.path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await geocoder.close();
  });

  it(`answers ${fuzzConfig.runs} random requests over every operation without a server error`, async () => {
    expect(operations.length).toBeGreaterThan(50);
    const perOperation = Math.ceil(fuzzConfig.runs / operations.length);
    const pathValue = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...known) },
      { weight: 4, arbitrary: fc.string({ minLength: 1 }).map(encodeURIComponent) },
      { weight: 1, arbitrary: nasty.map(encodeURIComponent) },
      { weight: 1, arbitrary: fc.constantFrom('%', '%ZZ', '%C0%AF', '..%2F..', 'a%00b') },
      { weight: 1, arbitrary: huge.map((s) => encodeURIComponent(s.slice(0, 3000))) },
    );
    const queryValue = fc.oneof(
      anyString.map((s) => s.slice(0, 5000)),
      anyNumber.map(String),
      fc.array(fc.string(), { minLength: 2, maxLength: 3 }),
    );
    let cases = 0;
    const byStatus = new Map<number, number>();
    for (const op of operations) {
      const queryNames = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
      const input = fc.record({
        who: fc.constantFrom<Who>(
          'nobody',
          'individual',
          'corporate',
          'nursery',
          'api-token',
          'bad-token',
        ),
        path: fc.array(pathValue, { minLength: 4, maxLength: 4 }),
        query: fc.dictionary(
          queryNames.length ? fc.oneof(fc.constantFrom(...queryNames), fc.string()) : fc.string(),
          queryValue,
          { maxKeys: 4 },
        ),
        body: bodyArbitrary(op, resolve),
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ who, path, query, body }) => {
          cases += 1;
          let n = 0;
          const url =
            op.path.replace(/\{\w+\}/g, () => path[n++ % path.length]!) +
            '?' +
            Object.entries(query)
              .flatMap(([k, v]) =>
                (Array.isArray(v) ? v : [v]).map(
                  (x) => `${encodeURIComponent(k)}=${encodeURIComponent(x)}`,
                ),
              )
              .join('&');
          const withBody = !['GET', 'HEAD', 'DELETE'].includes(op.method) || body !== undefined;
          const res = await t.app.inject({
            method: op.method as 'GET',
            url,
            headers: {
              ...(who === 'nobody' ? {} : { 'x-auth-token': tokens[who] }),
              ...(withBody && body ? { 'content-type': body.contentType } : {}),
            },
            ...(withBody && body ? { payload: body.payload } : {}),
          });
          byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500)
            throw new Error(
              `${op.method} ${url.slice(0, 300)} as ${who} → ${res.statusCode} ${res.body.slice(0, 300)}`,
            );
        }),
        {
          numRuns: perOperation,
          ...(fuzzConfig.seed !== undefined ? { seed: fuzzConfig.seed } : {}),
        },
      );
    }
    expect(cases).toBeGreaterThanOrEqual(fuzzConfig.runs);
    // Not all refused at the door: a good share of the random requests reach a handler's success.
    const successes = [...byStatus].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0);
    console.log(`fuzz answers by status: ${JSON.stringify(Object.fromEntries(byStatus))}`);
    expect(successes).toBeGreaterThan(cases * 0.05);
  }, 600_000);
});
