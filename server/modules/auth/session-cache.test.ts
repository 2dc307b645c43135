import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/database';
import { tablesRead } from '../../db/table-reads';
import { tableWrites } from '../../db/table-writes';
import { memoryMailer, resetLinkFrom } from '../../../tests/support/memory-mailer';
import { signedInUser, TEST_PASSWORD } from '../../../tests/support/signed-in';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';

const START = '2026-11-21T10:00:00.000Z';
const NEW_PASSWORD = 'a-brand-new-secret-7';

/**
 * Signed-in sessions are cached per process (auth.service userForToken), on SQLite and PostgreSQL.
 * Whatever ends a session, on this server or (PostgreSQL) another, must be refused on the very next
 * request, however warm the cache is.
 */
describe.each(databaseTargets)('session cache on $name', (target) => {
  let t: TestApp;
  let mailer: ReturnType<typeof memoryMailer>;
  let clock: ReturnType<typeof movableClock>;
  afterEach(async () => t?.close());

  async function setup() {
    mailer = memoryMailer();
    clock = movableClock(START);
    t = await buildTestApp(target, { mailer, clock });
  }
  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/users/currentuser', headers });
  /** Several requests, so the session is certainly cached. */
  async function warm(headers: Record<string, string>) {
    for (let i = 0; i < 3; i++) expect((await me(headers)).statusCode).toBe(200);
  }

  it('refuses a logged-out session at once', async () => {
    await setup();
    const a = await signedInUser(t.app, t.database.db);
    const other = await signedInUser(t.app, t.database.db);
    await warm(a.headers);
    await warm(other.headers);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: a.headers,
    });
    expect(out.statusCode).toBe(200);
    expect((await me(a.headers)).statusCode).toBe(401);
    expect((await me(other.headers)).statusCode).toBe(200);
  });

  it('ends the other sessions at once on a password change, and checks the current password afresh', async () => {
    await setup();
    const a = await signedInUser(t.app, t.database.db);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: a.user.email, password: TEST_PASSWORD },
    });
    const second = { 'x-auth-token': login.json().result.token as string };
    await warm(a.headers);
    await warm(second);
    const change = (currentPassword: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/me/password',
        headers: a.headers,
        payload: { currentPassword, password, passwordConfirm: password },
      });
    expect((await change(TEST_PASSWORD, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(a.headers)).statusCode).toBe(200);
    // The old password no longer confirms anything, even right away.
    expect((await change(TEST_PASSWORD, 'yet-another-secret-9')).statusCode).toBe(400);
    expect((await change(NEW_PASSWORD, 'yet-another-secret-9')).statusCode).toBe(200);
  });

  it('ends every session at once on a password reset', async () => {
    await setup();
    const a = await signedInUser(t.app, t.database.db);
    await warm(a.headers);
    await t.app.inject({
      method: 'POST',
      url: '/api/users/forgotpassword',
      payload: { email: a.user.email },
    });
    const link = new URL(resetLinkFrom(await mailer.next(a.user.email)));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/users/resetpassword',
      payload: {
        email: a.user.email,
        token: link.searchParams.get('token'),
        password: NEW_PASSWORD,
        passwordConfirm: NEW_PASSWORD,
      },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(a.headers)).statusCode).toBe(401);
  });

  it('refuses a deleted account at once', async () => {
    await setup();
    const a = await signedInUser(t.app, t.database.db);
    await warm(a.headers);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: a.headers,
      payload: { password: TEST_PASSWORD, confirm: 'DELETE' },
    });
    expect(gone.statusCode).toBe(200);
    expect((await me(a.headers)).statusCode).toBe(401);
  });

  it('shows a profile edit at once', async () => {
    await setup();
    const a = await signedInUser(t.app, t.database.db);
    await warm(a.headers);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: a.headers,
      payload: { name: 'Renamed Person', username: 'renamed', bio: '', location: '' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await me(a.headers)).json().user.name).toBe('Renamed Person');
  });

  it('refuses a session revoked directly in the database, and one whose token has expired', async () => {
    await setup();
    const a = await signedInUser(t.app, t.database.db);
    await warm(a.headers);
    await t.database.db
      .updateTable('sessions')
      .set({ revoked_at: clock.now().toISOString() })
      .execute();
    expect((await me(a.headers)).statusCode).toBe(401);

    const b = await signedInUser(t.app, t.database.db);
    await warm(b.headers);
    const token = await t.database.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    clock.set(token.expires_at);
    expect((await me(b.headers)).statusCode).toBe(401);
  });

  it('never caches a refusal: a forged token stays refused, a good one is accepted', async () => {
    await setup();
    const a = await signedInUser(t.app, t.database.db);
    const forged = `${a.token.slice(0, -2)}xx`;
    expect((await me({ 'x-auth-token': forged })).statusCode).toBe(401);
    expect((await me({ 'x-auth-token': forged })).statusCode).toBe(401);
    expect((await me(a.headers)).statusCode).toBe(200);
  });

  /** The tables the statements run while a request is answered read. */
  async function tablesReadBy(headers: Record<string, string>) {
    // Every statement passes through noteRead (server/db/table-writes.ts) before it runs.
    const noted = vi.spyOn(tableWrites, 'noteRead');
    try {
      expect((await me(headers)).statusCode).toBe(200);
      return noted.mock.calls.flatMap(([query]) => [...(tablesRead(query) ?? ['(unknown)'])]);
    } finally {
      noted.mockRestore();
    }
  }

  it('answers a warm session without reading the database, and reads again while remote writes could go unheard', async () => {
    await setup();
    const a = await signedInUser(t.app, t.database.db);
    await warm(a.headers);
    // Warm: neither the session nor the account is read (PostgreSQL too, since issue 20).
    expect(await tablesReadBy(a.headers)).not.toContain('sessions');
    // A listener that is not listening (its connection dropped): nothing is remembered.
    const deaf = tableWrites.remoteWrites();
    try {
      expect(await tablesReadBy(a.headers)).toContain('sessions');
      expect(await tablesReadBy(a.headers)).toContain('sessions');
      deaf.listening(true);
      await warm(a.headers);
      expect(await tablesReadBy(a.headers)).not.toContain('sessions');
    } finally {
      deaf.detach();
    }
  });

  /**
   * `inject` runs a request without any I/O, so the listener's socket would not even be read before
   * it: a real next request arrives through the network, after at least one turn of the event loop.
   */
  const nextRequestArrives = () => new Promise((resolve) => setImmediate(resolve));

  it.runIf(target.name === 'postgres')(
    'sees revocations made by another app server at once, however warm the cache',
    async () => {
      await setup();
      // Another server: a database handle of its own (its own pool and listener) on the same schema,
      // so this process's tracking does not see its writes as they run.
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.database.db))
        .rows[0]!.s;
      const other = openDatabase({ databaseUrl: target.url, pgSchema: schema });
      try {
        for (let round = 0; round < 10; round++) {
          const a = await signedInUser(t.app, t.database.db);
          const b = await signedInUser(t.app, t.database.db);
          await warm(a.headers);
          await warm(b.headers);
          expect(await tablesReadBy(a.headers)).not.toContain('sessions');
          await other.db
            .updateTable('sessions')
            .set({ revoked_at: START })
            .where('user_id', '=', a.user.id)
            .execute();
          await nextRequestArrives();
          expect((await me(a.headers)).statusCode).toBe(401);
          expect((await me(b.headers)).statusCode).toBe(200);
          // The account deleted there (its sessions go with it).
          await other.db.deleteFrom('users').where('id', '=', b.user.id).execute();
          await nextRequestArrives();
          expect((await me(b.headers)).statusCode).toBe(401);
        }
      } finally {
        await other.close();
      }
    },
  );
});
