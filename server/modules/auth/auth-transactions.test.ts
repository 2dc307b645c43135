import { afterEach, describe, expect, it } from 'vitest';
import { codeFrom, memoryMailer, resetLinkFrom } from '../../../tests/support/memory-mailer';
import { insertUser } from '../../../tests/support/factories';
import { TEST_PASSWORD, TEST_PASSWORD_HASH } from '../../../tests/support/signed-in';
import { createTestDatabase, databaseTargets } from '../../../tests/support/test-database';
import type { DatabaseHandle } from '../../db/database';
import { createUnitOfWork } from '../../db/unit-of-work';
import { afterCommitMail } from '../../jobs/jobs-port';
import { sessionTokens } from '../../lib/session-tokens';
import { userAccounts } from '../users/user-accounts';
import { usersRepository } from '../users/users.repository';
import { authRepository } from './auth.repository';
import { AUTH_MESSAGES, authService } from './auth.service';

const SECRET = 'test-secret-'.padEnd(40, 'x');
const NEW_PASSWORD = 'a-brand-new-secret-7';
const START = new Date('2026-11-21T10:00:00.000Z').getTime();
/** A fixed clock: these tests are about transactions, not time. */
const clock = { now: () => new Date(START) };

class InjectedFailure extends Error {}

/**
 * Auth's flows each write in one transaction: a failure injected between the writes (a repository
 * method, a users-module method or the mail queue throwing) must leave nothing half-done.
 */
describe.each(databaseTargets)('auth transactions on $name', (target) => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  async function setup() {
    database = await createTestDatabase(target);
    const { db } = database;
    const mailer = memoryMailer();
    /** The method that throws next time it is called (on the auth repository, users or mail). */
    let failAt: string | undefined;
    /** Methods that answer "nothing there" once (a read that ran before another request's commit). */
    const blind = new Set<string>();
    const trap = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(object, property, receiver) {
          const value: unknown = Reflect.get(object, property, receiver);
          if (typeof property === 'string' && blind.delete(property))
            return async () => (property === 'usernameTaken' ? false : undefined);
          if (property !== failAt || typeof value !== 'function') return value;
          return async () => {
            failAt = undefined;
            throw new InjectedFailure(`injected failure in ${property}`);
          };
        },
      });
    const effectErrors: unknown[] = [];
    const backgroundErrors: unknown[] = [];
    const welcomed: string[] = [];
    const uow = createUnitOfWork(db, (err) => effectErrors.push(err));
    const users = userAccounts({ uow, repo: usersRepository });
    const auth = authService({
      uow,
      repo: (executor) => trap(authRepository(executor)),
      users: trap(users),
      clock,
      mail: trap(afterCommitMail(mailer)),
      tokens: sessionTokens(SECRET),
      secret: SECRET,
      appUrl: 'http://canopy.test',
      sharedDatabase: target.name === 'postgres',
      onBackgroundError: (err) => backgroundErrors.push(err),
      // As the notifications module does, in the verifying transaction.
      onFirstVerified: async (user, tx) => {
        if (failAt === 'onFirstVerified') {
          failAt = undefined;
          throw new InjectedFailure('injected failure in onFirstVerified');
        }
        tx.afterCommit(() => welcomed.push(user.id));
      },
    });
    const failNextAt = (method: string) => {
      failAt = method;
    };
    const blindOnce = (method: string) => blind.add(method);

    const userRow = (email: string) =>
      db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    const liveCodes = (userId: string) =>
      db
        .selectFrom('otp_codes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('consumed_at', 'is', null)
        .execute();
    const liveResetTokens = (userId: string) =>
      db
        .selectFrom('reset_tokens')
        .select('id')
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    const liveSessions = (userId: string) =>
      db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    /** A verified member with TEST_PASSWORD and two sessions (two sign-ins). */
    async function memberWithSessions(overrides = {}) {
      const user = await insertUser(db, { password_hash: TEST_PASSWORD_HASH, ...overrides });
      const a = await auth.login(user.email, TEST_PASSWORD, '10.0.0.1');
      const b = await auth.login(user.email, TEST_PASSWORD, '10.0.0.2');
      return { user, tokens: [a.result.token, b.result.token] };
    }
    async function resetLinkFor(email: string) {
      await auth.forgotPassword(email);
      await auth.settled();
      return new URL(resetLinkFrom(await mailer.next(email))).searchParams.get('token')!;
    }
    async function signsIn(email: string, password: string) {
      return auth
        .login(email, password, '10.9.9.9')
        .then(() => true)
        .catch(() => false);
    }

    return {
      db,
      clock,
      mailer,
      auth,
      users,
      failNextAt,
      blindOnce,
      effectErrors,
      backgroundErrors,
      welcomed,
      userRow,
      liveCodes,
      liveResetTokens,
      liveSessions,
      memberWithSessions,
      resetLinkFor,
      signsIn,
    };
  }

  const registration = {
    username: 'maple',
    email: 'maple@example.org',
    password: 'green-canopy-42',
    profileType: 'individual' as const,
  };

  describe('register', () => {
    it.each([
      ['recordAttempt'], // the send-limit record, after the user row
      ['voidActiveOtps'],
      ['insertOtp'], // the code, after the user row and the record
      ['send'], // queuing the mail, after every write
    ])('leaves no user, no code and no mail when %s fails', async (method) => {
      const s = await setup();
      s.failNextAt(method);
      await expect(s.auth.register(registration)).rejects.toBeInstanceOf(InjectedFailure);
      expect(await s.db.selectFrom('users').selectAll().execute()).toEqual([]);
      expect(await s.db.selectFrom('otp_codes').selectAll().execute()).toEqual([]);
      expect(await s.db.selectFrom('auth_attempts').selectAll().execute()).toEqual([]);
      expect(s.mailer.sent).toEqual([]);
      // Nothing stands in the way of trying again.
      expect(await s.auth.register(registration)).toMatch(/Account created/);
      expect(codeFrom(await s.mailer.next(registration.email))).toMatch(/^\d{6}$/);
      expect(await s.liveCodes((await s.userRow(registration.email))!.id)).toHaveLength(1);
    });

    it('still answers 409 for a taken email or username', async () => {
      const s = await setup();
      await s.auth.register(registration);
      await expect(s.auth.register({ ...registration, username: 'other' })).rejects.toMatchObject({
        status: 409,
      });
      await expect(
        s.auth.register({ ...registration, email: 'other@example.org', username: 'MAPLE' }),
      ).rejects.toMatchObject({ status: 409 });
      expect(await s.db.selectFrom('users').selectAll().execute()).toHaveLength(1);
    });

    it('answers 409 when a racing sign-up took the address between the check and the insert', async () => {
      const s = await setup();
      await s.auth.register(registration);
      // As if the other sign-up committed just after this one looked: its checks see nothing.
      s.blindOnce('findByEmail');
      s.blindOnce('usernameTaken');
      await expect(s.auth.register({ ...registration, username: 'other' })).rejects.toMatchObject({
        status: 409,
        message: AUTH_MESSAGES.emailTaken,
      });
      expect(await s.db.selectFrom('users').selectAll().execute()).toHaveLength(1);
      expect(await s.db.selectFrom('otp_codes').selectAll().execute()).toHaveLength(1);
    });
  });

  describe('a new code', () => {
    it.each([['insertOtp'], ['send']])(
      'leaves the old code live and usable when %s fails',
      async (method) => {
        const s = await setup();
        await s.auth.register(registration);
        const first = codeFrom(await s.mailer.next(registration.email));
        const user = (await s.userRow(registration.email))!;
        const [before] = await s.liveCodes(user.id);
        s.failNextAt(method);
        await s.auth.requestOtp(registration.email);
        await s.auth.settled();
        expect(s.backgroundErrors).toEqual([expect.any(InjectedFailure)]);
        // The void of the old code was rolled back with the failed insert: it is still the live one.
        expect(await s.liveCodes(user.id)).toEqual([before]);
        expect(s.mailer.sent).toHaveLength(1);
        const verified = await s.auth.verifyOtp(registration.email, first);
        expect(verified.success).toBe(true);
      },
    );

    it('voids the old code in the same transaction: concurrent requests leave one live code', async () => {
      const s = await setup();
      const user = await insertUser(s.db, { verified_at: null });
      await Promise.all([1, 2, 3].map(() => s.auth.requestOtp(user.email)));
      await s.auth.settled();
      expect(s.backgroundErrors).toEqual([]);
      expect(s.mailer.sent).toHaveLength(3);
      expect(await s.liveCodes(user.id)).toHaveLength(1);
      // The live one is one of the mailed codes.
      const codes = new Set(s.mailer.sent.map(codeFrom));
      let accepted = 0;
      for (const code of codes)
        accepted += await s.auth.verifyOtp(user.email, code).then(
          () => 1,
          () => 0,
        );
      expect(accepted).toBe(1);
    });
  });

  describe('code verification', () => {
    it.each([
      ['consumeOtp'],
      ['markVerified'],
      ['onFirstVerified'], // the welcome notice
      ['insertSession'],
      ['endSessionsBeyond'],
    ])(
      'leaves the code live, the account unverified and no session when %s fails',
      async (method) => {
        const s = await setup();
        await s.auth.register(registration);
        const code = codeFrom(await s.mailer.next(registration.email));
        const user = (await s.userRow(registration.email))!;
        s.failNextAt(method);
        await expect(s.auth.verifyOtp(registration.email, code)).rejects.toBeInstanceOf(
          InjectedFailure,
        );
        expect((await s.userRow(registration.email))!.verified_at).toBeNull();
        expect(await s.liveCodes(user.id)).toHaveLength(1);
        expect(await s.liveSessions(user.id)).toEqual([]);
        expect(s.welcomed).toEqual([]);
        // The same code still works, once, and welcomes once.
        const verified = await s.auth.verifyOtp(registration.email, code);
        expect(await s.auth.userForToken(verified.token)).not.toBeNull();
        expect((await s.userRow(registration.email))!.verified_at).not.toBeNull();
        expect(await s.liveCodes(user.id)).toEqual([]);
        expect(s.welcomed).toEqual([user.id]);
      },
    );
  });

  describe('password reset', () => {
    it.each([
      ['setPasswordHash'],
      ['voidResetTokens'],
      ['revokeAllSessions'], // after the token is spent and the new password stored
      ['markVerified'],
      ['onFirstVerified'], // a reset verifies an unverified account, and welcomes it
      ['clearPairAttempts'], // the last write
    ])(
      'keeps the old password, every session and the link when %s fails',
      async (method) => {
        const s = await setup();
        const { user, tokens } = await s.memberWithSessions();
        // An unverified member cannot sign in: give them sessions as a verified one, then unverify.
        await s.db
          .updateTable('users')
          .set({ verified_at: null })
          .where('id', '=', user.id)
          .execute();
        const token = await s.resetLinkFor(user.email);
        const before = (await s.userRow(user.email))!;
        s.failNextAt(method);
        await expect(s.auth.resetPassword(user.email, token, NEW_PASSWORD)).rejects.toBeInstanceOf(
          InjectedFailure,
        );
        const after = (await s.userRow(user.email))!;
        expect(after.password_hash).toBe(before.password_hash);
        expect(after.verified_at).toBeNull();
        expect(await s.liveSessions(user.id)).toHaveLength(2);
        for (const t of tokens) expect(await s.auth.userForToken(t)).not.toBeNull();
        expect(await s.liveResetTokens(user.id)).toHaveLength(1);
        // The link was not spent: it resets the password now, and ends every session.
        expect(await s.auth.resetPassword(user.email, token, NEW_PASSWORD)).toMatch(/reset/);
        expect(await s.liveSessions(user.id)).toEqual([]);
        expect(await s.signsIn(user.email, NEW_PASSWORD)).toBe(true);
        expect(await s.signsIn(user.email, TEST_PASSWORD)).toBe(false);
      },
      20_000,
    );

    it.each([['voidResetTokens'], ['insertResetToken'], ['send']])(
      'forgot-password leaves the earlier link working when %s fails',
      async (method) => {
        const s = await setup();
        const user = await insertUser(s.db, { password_hash: TEST_PASSWORD_HASH });
        const token = await s.resetLinkFor(user.email);
        s.failNextAt(method);
        await s.auth.forgotPassword(user.email);
        await s.auth.settled();
        expect(s.backgroundErrors).toEqual([expect.any(InjectedFailure)]);
        expect(s.mailer.sent).toHaveLength(1);
        expect(await s.liveResetTokens(user.id)).toHaveLength(1);
        expect(await s.auth.resetPassword(user.email, token, NEW_PASSWORD)).toMatch(/reset/);
      },
    );
  });

  describe('password change', () => {
    it.each([['setPasswordHash'], ['revokeOtherSessions'], ['voidResetTokens']])(
      'keeps the old password, the other sessions and reset links when %s fails',
      async (method) => {
        const s = await setup();
        const { user, tokens } = await s.memberWithSessions();
        await s.resetLinkFor(user.email);
        const me = (await s.auth.userForToken(tokens[0]!))!;
        const before = (await s.userRow(user.email))!;
        s.failNextAt(method);
        await expect(
          s.auth.changePassword(me.user, me.sessionId, {
            currentPassword: TEST_PASSWORD,
            password: NEW_PASSWORD,
          }),
        ).rejects.toBeInstanceOf(InjectedFailure);
        expect((await s.userRow(user.email))!.password_hash).toBe(before.password_hash);
        expect(await s.liveSessions(user.id)).toHaveLength(2);
        expect(await s.liveResetTokens(user.id)).toHaveLength(1);
        expect(await s.users.checkPassword(user.id, TEST_PASSWORD)).toBe(true);
        // Trying again works: the other session ends, this one stays.
        await s.auth.changePassword(me.user, me.sessionId, {
          currentPassword: TEST_PASSWORD,
          password: NEW_PASSWORD,
        });
        expect(await s.liveSessions(user.id)).toEqual([{ id: me.sessionId }]);
        expect(await s.liveResetTokens(user.id)).toEqual([]);
        expect(await s.users.checkPassword(user.id, NEW_PASSWORD)).toBe(true);
      },
      20_000,
    );
  });
});
