import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PATTERN,
} from '../../../contract/api-tokens';
import { memoryMailer, resetLinkFrom } from '../../../tests/support/memory-mailer';
import { signedInUser, TEST_PASSWORD } from '../../../tests/support/signed-in';
import { useTestApp } from '../../../tests/support/use-test-app';
import { databaseTargets } from '../../../tests/support/test-database';
import { LAST_USED_EVERY_MS } from './api-tokens.service';

const NOW = '2026-11-22T10:00:00.000Z';
type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(databaseTargets)('personal API tokens on $name', (target) => {
  const mailer = memoryMailer();
  const api = useTestApp(target, NOW, { mailer });
  const { setup, clock } = api;
  const call = (
    method: Method,
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => api.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const create = async (headers: Record<string, string>, body: object = { name: 'Reports' }) => {
    const res = await call('POST', '/api/api-tokens', headers, body);
    expect(res.statusCode).toBe(201);
    return res.json().data as { token: { id: string; name: string }; secret: string };
  };
  const member = async (db: Awaited<ReturnType<typeof setup>>) => signedInUser(api.app, db);

  it('needs a signed-in member for every token endpoint', async () => {
    await setup();
    expect((await call('GET', '/api/api-tokens')).statusCode).toBe(401);
    expect((await call('POST', '/api/api-tokens', {}, { name: 'x' })).statusCode).toBe(401);
    expect((await call('DELETE', '/api/api-tokens/abc')).statusCode).toBe(401);
  });

  it('shows the secret once, stores only its hash, and never lists it', async () => {
    const db = await setup();
    const me = await member(db);
    const res = await call('POST', '/api/api-tokens', me.headers, {
      name: '  Spreadsheet  ',
      expiresInDays: 30,
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { message, data } = res.json();
    expect(message).toBe(API_TOKEN_MESSAGES.created);
    expect(data.secret).toMatch(API_TOKEN_PATTERN);
    expect(data.token).toMatchObject({
      name: 'Spreadsheet',
      hint: data.secret.slice(0, 8),
      createdAt: NOW,
      lastUsedAt: null,
      expiresAt: '2026-12-22T10:00:00.000Z',
      expired: false,
    });

    const rows = await db.selectFrom('api_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(data.secret).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(data.secret);

    const list = await call('GET', '/api/api-tokens', me.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      success: true,
      data: [data.token],
      maxLive: API_TOKEN_LIMITS.maxLive,
    });
    expect(list.body).not.toContain(data.secret);
    // Another member sees none of mine.
    const other = await member(db);
    expect((await call('GET', '/api/api-tokens', other.headers)).json().data).toEqual([]);
  });

  it('opens read-only GET and HEAD endpoints under /api as Authorization: Bearer', async () => {
    const db = await setup();
    const me = await member(db);
    const { secret } = await create(me.headers);
    const current = await call('GET', '/api/users/currentuser', bearer(secret));
    expect(current.statusCode).toBe(200);
    expect(current.json().user.email).toBe(me.user.email);
    expect((await call('HEAD', '/api/notifications', bearer(secret))).statusCode).toBe(200);
    expect((await call('GET', '/api/trees/export?format=csv', bearer(secret))).statusCode).toBe(
      200,
    );
  });

  it.each<[Method, string, object | undefined]>([
    ['POST', '/api/users/logout', undefined],
    ['POST', '/api/notifications/read-all', undefined],
    ['PATCH', '/api/users/me', { name: 'Changed by a token' }],
    ['PUT', '/api/donations/billing', { name: 'x' }],
    ['DELETE', '/api/users/me', { password: TEST_PASSWORD, confirm: 'DELETE' }],
    ['POST', '/api/donations', { kind: 'cash' }],
  ])(
    'refuses %s %s with a token (403, read-only), whatever the body',
    async (method, url, body) => {
      const db = await setup();
      const me = await member(db);
      const { secret } = await create(me.headers);
      const res = await call(method, url, bearer(secret), body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        code: 'FORBIDDEN',
        message: API_TOKEN_MESSAGES.readOnly,
      });
      // Nothing changed: the account and the session are still there.
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', me.user.id)
        .executeTakeFirstOrThrow();
      expect(row.deleted_at).toBeNull();
      expect(row.name).toBe(me.user.name);
      expect((await call('GET', '/api/users/currentuser', me.headers)).statusCode).toBe(200);
    },
  );

  it('refuses API tokens on the token endpoints themselves', async () => {
    const db = await setup();
    const me = await member(db);
    const { secret, token } = await create(me.headers);
    const list = await call('GET', '/api/api-tokens', bearer(secret));
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe(API_TOKEN_MESSAGES.notForTokens);
    expect(
      (await call('POST', '/api/api-tokens', bearer(secret), { name: 'More' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/api-tokens/${token.id}`, bearer(secret))).statusCode).toBe(
      403,
    );
    expect(await db.selectFrom('api_tokens').selectAll().execute()).toHaveLength(1);
  });

  it('answers 401 once a token is revoked, and only the owner can revoke it (404 for others)', async () => {
    const db = await setup();
    const me = await member(db);
    const other = await member(db);
    const { secret, token } = await create(me.headers);

    const stranger = await call('DELETE', `/api/api-tokens/${token.id}`, other.headers);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(API_TOKEN_MESSAGES.notFound);
    expect((await call('GET', '/api/users/currentuser', bearer(secret))).statusCode).toBe(200);

    const revoked = await call('DELETE', `/api/api-tokens/${token.id}`, me.headers);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ success: true, message: API_TOKEN_MESSAGES.revoked });
    const after = await call('GET', '/api/users/currentuser', bearer(secret));
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(API_TOKEN_MESSAGES.invalid);
    expect((await call('DELETE', `/api/api-tokens/${token.id}`, me.headers)).statusCode).toBe(404);
  });

  it('answers 401 once a token expired, lists it as expired, and clears it on the next create', async () => {
    const db = await setup();
    const me = await member(db);
    const { secret } = await create(me.headers, { name: 'Short', expiresInDays: 1 });
    expect((await call('GET', '/api/users/currentuser', bearer(secret))).statusCode).toBe(200);
    clock.advance(86_400_000);
    // The session outlives the day only in the test clock's eyes; sign in again.
    const again = await call(
      'POST',
      '/api/users/login',
      {},
      { email: me.user.email, password: TEST_PASSWORD },
    );
    const headers = { 'x-auth-token': again.json().result.token as string };
    expect((await call('GET', '/api/users/currentuser', bearer(secret))).statusCode).toBe(401);
    const list = (await call('GET', '/api/api-tokens', headers)).json().data;
    expect(list).toMatchObject([{ name: 'Short', expired: true }]);
    await create(headers, { name: 'Next' });
    const names = (await call('GET', '/api/api-tokens', headers))
      .json()
      .data.map((x: { name: string }) => x.name);
    expect(names).toEqual(['Next']);
  });

  it('refuses malformed and unknown tokens with 401', async () => {
    const db = await setup();
    await member(db);
    for (const token of ['cnp_short', `cnp_${'A'.repeat(43)}`, 'cnp_'])
      expect((await call('GET', '/api/users/currentuser', bearer(token))).statusCode).toBe(401);
  });

  it.each([
    [{}, 'name', API_TOKEN_MESSAGES.nameRequired],
    [{ name: '   ' }, 'name', API_TOKEN_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(61) }, 'name', API_TOKEN_MESSAGES.nameTooLong],
    [{ name: 'ok', expiresInDays: 0 }, 'expiresInDays', API_TOKEN_MESSAGES.expiryInvalid],
    [{ name: 'ok', expiresInDays: 366 }, 'expiresInDays', API_TOKEN_MESSAGES.expiryInvalid],
    [{ name: 'ok', expiresInDays: 'soon' }, 'expiresInDays', API_TOKEN_MESSAGES.expiryInvalid],
    [{ name: 'ok', expiresInDays: 1.5 }, 'expiresInDays', API_TOKEN_MESSAGES.expiryInvalid],
  ])('refuses %j with a 400', async (body, _field, message) => {
    const db = await setup();
    const me = await member(db);
    const res = await call('POST', '/api/api-tokens', me.headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
    expect(await db.selectFrom('api_tokens').selectAll().execute()).toHaveLength(0);
  });

  it(`holds at most ${API_TOKEN_LIMITS.maxLive} live tokens per member; expired ones make room`, async () => {
    const db = await setup();
    const me = await member(db);
    const row = (n: number, expires_at: string | null) => ({
      id: `tok-${n}`,
      user_id: me.user.id,
      name: `t${n}`,
      token_hash: `hash-${n}`,
      hint: 'cnp_abcd',
      created_at: NOW,
      last_used_at: null,
      expires_at,
    });
    const live = Array.from({ length: API_TOKEN_LIMITS.maxLive }, (_, n) => row(n, null));
    await db.insertInto('api_tokens').values(live).execute();
    const over = await call('POST', '/api/api-tokens', me.headers, { name: 'one more' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(API_TOKEN_MESSAGES.tooMany);
    // Someone else is not affected.
    await create((await member(db)).headers);

    // One live token turned expired: room for one more, and the expired one is cleared.
    await db
      .updateTable('api_tokens')
      .set({ expires_at: '2026-11-01T00:00:00.000Z' })
      .where('id', '=', 'tok-0')
      .execute();
    await create(me.headers, { name: 'one more' });
    const mine = await db
      .selectFrom('api_tokens')
      .select('id')
      .where('user_id', '=', me.user.id)
      .execute();
    expect(mine).toHaveLength(API_TOKEN_LIMITS.maxLive);
    expect(mine.map((r) => r.id)).not.toContain('tok-0');
  });

  it('records when a token was last used, at most once a minute', async () => {
    const db = await setup();
    const me = await member(db);
    const { secret, token } = await create(me.headers);
    const lastUsed = async () =>
      (
        await db
          .selectFrom('api_tokens')
          .select('last_used_at')
          .where('id', '=', token.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    await call('GET', '/api/notifications', bearer(secret));
    expect(await lastUsed()).toBe(NOW);
    clock.advance(LAST_USED_EVERY_MS / 2);
    await call('GET', '/api/notifications', bearer(secret));
    expect(await lastUsed()).toBe(NOW);
    clock.advance(LAST_USED_EVERY_MS);
    await call('GET', '/api/notifications', bearer(secret));
    expect(await lastUsed()).toBe(clock.now().toISOString());
    const listed = (await call('GET', '/api/api-tokens', me.headers)).json().data[0];
    expect(listed.lastUsedAt).toBe(clock.now().toISOString());
  });

  it('keeps session tokens working in both headers, writes included', async () => {
    const db = await setup();
    const me = await member(db);
    expect((await call('GET', '/api/users/currentuser', bearer(me.token))).statusCode).toBe(200);
    expect((await call('POST', '/api/notifications/read-all', bearer(me.token))).statusCode).toBe(
      200,
    );
    expect(
      (await call('POST', '/api/api-tokens', bearer(me.token), { name: 'ok' })).statusCode,
    ).toBe(201);
  });

  it('deletes the tokens with the account', async () => {
    const db = await setup();
    const me = await member(db);
    const { secret } = await create(me.headers);
    const gone = await call('DELETE', '/api/users/me', me.headers, {
      password: TEST_PASSWORD,
      confirm: 'DELETE',
    });
    expect(gone.statusCode).toBe(200);
    expect(await db.selectFrom('api_tokens').selectAll().execute()).toHaveLength(0);
    expect((await call('GET', '/api/users/currentuser', bearer(secret))).statusCode).toBe(401);
  });

  it('ends every token of the member when the password is changed or reset (issue 25)', async () => {
    const db = await setup();
    const me = await member(db);
    const other = await member(db);
    const mine = await create(me.headers);
    const theirs = await create(other.headers);

    const changed = await call('POST', '/api/users/me/password', me.headers, {
      currentPassword: TEST_PASSWORD,
      password: 'a-new-long-secret-1',
      passwordConfirm: 'a-new-long-secret-1',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/api/users/currentuser', bearer(mine.secret))).statusCode).toBe(401);
    expect((await call('GET', '/api/api-tokens', me.headers)).json().data).toEqual([]);
    // Another member's token is untouched.
    expect((await call('GET', '/api/users/currentuser', bearer(theirs.secret))).statusCode).toBe(
      200,
    );

    // A reset by mailed link ends them too.
    const again = await create(me.headers);
    expect((await call('GET', '/api/users/currentuser', bearer(again.secret))).statusCode).toBe(
      200,
    );
    expect(
      (await call('POST', '/api/users/forgotpassword', {}, { email: me.user.email })).statusCode,
    ).toBe(200);
    const token = new URL(resetLinkFrom(await mailer.next(me.user.email))).searchParams.get(
      'token',
    )!;
    const reset = await call(
      'POST',
      '/api/users/resetpassword',
      {},
      {
        email: me.user.email,
        token,
        password: 'another-new-secret-2',
        passwordConfirm: 'another-new-secret-2',
      },
    );
    expect(reset.statusCode).toBe(200);
    expect((await call('GET', '/api/users/currentuser', bearer(again.secret))).statusCode).toBe(
      401,
    );
    expect(await db.selectFrom('api_tokens').select('user_id').execute()).toEqual([
      { user_id: other.user.id },
    ]);
  });
});
