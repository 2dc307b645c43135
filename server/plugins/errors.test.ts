import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../tests/support/signed-in';
import { buildTestApp, type TestApp } from '../../tests/support/test-app';
import { databaseTargets } from '../../tests/support/test-database';

describe.each(databaseTargets)('text a database cannot store, on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(target);
  });
  afterAll(() => t.close());

  it('answers a NUL in a path or a body as bad input, never a server error', async () => {
    const me = await signedInUser(t.app, t.database.db);
    const inPath = await t.app.inject({
      method: 'GET',
      url: '/api/users/a%00b/profile',
      headers: me.headers,
    });
    const inBody = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: me.headers,
      payload: { name: 'a\u0000b', username: me.user.username, bio: '', location: '' },
    });
    if (target.name === 'sqlite') {
      // SQLite stores a NUL like any other character.
      expect(inPath.statusCode).toBe(404);
      expect(inBody.statusCode).toBe(200);
      return;
    }
    // PostgreSQL refuses it: the caller's input, not our fault.
    for (const res of [inPath, inBody]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'BAD_REQUEST',
        message: 'The request contains characters that cannot be stored.',
      });
    }
  });
});
