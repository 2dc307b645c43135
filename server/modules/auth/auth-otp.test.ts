import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/auth';
import { codeFrom, memoryMailer } from '../../../tests/support/memory-mailer';
import { databaseTargets } from '../../../tests/support/test-database';
import { useTestApp } from '../../../tests/support/use-test-app';
import { TEST_PASSWORD_HASH } from '../../../tests/support/signed-in';
import { insertUser } from '../../../tests/support/factories';
import { createUnitOfWork } from '../../db/unit-of-work';
import { afterCommitMail } from '../../jobs/jobs-port';
import { sessionTokens } from '../../lib/session-tokens';
import { userAccounts } from '../users/user-accounts';
import { usersRepository } from '../users/users.repository';
import { PASSWORD, START } from './auth-test-kit';
import { authRepository } from './auth.repository';
import { AUTH_MESSAGES, authService } from './auth.service';

const SECRET = 'test-secret-'.padEnd(40, 'x');

describe.each(databaseTargets)('OTP check and equal work on $name', (target) => {
  const mailer = memoryMailer();
  const api = useTestApp(target, START, { mailer, config: { appUrl: 'http://canopy.test' } });
  const { clock, start } = api;
  const post = (url: string, payload: object) =>
    api.t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.1.1.1' });
  const check = (email: string, otpCode: string) =>
    post('/api/users/users-otpmatch', { email, otpCode });
  async function registered(email: string) {
    const res = await post('/api/users/register', {
      username: email.split('@')[0],
      email,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      role: 'individual',
    });
    expect(res.statusCode).toBe(201);
    return codeFrom(await mailer.next(email));
  }
  const attemptsOn = async (email: string) =>
    (
      await api.t.database.db
        .selectFrom('otp_codes')
        .innerJoin('users', 'users.id', 'otp_codes.user_id')
        .select('otp_codes.attempts')
        .where('users.email', '=', email)
        .where('otp_codes.consumed_at', 'is', null)
        .executeTakeFirst()
    )?.attempts;
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  it('answers an unknown email, a verified account, a wrong code and an expired code alike', async () => {
    await start();
    const code = await registered('waiting@example.org');
    await insertUser(api.t.database.db, { email: 'done@example.org' });
    const answers = [
      await check('nobody@example.org', '123456'),
      await check('done@example.org', '123456'),
      await check('waiting@example.org', wrong(code)),
    ];
    clock.advance(10 * 60_000 + 1000);
    answers.push(await check('waiting@example.org', code));
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'BAD_REQUEST',
        message: MESSAGES.expiredOtp,
      });
    }
  });

  it("counts only guesses at the owner's own code: probes for other emails use up nothing", async () => {
    await start();
    const code = await registered('maple@example.org');
    await insertUser(api.t.database.db, { email: 'verified@example.org' });
    for (let i = 0; i < 10; i++) {
      await check('nobody@example.org', wrong(code));
      await check('verified@example.org', wrong(code));
    }
    expect(await attemptsOn('maple@example.org')).toBe(0);
    // Guesses with the right email but a wrong code count against that code…
    for (let i = 0; i < 4; i++)
      expect((await check('maple@example.org', wrong(code))).statusCode).toBe(400);
    expect(await attemptsOn('maple@example.org')).toBe(4);
    // …and the owner still has the fifth.
    expect((await check('maple@example.org', code)).statusCode).toBe(200);
  });

  it("never counts against a verified account's leftover code", async () => {
    await start();
    const code = await registered('maple@example.org');
    // Verified another way (a password reset verifies too), with the code still live.
    await api.t.database.db
      .updateTable('users')
      .set({ verified_at: START })
      .where('email', '=', 'maple@example.org')
      .execute();
    for (let i = 0; i < 6; i++) await check('maple@example.org', wrong(code));
    expect(await attemptsOn('maple@example.org')).toBe(0);
    // The code is of no use any more either: the account is verified.
    expect((await check('maple@example.org', code)).statusCode).toBe(400);
  });

  describe('forgot-password and new-code requests', () => {
    /** An auth service on the app's database whose deferred work is held, and the SQL it runs. */
    function heldAuth() {
      const statements: string[] = [];
      const recorder: KyselyPlugin = {
        transformQuery: ({ node }) => {
          statements.push(statementOf(node));
          return node;
        },
        transformResult: async ({ result }) => result,
      };
      const db = api.t.database.db.withPlugin(recorder);
      const held: Array<() => Promise<void>> = [];
      const uow = createUnitOfWork(db, (err) => {
        throw err;
      });
      const auth = authService({
        uow,
        repo: authRepository,
        users: userAccounts({ uow, repo: usersRepository }),
        clock,
        mail: afterCommitMail(mailer),
        tokens: sessionTokens(SECRET),
        secret: SECRET,
        appUrl: 'http://canopy.test',
        defer: (work) => void held.push(work),
        onBackgroundError: (err) => {
          throw err;
        },
      });
      return { auth, held, statements };
    }

    it('do the same work before answering for existing and unknown accounts; the rest runs after', async () => {
      await start();
      await insertUser(api.t.database.db, {
        email: 'known@example.org',
        password_hash: TEST_PASSWORD_HASH,
      });
      await insertUser(api.t.database.db, { email: 'waiting@example.org', verified_at: null });
      const { auth, held, statements } = heldAuth();
      const before = async (work: () => Promise<string>) => {
        statements.length = 0;
        const heldBefore = held.length;
        const message = await work();
        const seen = { message, statements: [...statements], deferred: held.length - heldBefore };
        expect(mailer.sent).toEqual([]);
        return seen;
      };
      const forgotKnown = await before(() => auth.forgotPassword('known@example.org'));
      const forgotUnknown = await before(() => auth.forgotPassword('nobody@example.org'));
      expect(forgotKnown).toEqual(forgotUnknown);
      expect(forgotKnown).toEqual({
        message: AUTH_MESSAGES.resetSent,
        statements: [],
        deferred: 1,
      });

      const codeKnown = await before(() => auth.requestOtp('waiting@example.org'));
      const codeUnknown = await before(() => auth.requestOtp('nobody@example.org'));
      expect(codeKnown).toEqual(codeUnknown);
      expect(codeKnown.message).toBe(AUTH_MESSAGES.otpSent);
      expect(codeKnown.deferred).toBe(1);
      // Only the per-address send limit is read and written before the answer.
      expect(codeKnown.statements).toEqual(['select auth_attempts', 'insert auth_attempts']);

      // The held work does the rest: only real accounts get a token or a code, and mail.
      for (const work of held.splice(0)) await work();
      await auth.settled();
      expect(mailer.sent.map((m) => m.to).sort()).toEqual([
        'known@example.org',
        'waiting@example.org',
      ]);
      const tokens = await api.t.database.db.selectFrom('reset_tokens').select('user_id').execute();
      expect(tokens).toHaveLength(1);
    });

    it('the real routes still mail the link and the code', async () => {
      await start();
      await insertUser(api.t.database.db, { email: 'known@example.org' });
      const res = await post('/api/users/forgotpassword', { email: 'known@example.org' });
      expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetSent });
      expect((await mailer.next('known@example.org')).subject).toBe('Reset your Canopy password');
      await api.t.services.auth.settled();
    });
  });
});

/** "select users", "insert auth_attempts", … for a query node. */
function statementOf(node: RootOperationNode): string {
  const table = (n: unknown): string => {
    const found = JSON.stringify(n).match(
      /"kind":"TableNode","table":\{"kind":"SchemableIdentifierNode","identifier":\{"kind":"IdentifierNode","name":"([a-z_]+)"/,
    );
    return found?.[1] ?? '?';
  };
  const kind = node.kind.replace('QueryNode', '').toLowerCase();
  return `${kind} ${table(node)}`;
}
