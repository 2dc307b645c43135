/** Test helpers shared by the people and profiles API suites (imported only by *.test.ts files). */
import type { Kysely } from 'kysely';
import { afterEach } from 'vitest';
import { multipartBody } from '../../../tests/support/images';
import { signedInUser } from '../../../tests/support/signed-in';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import type { DatabaseTarget } from '../../../tests/support/test-database';
import type { Database } from '../../db/tables';

export type Headers = Record<string, string>;

/**
 * The app on `target`, fresh for each test that calls `setup()` and closed after it.
 * Call inside `describe.each(databaseTargets)`.
 */
export function useProfilesApi(target: DatabaseTarget) {
  let t: TestApp | undefined;
  const clock = movableClock('2026-11-21T10:00:00.000Z');
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const app = () => {
    if (!t) throw new Error('call setup() first');
    return t.app;
  };
  const db = (): Kysely<Database> => {
    if (!t) throw new Error('call setup() first');
    return t.database.db;
  };
  const request = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string) => ({
    as: (headers: Headers = {}, payload?: object) =>
      app().inject({ method, url, headers, ...(payload ? { payload } : {}) }),
  });

  return {
    async setup() {
      t = await buildTestApp(target, { clock });
    },
    get app() {
      return app();
    },
    get db() {
      return db();
    },
    signIn: (overrides = {}) => signedInUser(app(), db(), overrides),
    request,
    search: (key: string, headers: Headers = {}) =>
      request('GET', `/api/trees/user-profile?key=${encodeURIComponent(key)}`).as(headers),
    uploadAvatar(headers: Headers, data: Buffer, filename = 'me.jpg', type = 'image/jpeg') {
      const body = multipartBody([{ name: 'avatar', filename, contentType: type, data }]);
      return app().inject({
        method: 'PUT',
        url: '/api/users/me/avatar',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    },
  };
}

export const profileBody = (overrides: object = {}) => ({
  name: 'Rowan Ash',
  username: 'rowan',
  bio: 'I plant oaks.',
  location: 'Leeds',
  ...overrides,
});
